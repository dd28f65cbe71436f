import { expect, type Page } from '@playwright/test';
import { E2E_TRADE_PASSWORD, fundedAccount, logInAs, stepper, test } from './support.ts';

async function payWithTradePassword(page: Page) {
  await page.getByTestId('trade-prompt-password').fill(E2E_TRADE_PASSWORD);
  await page.getByTestId('trade-prompt-submit').click();
  await expect(page.getByTestId('trade-prompt')).toBeHidden();
}

// Mia opens Membership from the Me tab, buys Plus for a month behind her transaction password, sees her badge
// and the purchase, upgrades to Pro for the prorated price, renews it, and reads the page in Traditional Chinese.
test('membership: buy Plus, see the badge, upgrade to Pro for the prorated price, renew', async ({ page }, info) => {
  const shot = stepper(page, info);
  const mia = await fundedAccount(page.request, 'vip-mia');
  await logInAs(page, mia.email);

  await page.goto('/#/pages/home/index');
  await expect(page.getByTestId('vip-badge')).toHaveCount(0);
  await page.getByTestId('me-vip').click();
  await expect(page.getByTestId('vip-current')).toContainText('You are not a member yet');
  await expect(page.getByTestId('vip-price-plus')).toHaveText('9.90 USDT / month');
  await expect(page.getByTestId('vip-records-empty')).toBeVisible();
  await shot('tiers');

  await page.getByTestId('vip-action-plus').click();
  await expect(page.getByTestId('trade-prompt')).toContainText('Plus, one month: 9.90 USDT from your wallet');
  await shot('buy-prompt');
  await payWithTradePassword(page);
  await expect(page.getByTestId('vip-current')).toContainText('Plus member');
  await expect(page.getByTestId('vip-until')).toContainText('30 days left');
  await expect(page.getByTestId('vip-action-plus')).toHaveAttribute('data-offer', 'renew');
  await expect(page.getByTestId('vip-record')).toHaveCount(1);
  await expect(page.getByTestId('vip-record').first()).toContainText('-9.90 USDT');

  // 30 days left (a day begun counts whole): (29.9 − 9.9) × 30 / 30 = 20 USDT, shown and charged to the cent.
  const upgrade = page.getByTestId('vip-action-pro');
  await expect(upgrade).toHaveAttribute('data-offer', 'upgrade');
  await expect(upgrade).toContainText('Upgrade for 20.00 USDT');
  await shot('plus-member');
  await upgrade.click();
  await payWithTradePassword(page);
  await expect(page.getByTestId('vip-current')).toContainText('Pro member');
  await expect(page.getByTestId('vip-action-plus')).toHaveAttribute('data-offer', 'lower');
  await expect(page.getByTestId('vip-record').first()).toHaveAttribute('data-kind', 'upgrade');
  await shot('pro-member');

  // Renewing Pro for a month adds 30 days to the end: 60 days left now.
  await page.getByTestId('vip-action-pro').click();
  await expect(page.getByTestId('trade-prompt')).toContainText('Renew Pro for one month: 29.90 USDT from your wallet');
  await payWithTradePassword(page);
  await expect(page.getByTestId('vip-until')).toContainText('60 days left');
  await expect(page.getByTestId('vip-record').first()).toHaveAttribute('data-kind', 'renew');

  await page.goto('/#/pages/home/index');
  await expect(page.getByTestId('vip-badge')).toHaveText('Pro');
  await shot('me-badge');

  await page.getByTestId('language-switch').selectOption('zh-Hant');
  await page.getByTestId('me-vip').click();
  await expect(page.getByTestId('vip-current')).toContainText('Pro 會員');
  await expect(page.getByTestId('vip-price-max')).toHaveText('99.00 USDT / 月');
  await shot('pro-member-zh-Hant');
});

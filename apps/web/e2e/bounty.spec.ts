import { expect, type Page } from '@playwright/test';
import { API_BASE, hashTradePassword } from '@polaris/contract';
import { accountByApi, apiCall, codeFor, deposit, logInAs, stepper, test } from './support.ts';

const TRADE_PASSWORD = 'pay2468';

/** The bounty's id, from the detail page the creation lands on. */
async function detailId(page: Page): Promise<string> {
  const detail = page.getByTestId('bounty-detail');
  await expect(detail).toBeVisible();
  return (await detail.getAttribute('data-id'))!;
}

// Ann posts a bounty of 20 USDT for two winners through the screens (the pool escrowed behind her transaction
// password), Ben finds it in the list and submits a text and a link, Ann approves him on bounty-manage (confirming
// "pay 10 USDT"), and Ben sees the approval with its ledger entry and then the reward in his USDT records.
test('a bounty from creation to payout: posted, submitted, approved, found in the records', async ({
  page,
  browser,
}, info) => {
  const shot = stepper(page, info);
  const ann = await accountByApi(page.request, 'bounty-ann');
  const ben = await accountByApi(page.request, 'bounty-ben');
  deposit(ann.email, '100');
  const signupCode = await codeFor(ann.email);
  await apiCall(page.request, ann.token, '/user/trade/vcode', {});
  const tradeCode = await codeFor(ann.email, signupCode);
  await apiCall(page.request, ann.token, '/user/trade/password', {
    vcode: tradeCode,
    password: hashTradePassword(TRADE_PASSWORD, ann.uid),
  });
  const title = `Recap of meetup ${Date.now().toString(36)}`;

  // Ann: the bounty home, then the create form.
  await logInAs(page, ann.email);
  await page.goto('/#/pages/bounty/index');
  await expect(page.getByTestId('bounty-hero')).toBeVisible();
  await page.getByTestId('bounty-entry-create').click();
  await page.getByTestId('bounty-title').fill(title);
  await page.getByTestId('bounty-description').fill('Write a recap of Saturday and link it.');
  await page.getByTestId('bounty-total').fill('20');
  await page.getByTestId('bounty-split').fill('2');
  await expect(page.getByTestId('bounty-computed')).toHaveText('Each winner gets 10 USDT');
  await page.getByTestId('bounty-kind-link').click();
  await expect(page.getByTestId('bounty-available')).toContainText('100 USDT');
  await shot('create-form');
  await page.getByTestId('bounty-next').click();
  await expect(page.getByTestId('bounty-confirm-total')).toHaveText('20 USDT');
  await expect(page.getByTestId('bounty-confirm-split')).toHaveText('2 × 10 USDT');
  await shot('create-confirm');
  await page.getByTestId('bounty-confirm-ok').click();
  await page.getByTestId('trade-prompt-password').fill(TRADE_PASSWORD);
  await page.getByTestId('trade-prompt-submit').click();
  const id = await detailId(page);
  await expect(page.getByTestId('bounty-title')).toHaveText(title);
  await expect(page.getByTestId('bounty-escrow-left')).toHaveText('20 USDT');
  await shot('created');

  // Ben: finds it in the list by searching, opens it and submits.
  const benContext = await browser.newContext();
  const benPage = await benContext.newPage();
  await logInAs(benPage, ben.email);
  await benPage.goto('/#/pages/bounty/bounty-list/index');
  await benPage.getByTestId('bounty-list-search').locator('input').fill(title);
  const card = benPage.locator(`[data-testid="bounty-card"][data-id="${id}"]`);
  await expect(card).toContainText('10');
  await expect(card).toContainText('2 of 2 winners left');
  await card.click();
  await benPage.getByTestId('bounty-submit-link').fill('http://not-secure.example.com');
  await benPage.getByTestId('bounty-submit').click();
  await expect(benPage.getByTestId('bounty-submit-text-error')).toHaveText('This bounty asks for a text');
  await expect(benPage.getByTestId('bounty-submit-link-error')).toHaveText(
    'Please enter a link starting with https://',
  );
  await benPage.getByTestId('bounty-submit-text').fill('My recap, with photos of the demos.');
  await benPage.getByTestId('bounty-submit-link').fill('https://blog.example.com/recap');
  await benPage.getByTestId('bounty-submit').click();
  await expect(benPage.getByTestId('bounty-my-submission')).toHaveAttribute('data-state', 'pending');
  await expect(benPage.getByTestId('bounty-submit-form')).toBeHidden();
  await stepper(benPage, info)('submitted');

  // Ann: her bounties, the review queue, approve with the confirmation.
  await page.goto('/#/pages/bounty/bounty-mine/index');
  const mine = page.locator(`[data-testid="bounty-mine-item"][data-id="${id}"]`);
  await mine.getByTestId('bounty-mine-review').click();
  await expect(page.getByTestId('bounty-manage-pending')).toHaveText('1');
  const row = page.locator(`[data-testid="bounty-submission"][data-uid="${ben.uid}"]`);
  await expect(row).toContainText('My recap, with photos of the demos.');
  await row.getByTestId('bounty-approve').click();
  await expect(page.getByRole('dialog')).toContainText(`Pay 10 USDT to #${ben.uid}`);
  await shot('approve-confirm');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await page.getByTestId('bounty-filter-approved').click();
  const paid = page.locator(`[data-testid="bounty-submission"][data-uid="${ben.uid}"]`);
  await expect(paid).toHaveAttribute('data-state', 'approved');
  await expect(paid.getByTestId('bounty-submission-amount')).toHaveText('10 USDT');
  await expect(paid.getByTestId('bounty-submission-entry')).toHaveText(/^#\d+$/);
  await expect(page.getByTestId('bounty-manage-paid')).toHaveText('1/2');
  await expect(page.getByTestId('bounty-manage-escrow')).toHaveText('10');
  await shot('approved');
  // Back from bounty-manage goes to bounty-mine (SPEC §2), and from there to the bounty home.
  await page.getByTestId('nav-back').click();
  await expect(page).toHaveURL(/bounty-mine/);
  await page.getByTestId('nav-back').click();
  await expect(page.getByTestId('bounty-hero')).toBeVisible();

  // Ben: the approval with its amount and ledger entry, then the reward in his records.
  await benPage.reload();
  await expect(benPage.getByTestId('bounty-my-submission')).toHaveAttribute('data-state', 'approved');
  await expect(benPage.getByTestId('bounty-my-amount')).toHaveText('+10 USDT');
  const entry = (await paid.getByTestId('bounty-submission-entry').textContent())!;
  await expect(benPage.getByTestId('bounty-my-entry')).toHaveText(entry);
  await benPage.goto('/#/pages/home/assets/details/records-more/index?asset=USDT');
  const reward = benPage.getByTestId('record-item').filter({ hasText: 'Bounty reward' });
  await expect(reward.getByTestId('record-amount')).toHaveText('+10 USDT');
  await stepper(benPage, info)('records');

  // Ann's records name the escrowed pool too.
  await page.goto('/#/pages/home/assets/details/records-more/index?asset=USDT');
  await expect(
    page.getByTestId('record-item').filter({ hasText: 'Bounty pool' }).getByTestId('record-amount'),
  ).toHaveText('-20 USDT');
  const balance = await page.request.get(`${API_BASE}/wallet/asset?asset=USDT`, { headers: { token: ann.token } });
  expect(((await balance.json()) as { attachment: { available: string } }).attachment.available).toBe('80');
  await benContext.close();
});

import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect } from '@playwright/test';
import type { InvitedInfo } from '@polaris/contract';
import { accountByApi, apiCall, codeFor, deposit, logInAs, stepper, test, uniqueEmail } from './support.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** Tops up the referral pool with the operator command, against the test server. */
function fundPool(amount: string) {
  execFileSync('npm', ['run', '--silent', 'invite:fund', '--', '--amount', amount], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, PORT: process.env.E2E_PORT ?? '8181' },
    stdio: 'pipe',
  });
}

// Ivy shares her invite link; Noah opens it on his phone, finds her code already filled in and signs up. His
// first deposit of 20 USDT qualifies: Ivy sees him rewarded and 5 USDT earned, in English and Traditional Chinese.
test('invite gift: register through the link, qualify with a deposit, the inviter sees the reward', async ({
  page,
  browser,
}, info) => {
  const shot = stepper(page, info);
  fundPool('100');
  const ivy = await accountByApi(page.request, 'invite-ivy');
  const link = (await apiCall<InvitedInfo>(page.request, ivy.token, '/user/getInvitedInfo', {})).link;

  await logInAs(page, ivy.email);
  await page.goto('/#/pages/home/index');
  await page.getByTestId('me-invite').click();
  const code = (await page.getByTestId('invite-code').textContent()) ?? '';
  expect(code).toMatch(/^[A-Z0-9]{8}$/);
  await expect(page.getByTestId('invite-link')).toHaveText(link);
  await expect(page.getByTestId('invite-qr')).toBeVisible();
  await expect(page.getByTestId('invite-people-empty')).toBeVisible();
  await expect(page.getByTestId('invite-total-earned')).toHaveText('0.00 USDT');
  await shot('invite-empty');

  const phone = await browser.newContext({
    baseURL: process.env.E2E_BASE_URL,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
  });
  const noahPage = await phone.newPage();
  const noah = uniqueEmail('invite-noah');
  await noahPage.goto(new URL(link).pathname);
  await expect(noahPage.getByTestId('register-invite')).toHaveValue(code);
  await noahPage.getByTestId('register-email').fill(noah);
  await noahPage.getByTestId('register-send-code').click();
  await noahPage.getByTestId('register-code').fill(await codeFor(noah));
  await noahPage.getByTestId('register-password').fill('abc12345');
  await noahPage.getByTestId('register-confirm').fill('abc12345');
  await noahPage.getByTestId('register-agree').click();
  await noahPage.screenshot({ path: path.join(repoRoot, 'test-results', 'invite-noah-register.png'), fullPage: true });
  await noahPage.getByTestId('register-submit').click();
  await expect(noahPage).not.toHaveURL(/register/);
  await phone.close();

  await page.reload();
  await expect(page.getByTestId('invite-person')).toHaveCount(1);
  await expect(page.getByTestId('invite-person')).toHaveAttribute('data-state', 'joined');

  await deposit(noah, '20');
  await page.reload();
  await expect(page.getByTestId('invite-person')).toHaveAttribute('data-state', 'rewarded');
  await expect(page.getByTestId('invite-person')).toContainText('+5.00 USDT');
  await expect(page.getByTestId('invite-total-earned')).toHaveText('5.00 USDT');
  await expect(page.getByTestId('invite-total-rewarded')).toHaveText('1');
  await shot('invite-rewarded');

  await page.goto('/#/pages/home/index');
  await page.getByTestId('language-switch').selectOption('zh-Hant');
  await page.getByTestId('me-invite').click();
  await expect(page.getByTestId('invite-person')).toContainText('+5.00 USDT');
  await expect(page.getByTestId('invite-rules')).toContainText('好友首次');
  await shot('invite-rewarded-zh-Hant');
});

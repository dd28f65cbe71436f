import { expect, type Page } from '@playwright/test';
import { hashLoginPassword, multiplyDecimals } from '@polaris/contract';
import {
  codeFor,
  depositByCommand,
  registerThroughScreens,
  solvedCaptcha,
  stepper,
  test,
  uniqueEmail,
} from './support.ts';

const API = '/rest/polarisex';

/** A second person, signed up through the API (the first one goes through the screens). */
async function signUpByApi(page: Page, email: string, password: string): Promise<string> {
  await page.request.post(`${API}/user/vcode/send`, {
    data: { email, purpose: 'signup', captcha: await solvedCaptcha(page.request) },
  });
  const vcode = await codeFor(email);
  const response = await page.request.post(`${API}/user/signup`, {
    data: { email, vcode, password: hashLoginPassword(password), captcha: await solvedCaptcha(page.request) },
  });
  const body = (await response.json()) as { status: number; attachment: { uid: string } };
  expect(body.status).toBe(200);
  return body.attachment.uid;
}

async function confirmDialog(page: Page) {
  await page.getByRole('button', { name: /確定|確認|OK|Confirm/ }).click();
}

// A new member is credited by a deposit, sees the balance, re-values it in TWD, sets a transaction password,
// sends USDT to a friend by uid, is refused a withdrawal to a malformed address, and looks at the market.
// The friend then finds the transfer in their records. Screens are in the default language (zh-Hant).
test('deposit, currency, trade password, transfer to a friend, refused withdrawal, market', async ({ page }, info) => {
  const shot = stepper(page, info);
  const email = uniqueEmail('wallet');
  const friendEmail = uniqueEmail('friend');
  const friendUid = await signUpByApi(page, friendEmail, 'abc12345');

  // Register through the screens.
  await registerThroughScreens(page, email);
  const signupCode = await codeFor(email);
  await expect(page.getByTestId('wallet-total')).toHaveAttribute('data-value', '0.00');
  await shot('empty-wallet');

  // Credited by the chain simulator; the Me tab shows it after a reload.
  depositByCommand(email, '100');
  await page.reload();
  await expect(page.getByTestId('wallet-amount-USDT')).toHaveText('100.00');
  const total = page.getByTestId('wallet-total');
  await expect(total).toHaveAttribute('data-currency', 'USD');
  await expect(page.getByTestId('wallet-demo')).toBeVisible();
  const usdTotal = (await total.getAttribute('data-value'))!;
  expect(Number(usdTotal)).toBeGreaterThan(0);
  await shot('credited');

  // Switch to TWD: the total is the USD total times the TWD rate (rounded half-up to cents, like the server).
  const rates = (await (await page.request.get(`${API}/market/fiat-rates`)).json()) as {
    attachment: { rates: Record<string, string> };
  };
  const twdRate = rates.attachment.rates.TWD!;
  await page.getByTestId('wallet-currency').click();
  await page.getByTestId('currency-option-TWD').click();
  await expect(total).toHaveAttribute('data-currency', 'TWD');
  await expect(total).toHaveAttribute('data-value', multiplyDecimals([usdTotal, twdRate], 2));
  await expect(total).toContainText('NT$');
  await shot('revalued-in-twd');

  // Set the transaction password with the mailed code.
  await page.getByTestId('me-trade-password').click();
  await expect(page.getByTestId('trade-status')).toHaveAttribute('data-blank', 'true');
  await page.getByTestId('trade-send-code').click();
  await expect(page.getByTestId('trade-send-code')).toContainText(/\d+/);
  const tradeCode = await codeFor(email, signupCode);
  await page.getByTestId('trade-code').fill(tradeCode);
  await page.getByTestId('trade-password').fill('pay2468');
  await page.getByTestId('trade-confirm').fill('pay2468');
  await shot('trade-password');
  await page.getByTestId('trade-submit').click();
  await expect(page.getByTestId('wallet-card')).toBeVisible();

  // Transfer 12.5 USDT to the friend by uid: in-app, free, confirmed, then the transaction password.
  await page.getByTestId('wallet-transfer').click();
  await page.getByTestId('choose-asset-USDT').click();
  await page.getByTestId('transfer-to').fill(friendUid);
  await expect(page.getByTestId('transfer-kind')).toHaveAttribute('data-kind', 'internal');
  await page.getByTestId('transfer-amount').fill('500');
  await page.getByTestId('transfer-next').click();
  await expect(page.getByTestId('transfer-amount-error')).toHaveText('餘額不足');
  await page.getByTestId('transfer-amount').fill('12.5');
  await page.getByTestId('transfer-next').click();
  await expect(page.getByTestId('confirm-amount')).toHaveText('12.50 USDT');
  await expect(page.getByTestId('confirm-receive')).toHaveText('12.50 USDT');
  await shot('transfer-confirm');
  await page.getByTestId('confirm-ok').click();
  await page.getByTestId('trade-prompt-password').fill('wrong99');
  await page.getByTestId('trade-prompt-submit').click();
  await expect(page.getByTestId('trade-prompt-password-error')).toContainText('4');
  await page.getByTestId('trade-prompt-password').fill('pay2468');
  await page.getByTestId('trade-prompt-submit').click();
  await expect(page.getByTestId('transfer-result')).toHaveAttribute('data-status', 'completed');
  await shot('transfer-done');
  await page.getByTestId('transfer-view-records').click();
  await expect(page.getByTestId('record-item').first()).toHaveAttribute('data-type', 'transfer_out');
  await expect(page.getByTestId('record-amount').first()).toHaveText('-12.50 USDT');
  await shot('sender-records');

  // A withdrawal to a malformed address is refused under the recipient field (SPEC §5 / wallet.addressInvalid).
  await page.goto('/#/pages/home/transfer/index?asset=USDT');
  await page.getByTestId('transfer-to').fill('0x1234-not-an-address');
  await expect(page.getByTestId('transfer-to-error')).toHaveText('這不是有效的 BNB Smart Chain 地址');
  await shot('malformed-address');

  // The market shows the demo label.
  await page.goto('/#/pages/market/index');
  await expect(page.getByTestId('market-demo')).toBeVisible();
  await expect(page.getByTestId('market-row-BTC')).toBeVisible();
  await shot('market');

  // The friend logs in on the same page and finds the transfer in their records.
  await page.goto('/#/pages/home/index');
  const senderUid = (await page.getByTestId('me-uid').textContent())!;
  await page.getByTestId('logout').click();
  await confirmDialog(page);
  await page.getByTestId('me-login').click();
  await page.getByTestId('login-email').fill(friendEmail);
  await page.getByTestId('login-password').fill('abc12345');
  await page.getByTestId('login-submit').click();
  await page.getByTestId('tab-me').click();
  await expect(page.getByTestId('wallet-amount-USDT')).toHaveText('12.50');
  await page.getByTestId('wallet-asset-USDT').click();
  await page.getByTestId('details-records-more').click();
  const received = page.getByTestId('record-item').first();
  await expect(received).toHaveAttribute('data-type', 'transfer_in');
  await expect(received.getByTestId('record-amount')).toHaveText('+12.50 USDT');
  await expect(received.getByTestId('record-status')).toHaveText('已完成');
  await expect(received.getByTestId('record-counterparty')).toContainText(senderUid);
  await page.getByTestId('records-tab-transfer_in').click();
  await expect(page.getByTestId('record-item')).toHaveCount(1);
  await shot('friend-records');
});

import { randomUUID } from 'node:crypto';
import { expect } from '@playwright/test';
import { hashTradePassword } from '@polaris/contract';
import {
  accountByApi,
  apiCall,
  E2E_TRADE_PASSWORD,
  fundedAccount,
  logInAs,
  speakOnEveryLoad,
  stepper,
  test,
} from './support.ts';

// Someone opens red packets faster than a person would: ten through the API in a minute, then the eleventh in the
// app. The envelope asks for the human check, the widget solves its proof of work in the browser, and the next
// tap opens the packet. Then the same envelope screen in Traditional Chinese.
test('a claimer who looks automated passes the human check on the envelope', async ({ page }, info) => {
  const shot = stepper(page, info);
  const sender = await fundedAccount(page.request, 'cap-sender');
  const sweeper = await accountByApi(page.request, 'cap-sweeper');
  const send = () =>
    apiCall<{ code: string }>(page.request, sender.token, '/redpacket/send', {
      kind: 'share',
      asset: 'USDT',
      amount: '0.5',
      count: 1,
      validity: 1,
      validityUnit: 'day',
      greeting: 'Catch me',
      tradePassword: hashTradePassword(E2E_TRADE_PASSWORD, sender.uid),
      idempotencyKey: randomUUID(),
    });
  for (let i = 0; i < 10; i++) {
    const { code } = await send();
    await apiCall(page.request, sweeper.token, '/redpacket/claim', { redpacketCode: code });
  }
  const eleventh = await send();
  const twelfth = await send();

  await logInAs(page, sweeper.email);
  await page.goto(`/#/pages/red-envelope/password/index?redpacketCode=${eleventh.code}`);
  await page.getByTestId('envelope-open').click();
  await expect(page.getByTestId('envelope-refusal')).toContainText('looks automated');
  await expect(page.locator('[data-testid="envelope-captcha"] .altcha')).toHaveAttribute('data-state', 'verified');
  await shot('captcha-asked');
  await page.getByTestId('envelope-open').click();
  // Opened: the app moves on to the packet's details, with my share.
  await expect(page).toHaveURL(/red-envelope\/receive/);
  await expect(page.getByText('0.50USDT')).toBeVisible();
  await shot('opened-after-check');

  // Runs after logInAs's English one on every load, so it wins.
  await speakOnEveryLoad(page, 'zh-Hant');
  await page.goto(`/#/pages/red-envelope/password/index?redpacketCode=${twelfth.code}`);
  await page.reload();
  await page.getByTestId('envelope-open').click();
  await expect(page.getByTestId('envelope-refusal')).toContainText('人機驗證');
  await expect(page.locator('[data-testid="envelope-captcha"] .altcha')).toHaveAttribute('data-state', 'verified');
  await shot('captcha-asked-zh-hant');
});

import { expect, type Page } from '@playwright/test';
import { hashTradePassword } from '@polaris/contract';
import { generate } from 'otplib';
import {
  accountByApi,
  apiCall,
  codeFor,
  deposit,
  E2E_PASSWORD,
  logInAs,
  speakFromNextLoad,
  stepper,
  test,
} from './support.ts';

async function useLanguage(page: Page, language: 'en' | 'zh-Hant') {
  await speakFromNextLoad(page, language);
}

// A member opens the security centre, turns on Google Authenticator by copying the key into an authenticator
// (here: otplib), keeps the recovery codes shown once, and sees it on; the login password, sessions and
// deletion screens are visited in English and in the default language (zh-Hant).
test('security centre: enrol Google Authenticator, see it on, visit password and deletion screens', async ({
  page,
  request,
}, info) => {
  const shot = stepper(page, info);
  const account = await accountByApi(request, 'gauth');
  await logInAs(page, account.email);

  await page.goto('/#/pages/my/security-center/index');
  await expect(page.getByTestId('security-gauth')).toContainText('Off');
  await expect(page.getByTestId('session-row')).toHaveCount(2);
  await shot('security-centre-en');

  await page.getByTestId('security-gauth').click();
  await page.getByTestId('gauth-start').click();
  await expect(page.getByTestId('gauth-qr')).toBeVisible();
  const secret = await page.getByTestId('gauth-secret').getAttribute('data-secret');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await shot('gauth-enrol-en');

  await page.getByTestId('gauth-confirm').fill('12');
  await page.getByTestId('gauth-confirm-submit').click();
  await expect(page.getByTestId('gauth-confirm-error')).toHaveText(
    'Enter the 6-digit authenticator code or a recovery code',
  );
  await page.getByTestId('gauth-confirm').fill(await generate({ secret: secret! }));
  await page.getByTestId('gauth-confirm-submit').click();
  await expect(page.getByTestId('gauth-recovery-codes').locator('li')).toHaveCount(10);
  await shot('gauth-recovery-en');
  await page.getByTestId('gauth-done').click();
  await expect(page.getByTestId('security-gauth')).toContainText('On');

  await page.getByTestId('security-login-password').click();
  await expect(page.getByTestId('password-old')).toBeVisible();
  await shot('password-en');
  await page.goto('/#/pages/my/security-center/del-account/index');
  await expect(page.getByTestId('del-submit')).toBeVisible();
  await shot('del-account-en');

  // logInAs keeps the first page in English on every load; a second page of the same browser reads the setting.
  await useLanguage(page, 'zh-Hant');
  const zh = await page.context().newPage();
  const zhShot = stepper(zh, info);
  // (numbered from 01 again; the names say the language)
  await zh.goto('/#/pages/my/security-center/index');
  await expect(zh.getByTestId('security-gauth')).toContainText('已開啟');
  await zhShot('security-centre-zh-Hant');
  await zh.getByTestId('security-gauth').click();
  await expect(zh.getByTestId('gauth-on')).toBeVisible();
  await zhShot('gauth-on-zh-Hant');
  await zh.goto('/#/pages/my/security-center/password/index');
  await zh.getByTestId('password-mode-code').click();
  await zhShot('password-zh-Hant');
  await zh.goto('/#/pages/my/security-center/del-account/index');
  await expect(zh.getByTestId('del-submit')).toBeVisible();
  await zhShot('del-account-zh-Hant');
});

/**
 * The authenticator's code of the next 30-second step: not the one just used (the server takes each step once),
 * and within the one step of drift the server allows, so nothing waits for the clock to turn.
 */
function nextStepCode(secret: string) {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
}

// With Google Authenticator on, every form of the second-factor table shows its code field up front, with the
// reason (issue 21): the withdrawal's password prompt, then the login password form.
test('a withdrawal asks for the authenticator code up front when it is on', async ({ page, request }, info) => {
  const shot = stepper(page, info);
  const account = await accountByApi(request, 'gauth-withdraw');
  await apiCall(request, account.token, '/user/trade/vcode', {});
  const vcode = await codeFor(account.email);
  await apiCall(request, account.token, '/user/trade/password', {
    vcode,
    password: hashTradePassword('pay2468', account.uid),
  });
  const { secret } = await apiCall<{ secret: string }>(request, account.token, '/user/gauth/enrol', {});
  await apiCall(request, account.token, '/user/gauth/confirm', { totp: await generate({ secret }) });
  await deposit(account.email, '50');

  await logInAs(page, account.email);
  await page.goto('/#/pages/home/transfer/index?asset=USDT');
  await page.getByTestId('transfer-to').fill('0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
  await expect(page.getByTestId('transfer-kind')).toHaveAttribute('data-kind', 'withdrawal');
  await page.getByTestId('transfer-amount').fill('20');
  await page.getByTestId('transfer-next').click();
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByTestId('trade-prompt-totp')).toBeVisible();
  await expect(page.getByTestId('trade-prompt-totp-second-factor')).toContainText('Google Authenticator is on');
  await page.getByTestId('trade-prompt-password').fill('pay2468');
  // Without the code the prompt says so under the field and sends nothing.
  await page.getByTestId('trade-prompt-submit').click();
  await expect(page.getByTestId('trade-prompt-totp-error')).toHaveText(
    'Enter the 6-digit authenticator code or a recovery code',
  );
  await expect(page.getByTestId('trade-prompt-password')).toHaveValue('pay2468');
  await shot('withdraw-asks-totp');

  await page.getByTestId('trade-prompt-totp').fill(await nextStepCode(secret));
  await page.getByTestId('trade-prompt-submit').click();
  await expect(page.getByTestId('transfer-result')).toHaveAttribute('data-status', /processing|completed/);
  await shot('withdraw-done');

  // Changing the login password shows the code field before the first submit too.
  await page.goto('/#/pages/my/security-center/password/index');
  await expect(page.getByTestId('password-totp')).toBeVisible();
  await page.getByTestId('password-old').fill(E2E_PASSWORD);
  await page.getByTestId('password-new').fill('newpass135');
  await page.getByTestId('password-confirm').fill('newpass135');
  await page.getByTestId('password-submit').click();
  await expect(page.getByTestId('password-new')).toHaveValue('newpass135');
  await shot('password-asks-totp');
});

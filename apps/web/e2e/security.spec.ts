import { expect, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { accountByApi, logInAs, stepper, test } from './support.ts';

async function useLanguage(page: Page, language: 'en' | 'zh-Hant') {
  await page.evaluate((lang) => {
    const store = JSON.parse(localStorage.getItem('polarisex:store') ?? '{}');
    store.settings = { ...store.settings, language: lang };
    localStorage.setItem('polarisex:store', JSON.stringify(store));
  }, language);
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

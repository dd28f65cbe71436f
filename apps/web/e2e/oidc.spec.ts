import { expect } from '@playwright/test';
import { accountByApi, E2E_PASSWORD, speakFromNextLoad, stepper, test, uniqueEmail } from './support.ts';

// A newcomer taps "Continue with Google", signs in at the (local) provider, and lands in the app logged in with
// a new account; a spent sign-in link shows its error; an existing account confirms with its password before
// Google is linked to it, and later unlinks it in the security centre with the password.
// The provider is apps/server/scripts/local-oidc-provider.ts.
test('sign in with Google as a new user, then link Google to an existing account', async ({ page, request }, info) => {
  const shot = stepper(page, info);
  const email = uniqueEmail('google');

  await page.goto('/#/pages/user/login/index');
  await expect(page.getByTestId('login-with-google')).toBeVisible();
  await expect(page.getByTestId('login-with-apple')).toHaveCount(0);
  await shot('login-with-providers');
  await page.getByTestId('login-with-google').click();

  // The provider's own screens: its login form, then its consent.
  await page.locator('input[name="login"]').fill(email);
  await page.locator('input[name="password"]').fill('anything');
  await page.locator('button[type="submit"]').click();
  await page.locator('button[type="submit"]').click();

  await expect(page).not.toHaveURL(/login/);
  await page.getByTestId('tab-me').click();
  await expect(page.getByTestId('me-email')).toHaveText(email);
  await shot('logged-in');

  await speakFromNextLoad(page, 'en');
  await page.goto('/#/pages/user/login/hyper/index?ticket=already-spent');
  await page.reload();
  await expect(page.getByTestId('signin-failed-message')).toHaveText('The sign-in link has expired, please try again.');
  await shot('expired-link-en');

  // Someone with an email account signs in with Google under the same address: asked for the password first.
  const existing = await accountByApi(request, 'google-link');
  await page.evaluate(() => {
    const store = JSON.parse(localStorage.getItem('polarisex:store') ?? '{}');
    delete store.session;
    localStorage.setItem('polarisex:store', JSON.stringify(store));
  });
  await page.context().clearCookies();
  await page.goto('/#/pages/user/login/index');
  await page.reload();
  await page.getByTestId('login-with-google').click();
  await page.locator('input[name="login"]').fill(existing.email);
  await page.locator('input[name="password"]').fill('anything');
  await page.locator('button[type="submit"]').click();
  await page.locator('button[type="submit"]').click();
  await expect(page.getByTestId('signin-link-password')).toBeVisible();
  await shot('link-confirm-en');
  await page.getByTestId('signin-link-password').fill(E2E_PASSWORD);
  await page.getByTestId('signin-link-submit').click();
  await expect(page).not.toHaveURL(/login/);
  await page.getByTestId('tab-me').click();
  await expect(page.getByTestId('me-email')).toHaveText(existing.email);

  // The security centre lists Google as linked; its owner unlinks it with the password.
  await page.goto('/#/pages/my/security-center/index');
  const google = page.getByTestId('security-provider-google');
  await expect(google).toContainText('Linked');
  await expect(google).toContainText(existing.email);
  await google.click();
  await page.getByTestId('unlink-password').fill('wrong-password-1');
  await page.getByTestId('unlink-submit').click();
  await expect(page.getByTestId('unlink-sheet')).toBeVisible();
  await page.getByTestId('unlink-password').fill(E2E_PASSWORD);
  await shot('unlink-sheet-en');
  await page.getByTestId('unlink-submit').click();
  await expect(page.getByTestId('unlink-sheet')).toHaveCount(0);
  await expect(google).toContainText('Not linked');
  await expect(google).toContainText(`To link it, sign in with Google using ${existing.email}`);
  await speakFromNextLoad(page, 'zh-Hant');
  await page.reload();
  await expect(google).toContainText('未綁定');
  await shot('security-providers-zh-Hant');
});

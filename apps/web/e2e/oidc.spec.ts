import { expect } from '@playwright/test';
import { accountByApi, E2E_PASSWORD, stepper, test, uniqueEmail } from './support.ts';

// A newcomer taps "Continue with Google", signs in at the (local) provider, and lands in the app logged in with
// a new account; a spent sign-in link shows its error; an existing account confirms with its password before
// Google is linked to it. The provider is apps/server/scripts/local-oidc-provider.ts.
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

  await page.evaluate(() => {
    const store = JSON.parse(localStorage.getItem('polarisex:store') ?? '{}');
    store.settings = { ...store.settings, language: 'en' };
    localStorage.setItem('polarisex:store', JSON.stringify(store));
  });
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
});

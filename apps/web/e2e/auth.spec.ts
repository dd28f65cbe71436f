import { expect } from '@playwright/test';
import { codeFor, signedCallFromPage, stepper, test, uniqueEmail } from './support.ts';

// One person's first day: register with the emailed code, log out, log in by password, forget the password
// and reset it, log in with the new one, then log in by code. Screens are in the default language (zh-Hant).
test('register, log out, log in, reset the password, log in by code', async ({ page }, info) => {
  const shot = stepper(page, info);
  const email = uniqueEmail('journey');

  await page.goto('/#/pages/user/register/index');
  await page.getByTestId('register-email').fill(email);
  await page.getByTestId('register-send-code').click();
  await expect(page.getByTestId('register-send-code')).toContainText(/\d+/); // the countdown in seconds
  const signupCode = await codeFor(email);
  await page.getByTestId('register-code').fill(signupCode);
  await page.getByTestId('register-password').fill('abc12345');
  await page.getByTestId('register-confirm').fill('abc12345');
  await page.getByTestId('register-agree').click();
  await shot('register-filled');
  await page.getByTestId('register-submit').click();

  await page.getByTestId('tab-me').click();
  await expect(page.getByTestId('me-email')).toHaveText(email);
  await shot('registered-me');

  await page.getByTestId('logout').click();
  await page.getByRole('button', { name: /確定|確認|OK|Confirm/ }).click();
  await expect(page.getByTestId('me-login')).toBeVisible();
  await shot('logged-out');

  await page.getByTestId('me-login').click();
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill('wrong9999');
  await page.getByTestId('login-submit').click();
  await expect(page.getByText('電子郵件或密碼錯誤')).toBeVisible();
  await shot('wrong-password');
  await page.getByTestId('login-password').fill('abc12345');
  await page.getByTestId('login-submit').click();
  await page.getByTestId('tab-me').click();
  await expect(page.getByTestId('me-email')).toHaveText(email);
  await shot('logged-in-by-password');

  await page.getByTestId('logout').click();
  await page.getByRole('button', { name: /確定|確認|OK|Confirm/ }).click();
  await page.goto('/#/pages/user/login/index');
  await page.getByTestId('login-forgot').click();
  await page.getByTestId('forgot-email').fill(email);
  await page.getByTestId('forgot-next').click();
  await page.getByTestId('forgot-send-code').click();
  const resetCode = await codeFor(email, signupCode);
  await page.getByTestId('forgot-code').fill(resetCode);
  await page.getByTestId('forgot-code-next').click();
  await page.getByTestId('forgot-password').fill('newpass99');
  await page.getByTestId('forgot-confirm').fill('newpass99');
  await shot('reset-password');
  await page.getByTestId('forgot-submit').click();

  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill('newpass99');
  await page.getByTestId('login-submit').click();
  await page.getByTestId('tab-me').click();
  await expect(page.getByTestId('me-email')).toHaveText(email);
  await shot('logged-in-with-new-password');

  await page.getByTestId('logout').click();
  await page.getByRole('button', { name: /確定|確認|OK|Confirm/ }).click();
  await page.goto('/#/pages/user/login/code/index');
  await page.getByTestId('login-code-email').fill(email);
  await page.getByTestId('login-code-send').click();
  const loginCode = await codeFor(email, resetCode);
  await page.getByTestId('login-code-code').fill(loginCode);
  await page.getByTestId('login-code-submit').click();
  await page.getByTestId('tab-me').click();
  await expect(page.getByTestId('me-email')).toHaveText(email);
  await shot('logged-in-by-code');

  // The signing key from this login is a non-extractable CryptoKey in IndexedDB, also after a reload.
  const held = { keyInLocalStorage: false, exportable: false, status: 200 };
  expect(await signedCallFromPage(page)).toEqual(held);
  await page.reload();
  await expect(page.getByTestId('me-email')).toHaveText(email);
  expect(await signedCallFromPage(page)).toEqual(held);
});

import { expect } from '@playwright/test';
import { accountByApi, E2E_PASSWORD, logInAs, stepper, test } from './support.ts';

// A saved session opened in a browser that does not hold its signing key (the token in localStorage came along,
// the non-extractable key in IndexedDB did not): the signed-in devices list used to show "could not load" and the
// protocol's "the request signature is missing, expired or wrong". Now the person is asked to sign in again, and
// after signing in the list loads.

test('a session without its signing key asks to sign in again, then the devices list loads', async ({ page }, info) => {
  const shot = stepper(page, info);
  const person = await accountByApi(page.request, 'device-key');
  await logInAs(page, person.email);
  await page.goto('/#/pages/my/security-center/index');
  await expect(page.getByTestId('session-row').first()).toBeVisible();

  // The key is gone, as in a new browser the session was copied into.
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const request = indexedDB.deleteDatabase('polarisex');
        request.onsuccess = () => resolve();
        request.onerror = () => reject(request.error);
        request.onblocked = () => resolve();
      }),
  );
  await page.reload();
  await expect(page.getByTestId('app-dialog')).toBeVisible();
  await expect(page.getByText('The request signature is missing, expired or wrong')).toHaveCount(0);
  await shot('asked-to-sign-in');
  await page.getByTestId('app-dialog-confirm').click();
  await expect(page).toHaveURL(/login/);

  await page.getByTestId('login-email').fill(person.email);
  await page.getByTestId('login-password').fill(E2E_PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page).not.toHaveURL(/login/);
  await page.goto('/#/pages/my/security-center/index');
  await expect(page.getByTestId('session-row').first()).toBeVisible();
  await expect(page.getByText('The request signature is missing, expired or wrong')).toHaveCount(0);
});

import path from 'node:path';
import { expect } from '@playwright/test';
import { accountByApi, E2E_PASSWORD, logInAs, shotsFolder, test } from './support.ts';

// A saved session opened in a browser that does not hold its signing key (the token in localStorage came along,
// the non-extractable key in IndexedDB did not): the signed-in devices list used to show "could not load" and the
// protocol's "the request signature is missing, expired or wrong". Now the person is asked, in their language, to
// sign in again on this browser, and signing in brings them back to the list, which loads.

const PROTOCOL_ERRORS = ['The request signature is missing, expired or wrong', '請求簽名缺失、過期或錯誤'];
const ASKED = { en: 'Please log in again on this browser', 'zh-Hant': '請在此瀏覽器重新登入' } as const;

for (const language of ['en', 'zh-Hant'] as const) {
  test(`a session without its signing key asks to sign in again, then the devices list loads (${language})`, async ({
    page,
  }) => {
    const person = await accountByApi(page.request, 'device-key');
    await logInAs(page, person.email);
    // After logInAs's own script, which picks English on every load.
    await page.addInitScript((chosen) => {
      const store = JSON.parse(localStorage.getItem('polarisex:store') ?? '{}');
      localStorage.setItem(
        'polarisex:store',
        JSON.stringify({ ...store, settings: { ...store.settings, language: chosen } }),
      );
    }, language);
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
    const dialog = page.getByTestId('app-dialog');
    await expect(dialog).toContainText(ASKED[language]);
    for (const error of PROTOCOL_ERRORS) await expect(page.getByText(error)).toHaveCount(0);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: path.join(shotsFolder('device-key'), `${language}-${scheme}-asked.png`) });
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.getByTestId('app-dialog-confirm').click();
    await expect(page).toHaveURL(/login/);

    await page.getByTestId('login-email').fill(person.email);
    await page.getByTestId('login-password').fill(E2E_PASSWORD);
    await page.getByTestId('login-submit').click();
    // Back where the person was, with a new key: the list loads.
    await expect(page).toHaveURL(/security-center/);
    await expect(page.getByTestId('session-row').first()).toBeVisible();
    for (const error of PROTOCOL_ERRORS) await expect(page.getByText(error)).toHaveCount(0);
  });
}

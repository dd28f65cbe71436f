import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { latestCode } from '../../server/src/test/outbox.ts';
import {
  accountByApi,
  apiCall,
  codeFor,
  deposit,
  E2E_PASSWORD,
  fundedAccount,
  outboxDir,
  shotsFolder,
  speakOnEveryLoad,
  test,
} from './support.ts';

type Language = 'zh-Hant' | 'en';

const SHOTS = shotsFolder('dialogs');

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

/** Signs in through the login screen with the app in `language`. */
async function logIn(page: Page, email: string, language: Language) {
  await speakOnEveryLoad(page, language);
  await page.goto('/#/pages/user/login/index');
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(E2E_PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page).not.toHaveURL(/login/);
}

/**
 * Records the vertical offset of the opening sheet's body on every frame until it has settled: a sheet that slides
 * in shows offsets above zero, one under reduced motion is in place from its first frame.
 */
async function watchSheetFrames(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { sheetFrames: number[] };
    w.sheetFrames = [];
    const seen = new WeakSet<Element>();
    const tick = () => {
      const body = Array.from(document.querySelectorAll<HTMLElement>('.adm-popup-body')).find(
        (element) => !seen.has(element) && element.getClientRects().length > 0,
      );
      if (body) {
        const offset = new DOMMatrix(getComputedStyle(body).transform).m42;
        w.sheetFrames.push(offset);
        if (offset === 0 && w.sheetFrames.length > 2) return void seen.add(body);
      }
      requestAnimationFrame(tick);
    };
    for (const body of Array.from(document.querySelectorAll('.adm-popup-body'))) seen.add(body);
    requestAnimationFrame(tick);
  });
}

const sheetFrames = (page: Page) => page.evaluate(() => (window as unknown as { sheetFrames: number[] }).sheetFrames);

for (const language of ['zh-Hant', 'en'] as const) {
  // Issue 23 item 2: a new user with no transaction password pays for a ticket. The payment checks first: before
  // any password field it offers to set one; setting it opens over the payment (its first tap acts), and the
  // payment goes on where it was (the answer typed before is still there and is sent).
  test(`a new user sets the transaction password from the payment and pays (${language})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const organizer = await accountByApi(request, 'dlg-org');
    await apiCall(request, organizer.token, '/user/personalInfo', { uname: 'Olivia Organizer' });
    const start = new Date(Date.now() + 3 * 86_400_000);
    start.setUTCMinutes(0, 0, 0);
    const title = language === 'en' ? 'Harbour Design Night' : '港邊設計之夜';
    const activity = await apiCall<{ id: string }>(request, organizer.token, '/activity/create', {
      title,
      description: 'Talks and demos by the harbour.',
      category: 'web3',
      startsAt: start.toISOString(),
      endsAt: new Date(start.getTime() + 3 * 3_600_000).toISOString(),
      timezone: 'Asia/Taipei',
      city: `E2E-${Date.now().toString(36)}`,
      address: 'Pier 2',
      capacity: 30,
      ticketTypes: [{ name: 'General', price: '5', asset: 'USDT', capacity: 20 }],
      questions: [{ label: language === 'en' ? 'Your company' : '你的公司', required: true }],
      publish: true,
    });
    const guest = await accountByApi(request, 'dlg-new');
    await deposit(guest.email, '100');

    if (language === 'en') await page.emulateMedia({ reducedMotion: 'reduce' });
    await logIn(page, guest.email, language);
    await page.goto(`/#/pages/activity/details/index?id=${activity.id}`);
    await expect(page.getByTestId('details-title')).toHaveText(title);

    // The sign-up confirmation is a real dialog: named, focus inside, Escape closes it and focus goes back.
    await watchSheetFrames(page);
    await page.getByTestId('details-signup').focus();
    await page.getByTestId('details-signup').click();
    const confirmSheet = page.getByRole('dialog', { name: language === 'en' ? 'Confirm registration' : '確認報名' });
    await expect(confirmSheet).toBeVisible();
    await expect(confirmSheet).toHaveAttribute('aria-modal', 'true');
    await expect.poll(() => confirmSheet.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await expect.poll(async () => (await sheetFrames(page)).at(-1)).toBe(0);
    const frames = await sheetFrames(page);
    if (language === 'en') {
      // prefers-reduced-motion: reduce: the sheet is in place from its first frame, no slide.
      expect(Math.max(...frames)).toBe(0);
    } else {
      // Without the preference it slides in (the check above is not vacuous).
      expect(Math.max(...frames)).toBeGreaterThan(0);
    }
    await page.keyboard.press('Escape');
    await expect(confirmSheet).toBeHidden();
    await expect(page.getByTestId('details-signup')).toBeFocused();

    await page.getByTestId('details-signup').click();
    const answer = language === 'en' ? 'Polaris Labs' : '北極星實驗室';
    await page.locator('input[data-testid^="signup-question-"]').fill(answer);
    await page.getByTestId('signup-confirm-ok').click();

    // The offer, before any password field.
    await expect(page.getByTestId('trade-offer')).toBeVisible();
    await expect(page.getByTestId('trade-offer')).toContainText(
      language === 'en' ? 'No transaction password' : '尚未設定交易密碼',
    );
    await expect(page.locator('input[type="password"]')).toHaveCount(0);
    await shoot(page, `offer-${language}`);

    // Its first tap acts: the set sheet opens above the payment.
    await page.getByTestId('trade-offer-set').click();
    const setSheet = page.getByTestId('trade-set-sheet');
    await expect(setSheet).toBeVisible();
    await expect(setSheet).toBeInViewport();
    const before = await latestCode(outboxDir(), guest.email);
    await page.getByTestId('trade-send-code').click();
    await page.getByTestId('trade-code').fill(await codeFor(guest.email, before));
    await page.getByTestId('trade-password').fill('pay2468');
    await page.getByTestId('trade-confirm').fill('pay2468');
    await shoot(page, `set-over-payment-${language}`);
    await page.getByTestId('trade-submit').click();

    // Back in the payment: the password field, a word that it is set, and the answer still there.
    await expect(setSheet).toBeHidden();
    await expect(page.getByTestId('trade-prompt-ready')).toBeVisible();
    await page.getByTestId('trade-prompt-password').fill('pay2468');
    await page.getByTestId('trade-prompt-submit').click();
    await expect(page.getByTestId('my-registration').getByTestId('ticket-status')).toHaveAttribute(
      'data-status',
      'approved',
    );
    // (The server refuses a registration without the required answer: this one went through with it.)
  });

  // When the server asks for the authenticator code the form did not show (turned on since the page read the
  // account), the field appears with a line saying why, and takes the focus.
  test(`the authenticator field says why it appeared (${language})`, async ({ page, request }) => {
    test.setTimeout(90_000);
    const account = await fundedAccount(request, 'dlg-totp');
    await logIn(page, account.email, language);
    await page.goto('/#/pages/home/transfer/index?asset=USDT');
    await expect(page.getByTestId('transfer-to')).toBeVisible();
    // Turned on elsewhere, after this page read the account's state.
    const { secret } = await apiCall<{ secret: string }>(request, account.token, '/user/gauth/enrol', {});
    const { recoveryCodes } = await apiCall<{ recoveryCodes: string[] }>(
      request,
      account.token,
      '/user/gauth/confirm',
      {
        totp: await generate({ secret }),
      },
    );

    await page.getByTestId('transfer-to').fill('0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
    await expect(page.getByTestId('transfer-kind')).toHaveAttribute('data-kind', 'withdrawal');
    await page.getByTestId('transfer-amount').fill('20');
    await page.getByTestId('transfer-next').click();
    await page.getByTestId('confirm-ok').click();
    await expect(page.getByTestId('trade-prompt-totp')).toHaveCount(0);
    await page.getByTestId('trade-prompt-password').fill('pay2468');
    await page.getByTestId('trade-prompt-submit').click();

    const needed = page.getByTestId('trade-prompt-totp-needed');
    await expect(needed).toBeVisible();
    await expect(needed).toContainText(
      language === 'en' ? 'This action needs your authenticator code' : '這個操作需要你的驗證器代碼',
    );
    await expect(page.getByTestId('trade-prompt-totp')).toBeFocused();
    await shoot(page, `totp-why-${language}`);
    // A recovery code (the authenticator's code of this half-minute was spent turning it on).
    await page.getByTestId('trade-prompt-totp').fill(recoveryCodes[0] ?? '');
    await page.getByTestId('trade-prompt-submit').click();
    await expect(page.getByTestId('transfer-result')).toHaveAttribute('data-status', /processing|completed/);
  });
}

// A toast only tells: a tap where its box is reaches the page underneath, so a message never makes a button wait
// (the "Logged in" toast once sat over the next screen's buttons for two seconds).
test('a toast lets a tap through to what it covers', async ({ page, request }) => {
  const account = await accountByApi(request, 'dlg-toast');
  await logIn(page, account.email, 'en');
  const hit = await page.locator('.adm-toast-main').evaluate((toast) => {
    const box = toast.getBoundingClientRect();
    const under = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return { toast: toast.textContent, under: under?.closest('.adm-toast-mask') ? 'toast' : 'page' };
  });
  expect(hit).toEqual({ toast: 'Logged in', under: 'page' });
});

import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import {
  type APIRequestContext,
  type BrowserContext,
  test as base,
  expect,
  type Page,
  type TestInfo,
} from '@playwright/test';
import {
  API_BASE,
  CAPTCHA_CHALLENGE_PATH,
  type CaptchaChallenge,
  hashLoginPassword,
  hashTradePassword,
  type Language,
} from '@polaris/contract';
import { existingAdminToken } from '../../server/src/platform/operator-guard.ts';
import { captchaPayload } from '../../server/src/test/captcha.ts';
import { latestCode } from '../../server/src/test/outbox.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
/** The outbox of the server this test's project runs against (the Janus project has a server of its own). */
export const outboxDir = () =>
  path.join((base.info().project.metadata.dataDir as string | undefined) ?? process.env.E2E_DATA_DIR!, 'outbox');

/** Waits for a code mailed to `email` that differs from `previous`, as a person waits for the mail. */
export async function codeFor(email: string, previous?: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        code = await latestCode(outboxDir(), email);
        return code !== undefined && code !== previous;
      },
      // The code is written within a request's time: look often rather than on Playwright's backing-off steps.
      { timeout: 10_000, intervals: [50] },
    )
    .toBe(true);
  return code!;
}

/** A screenshot per step, kept under test-results/<spec>/<nn>-<step>.png. */
export function stepper(page: Page, info: TestInfo) {
  let n = 0;
  const folder = path.join(
    repoRoot,
    'test-results',
    info.titlePath
      .slice(0, 2)
      .join('-')
      .replace(/[^\w.-]+/g, '_'),
  );
  return async (name: string) => {
    n += 1;
    await page.screenshot({ path: path.join(folder, `${String(n).padStart(2, '0')}-${name}.png`), fullPage: true });
  };
}

/** Where a journey's named screenshots go (test-results/shots/<topic>), made if missing. */
export function shotsFolder(topic: string): string {
  const folder = path.join(repoRoot, 'test-results', 'shots', topic);
  mkdirSync(folder, { recursive: true });
  return folder;
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.com`;
}

/**
 * Credit USDT on BSC to a user through the local chain simulator's command, `npm run wallet:deposit`, against the
 * test server: what an operator types. It starts npm and tsx (about 3.5 s), so one journey uses it (wallet.spec)
 * and the rest call the route it calls (`deposit`).
 */
export function depositByCommand(email: string, amount: string): void {
  const args = ['run', '--silent', 'wallet:deposit', '--', '--email', email, '--asset', 'USDT', '--chain', 'BSC'];
  execFileSync('npm', [...args, '--amount', amount], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, PORT: process.env.E2E_PORT ?? '8181' },
    stdio: 'pipe',
  });
}

/** Credit USDT on BSC to a user: the local chain simulator's operator route, with the server's operator token. */
export async function deposit(email: string, amount: string): Promise<void> {
  const dataDir = process.env.E2E_DATA_DIR!;
  const response = await fetch(`${process.env.E2E_BASE_URL}${API_BASE}/local-chain/deposit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-admin-token': await existingAdminToken(dataDir) },
    body: JSON.stringify({ email, asset: 'USDT', chain: 'BSC', amount }),
  });
  const body = (await response.json()) as { status: number; msg: string; attachment: { credited: boolean } };
  expect(body.status, `deposit: ${body.msg}`).toBe(200);
  expect(body.attachment.credited).toBe(true);
}

/**
 * Every journey fails on a Content-Security-Policy violation, so a policy that breaks a screen (a blocked
 * tile, style or script) is caught where it happens. Chromium reports each violation as a console error;
 * the `securitypolicyviolation` listener names the directive too. Contexts a test opens itself are watched
 * as well.
 */
export const test = base.extend<{ cspGuard: undefined; firstLaunch: boolean; returningVisitor: undefined }>({
  // A journey's API calls come from the same device as its browser, as a person's own calls do: with Playwright's
  // own user agent the account's first sign-in in the browser was "a new device", which holds money going out
  // for a day (docs/security-centre.md), and withdrawals in the journeys were paused.
  request: async ({ playwright, baseURL, page }, use) => {
    const userAgent = await page.evaluate(() => navigator.userAgent);
    const request = await playwright.request.newContext({ baseURL, userAgent });
    await use(request);
    await request.dispose();
  },
  cspGuard: [
    async ({ browser, context }, use) => {
      const violations: string[] = [];
      const watch = async (watched: BrowserContext) => {
        watched.on('console', (message) => {
          const text = message.text();
          if (text.includes('Content Security Policy') || text.startsWith('csp-violation:')) violations.push(text);
        });
        await watched.addInitScript(() => {
          document.addEventListener('securitypolicyviolation', (event) => {
            console.error(`csp-violation: ${event.effectiveDirective} blocked ${event.blockedURI}`);
          });
        });
      };
      await watch(context);
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args) => {
        const opened = await newContext(...args);
        await watch(opened);
        return opened;
      };
      try {
        await use(undefined);
      } finally {
        browser.newContext = newContext;
      }
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
  /** Whether the journey starts as a first launch (the guide shows once); most journeys are returning visitors. */
  firstLaunch: [false, { option: true }],
  returningVisitor: [
    async ({ browser, context, firstLaunch }, use) => {
      if (firstLaunch) {
        await use(undefined);
        return;
      }
      // Every context a returning visitor uses has seen the guide (lib/first-launch.ts), contexts a test opens too.
      const seen = () => {
        const store = JSON.parse(localStorage.getItem('polarisex:store') ?? '{}');
        localStorage.setItem('polarisex:store', JSON.stringify({ ...store, guide: { seen: true } }));
      };
      await context.addInitScript(seen);
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args) => {
        const opened = await newContext(...args);
        await opened.addInitScript(seen);
        return opened;
      };
      try {
        await use(undefined);
      } finally {
        browser.newContext = newContext;
      }
    },
    { auto: true },
  ],
});

/**
 * What script running in the page can do with the session's signing key: find it in IndexedDB, sign a call
 * with it (accepted by the server), but not export its bytes; and whether localStorage holds any of it.
 */
export function signedCallFromPage(page: Page, apiBase: string = API_BASE) {
  return page.evaluate(async (apiBase) => {
    const stored = localStorage.getItem('polarisex:store') ?? '{}';
    const token: string = JSON.parse(stored).session?.token ?? '';
    const database = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('polarisex');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const key = await new Promise<CryptoKey>((resolve, reject) => {
      const request = database.transaction('keys').objectStore('keys').get('signing');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    database.close();
    const exportable = await crypto.subtle.exportKey('raw', key).then(
      () => true,
      () => false,
    );
    const hex = (buffer: ArrayBuffer) =>
      [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, '0')).join('');
    const path = '/user/identity/sessions';
    const timestamp = String(Date.now());
    const nonce = crypto.randomUUID().replaceAll('-', '');
    const emptyBodyHash = hex(await crypto.subtle.digest('SHA-256', new Uint8Array()));
    const base = ['GET', path, timestamp, nonce, emptyBodyHash].join('\n');
    const mac = hex(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(base)));
    const response = await fetch(`${apiBase}${path}`, {
      headers: { token, timestamp, nonce, authorization: `HMAC-SHA256 ${mac}` },
    });
    const envelope = (await response.json()) as { status: number };
    return { keyInLocalStorage: stored.includes('signingKey'), exportable, status: envelope.status };
  }, apiBase);
}

export const E2E_PASSWORD = 'abc12345';

/**
 * A solved captcha for a request made outside the page (sending a sign-up code, signing up): the server's
 * challenge, solved here as the widget would (docs/captcha.md). The e2e server asks for little work.
 */
export async function solvedCaptcha(request: APIRequestContext): Promise<string> {
  const response = await request.get(`${API_BASE}${CAPTCHA_CHALLENGE_PATH}`);
  const { attachment } = (await response.json()) as { attachment: CaptchaChallenge };
  return captchaPayload(attachment);
}

export interface Account {
  email: string;
  token: string;
  uid: string;
}

/** A new account through the real sign-up (the mailed code read from the outbox); its session token for API calls. */
export async function accountByApi(request: APIRequestContext, prefix: string): Promise<Account> {
  const email = uniqueEmail(prefix);
  await request.post(`${API_BASE}/user/vcode/send`, {
    data: { email, purpose: 'signup', captcha: await solvedCaptcha(request) },
  });
  const vcode = await codeFor(email);
  const response = await request.post(`${API_BASE}/user/signup`, {
    data: { email, vcode, password: hashLoginPassword(E2E_PASSWORD), captcha: await solvedCaptcha(request) },
  });
  const body = (await response.json()) as { status: number; attachment: { token: string; uid: string } };
  expect(body.status).toBe(200);
  return { email, token: body.attachment.token, uid: String(body.attachment.uid) };
}

/** The transaction password of accounts from `fundedAccount`. */
export const E2E_TRADE_PASSWORD = 'pay2468';

/** A new account holding 100 USDT (or `amount`), with a transaction password set through the API (the mailed code). */
export async function fundedAccount(request: APIRequestContext, prefix: string, amount = '100'): Promise<Account> {
  const account = await accountByApi(request, prefix);
  await deposit(account.email, amount);
  const before = await latestCode(outboxDir(), account.email);
  await apiCall(request, account.token, '/user/trade/vcode', {});
  const vcode = await codeFor(account.email, before);
  await apiCall(request, account.token, '/user/trade/password', {
    vcode,
    password: hashTradePassword(E2E_TRADE_PASSWORD, account.uid),
  });
  return account;
}

/**
 * Registers `email` through the screens (the mailed code from the outbox, the captcha solved by the widget) and
 * waits until the Me tab shows the account. `origin` is for a copy of the app served elsewhere.
 */
export async function registerThroughScreens(page: Page, email: string, origin = '') {
  await page.goto(`${origin}/#/pages/user/register/index`);
  await page.getByTestId('register-email').fill(email);
  await page.getByTestId('register-send-code').click();
  await expect(page.getByTestId('register-send-code')).toContainText(/\d+/); // the countdown in seconds
  await page.getByTestId('register-code').fill(await codeFor(email));
  await page.getByTestId('register-password').fill(E2E_PASSWORD);
  await page.getByTestId('register-confirm').fill(E2E_PASSWORD);
  await page.getByTestId('register-agree').click();
  await page.getByTestId('register-submit').click();
  await page.getByTestId('tab-me').click();
  await expect(page.getByTestId('me-email')).toHaveText(email);
}

/** Stores the interface language as the language switch does; runs in the page, so it names nothing outside. */
function storeLanguage(language: Language) {
  const store = JSON.parse(localStorage.getItem('polarisex:store') ?? '{}');
  store.settings = { ...store.settings, language };
  localStorage.setItem('polarisex:store', JSON.stringify(store));
}

/** The app speaks `language` from the next load on, and on every load after (a later call wins). */
export function speakOnEveryLoad(page: Page, language: Language) {
  return page.addInitScript(storeLanguage, language);
}

/** Stores `language` in the open page now; the app reads it when it next loads. */
export function speakFromNextLoad(page: Page, language: Language) {
  return page.evaluate(storeLanguage, language);
}

/** Signs the page in through the login screen, in English unless told. */
export async function logInAs(page: Page, email: string, language: Language = 'en') {
  await speakOnEveryLoad(page, language);
  await page.goto('/#/pages/user/login/index');
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(E2E_PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page).not.toHaveURL(/login/);
}

/** An API call in the envelope with a session token; fails the test unless the answer is 200. */
export async function apiCall<T>(request: APIRequestContext, token: string, route: string, data: unknown): Promise<T> {
  const response = await request.post(`${API_BASE}${route}`, { data, headers: { token } });
  const body = (await response.json()) as { status: number; msg: string; attachment: T };
  expect(body.status, `${route}: ${body.msg}`).toBe(200);
  return body.attachment;
}

/** A free activity two days from now, published by `organizer`; its public code. */
export async function freeActivity(request: APIRequestContext, organizer: Account, title: string): Promise<string> {
  await apiCall(request, organizer.token, '/user/personalInfo', { uname: 'Host Hana' });
  const start = new Date(Date.now() + 2 * 86_400_000);
  start.setUTCMinutes(0, 0, 0);
  return (
    await activityByApi(request, organizer.token, { title, startsAt: start, city: `E2E-${Date.now().toString(36)}` })
  ).id;
}

/** A published two-hour activity in Taipei made through the API, starting at `startsAt`; answers its code. */
export async function activityByApi(
  request: APIRequestContext,
  token: string,
  fields: { title: string; startsAt: Date; description?: string; city?: string },
): Promise<{ id: string }> {
  return apiCall<{ id: string }>(request, token, '/activity/create', {
    title: fields.title,
    description: fields.description ?? 'A free meetup made by a journey.',
    category: 'tech',
    startsAt: fields.startsAt.toISOString(),
    endsAt: new Date(fields.startsAt.getTime() + 2 * 3_600_000).toISOString(),
    timezone: 'Asia/Taipei',
    city: fields.city ?? 'Taipei',
    address: 'Pier 5',
    capacity: 20,
    publish: true,
  });
}

/** The live video has frames and its clock moves: real media arriving, not a poster. */
export async function expectVideoPlaying(page: Page) {
  const video = page.getByTestId('live-video');
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 20_000 })
    .toBeGreaterThan(0);
  const before = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 })
    .toBeGreaterThan(before + 0.5);
}

/** Waits until no animation or transition runs on the page (colours measured mid-fade read as too faint to axe). */
export async function motionless(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
}

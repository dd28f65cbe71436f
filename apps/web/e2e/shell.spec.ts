import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { API_BASE, hashLoginPassword } from '@polaris/contract';
import { codeFor, solvedCaptcha, stepper, test, uniqueEmail } from './support.ts';

/** Register through the API (the UI journey is covered in auth.spec.ts) and store the session as the app does. */
async function loggedIn(page: Page): Promise<{ email: string; token: string }> {
  const email = uniqueEmail('shell');
  const send = await page.request.post(`${API_BASE}/user/vcode/send`, {
    data: { email, purpose: 'signup', captcha: await solvedCaptcha(page.request) },
  });
  expect((await send.json()).status).toBe(200);
  const vcode = await codeFor(email);
  const signup = await page.request.post(`${API_BASE}/user/signup`, {
    data: { email, vcode, password: hashLoginPassword('abc12345'), captcha: await solvedCaptcha(page.request) },
  });
  expect((await signup.json()).status).toBe(200);
  await page.goto('/#/pages/user/login/index');
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill('abc12345');
  await page.getByTestId('login-submit').click();
  await page.getByTestId('tab-me').click();
  await expect(page.getByTestId('me-email')).toHaveText(email);
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('polarisex:store') ?? '{}').session?.token);
  expect(token).toBeTruthy();
  return { email, token };
}

test('an expired session asks once to log in again, and confirming opens the login page', async ({ page }, info) => {
  const shot = stepper(page, info);
  // The app holds its socket open on every page while signed in (live updates, docs/notifications.md).
  const socket = page.waitForEvent('websocket');
  const { token } = await loggedIn(page);
  await socket;
  // The session dies elsewhere (logged out on another device): the server closes the socket with "session ended",
  // and the app asks at once, without a reload (before the socket was open everywhere, a reload was needed).
  const out = await page.request.post(`${API_BASE}/user/logout`, { headers: { token } });
  expect((await out.json()).status).toBe(200);

  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('登入已失效');
  await expect(dialog).toHaveCount(1);
  await shot('session-expired-prompt');
  await dialog.getByRole('button', { name: '重新登入' }).click();
  await expect(page).toHaveURL(/#\/pages\/user\/login\/index/);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('polarisex:store') ?? '{}').session?.token);
  expect(stored ?? null).toBeNull();
  await shot('login-after-expiry');
});

test('the language switch changes the whole interface and is remembered', async ({ page }, info) => {
  const shot = stepper(page, info);
  await loggedIn(page);
  await expect(page.getByTestId('tab-home')).toContainText('活動');
  await shot('zh-Hant');
  await page.getByTestId('language-switch').selectOption('en');
  await expect(page.getByTestId('tab-home')).toContainText('Activities');
  await expect(page.getByTestId('logout')).toContainText('Log out');
  await shot('english');
  await page.reload();
  await expect(page.getByTestId('tab-home')).toContainText('Activities');
  await page.getByTestId('language-switch').selectOption('zh-Hans');
  await expect(page.getByTestId('tab-home')).toContainText('活动');
  await shot('zh-Hans');
  // The server answers in the chosen language too.
  await page.getByTestId('logout').click();
  await page.getByRole('button', { name: '确定' }).click();
  await page.goto('/#/pages/user/login/index');
  await page.getByTestId('login-email').fill('nobody-here@example.com');
  await page.getByTestId('login-password').fill('abc12345');
  await page.getByTestId('login-submit').click();
  await expect(page.getByText('该邮箱尚未注册')).toBeVisible();
  await shot('server-message-zh-Hans');
});

test('the page is at most 430 px wide and centred on a wide screen', async ({ browser }, info) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, isMobile: false });
  const page = await context.newPage();
  const shot = stepper(page, info);
  await page.goto('/#/pages/user/login/index');
  await expect(page.getByTestId('login-email')).toBeVisible();
  const column = await page.locator('#root > *').first().boundingBox();
  expect(column).not.toBeNull();
  expect(column!.width).toBeLessThanOrEqual(430);
  expect(Math.abs(column!.x + column!.width / 2 - 640)).toBeLessThanOrEqual(1);
  await shot('wide-screen');
  await context.close();
});

test('money pages say the feature is not supported in a blocked region', async ({ browser }, info) => {
  const context = await browser.newContext({ extraHTTPHeaders: { 'cf-ipcountry': 'XX' } });
  const page = await context.newPage();
  const shot = stepper(page, info);
  await page.goto('/#/pages/market/index');
  await expect(page.getByTestId('region-blocked')).toContainText('當前地區暫不支援此功能');
  await shot('region-blocked');
  // Every kind of money page: the wallet's, a coin's, and those not built yet (red envelopes, bounties, the DAO game).
  for (const path of [
    '/pages/home/transfer/index?asset=USDT',
    '/pages/home/payments/index',
    '/pages/market/detail/index?symbol=BTC',
    '/pages/red-envelope/index',
    '/pages/bounty/index',
    '/pages/daogame/index',
  ]) {
    await page.goto(`/#${path}`);
    await expect(page.getByTestId('region-blocked'), path).toContainText('當前地區暫不支援此功能');
  }
  // The Me tab is not a money page: it opens, and says nothing about the region.
  await page.goto('/#/pages/home/index');
  await expect(page.getByTestId('me-guest')).toBeVisible();
  await expect(page.getByTestId('region-blocked')).toHaveCount(0);
  // The server refuses the money call itself too, whatever page sends it.
  const refused = await page.evaluate(async (url) => {
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    return response.json();
  }, `${API_BASE}/wallet/transfer?locale=zh_TW`);
  expect(refused).toMatchObject({ status: 580, msg: '當前地區暫不支援此功能' });
  await page.goto('/#/');
  await expect(page.getByTestId('tab-home')).toBeVisible();
  await expect(page.getByTestId('region-blocked')).toHaveCount(0);
  await context.close();
});

test('the login, register and Me pages have no serious accessibility violations', async ({ page }) => {
  for (const path of ['/#/pages/user/login/index', '/#/pages/user/register/index', '/#/pages/home/index']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${path}: ${v.id}`)).toEqual([]);
  }
});

test('creating an activity asks a logged-out person to log in, and a nameless one to set a name first', async ({
  page,
}, info) => {
  const shot = stepper(page, info);
  await page.goto('/#/');
  await page.getByTestId('activity-create').click();
  await expect(page.getByRole('dialog')).toContainText('請先登入');
  await shot('gate-login');
  await page.getByRole('dialog').getByRole('button', { name: '取消' }).click();

  await loggedIn(page);
  await page.getByTestId('tab-home').click();
  await page.getByTestId('activity-create').click();
  await expect(page.getByRole('dialog')).toContainText('完善個人資料');
  await shot('gate-profile');
  await page.getByRole('dialog').getByRole('button', { name: '前往設定' }).click();
  await page.getByTestId('profile-save').click();
  await expect(page.getByTestId('profile-uname-error')).toBeVisible(); // one of the two names is needed
  await page.getByTestId('profile-uname').fill('Mira');
  await shot('profile');
  await page.getByTestId('profile-save').click();
  await page.getByTestId('activity-create').click();
  await expect(page).toHaveURL(/#\/pages\/activity\/create\/index/);
  await shot('create-page');
});

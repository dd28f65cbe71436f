import { expect, type Page } from '@playwright/test';
import { API_BASE, hashLoginPassword } from '@polaris/contract';
import { codeFor, solvedCaptcha, speakFromNextLoad, stepper, test, uniqueEmail } from './support.ts';

// Every page that shows one thing named by its link (an activity, an asset, a coin) answers a link without
// an id, with an id of the wrong shape, or with an id nobody knows, by saying so and offering the way home,
// never with a spinner that does not end.

/** Pages that take an activity id, and the heading their not-found state shows in English. */
const ACTIVITY_PAGES = [
  '/pages/activity/details/index',
  '/pages/activity/sign/index',
  '/pages/activity/manage/index',
  '/pages/activity/manage/assembly/overview/send-invite/index',
  '/pages/activity/manage/assembly/overview/invite-participants/index',
  '/pages/activity/manage/assembly/overview/activity-edit/index',
  '/pages/activity/manage/assembly/join/sign/index',
  '/pages/activity/manage/assembly/join/scan/index',
  '/pages/activity/manage/marketing/index',
  '/pages/activity/manage/promo/index',
];
/** Pages that take an asset code (`?asset=`). The transfer page without one asks which asset instead. */
const ASSET_PAGES = ['/pages/home/assets/details/index', '/pages/home/assets/details/records-more/index'];
const TRANSFER = '/pages/home/transfer/index';
const MARKET_DETAIL = '/pages/market/detail/index';

/** Well-formed ids that name nothing. */
const UNKNOWN_ACTIVITY = 'Zz9NoSuchAct0';
const UNKNOWN_ASSET = 'NOSUCHCOIN';
const UNKNOWN_SYMBOL = 'NOSUCHCOIN';

async function useEnglish(page: Page) {
  await page.goto('/#/');
  await speakFromNextLoad(page, 'en');
  await page.reload();
}

async function logIn(page: Page) {
  const email = uniqueEmail('lost');
  await page.request.post(`${API_BASE}/user/vcode/send`, {
    data: { email, purpose: 'signup', captcha: await solvedCaptcha(page.request) },
  });
  const vcode = await codeFor(email);
  const signup = await page.request.post(`${API_BASE}/user/signup`, {
    data: { email, vcode, password: hashLoginPassword('abc12345'), captcha: await solvedCaptcha(page.request) },
  });
  expect((await signup.json()).status).toBe(200);
  await page.goto('/#/pages/user/login/index');
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill('abc12345');
  await page.getByTestId('login-submit').click();
  await expect(page).not.toHaveURL(/login/);
}

/** Opens a link and expects the not-found state with its heading, and no loading indicator left behind. */
async function expectNotFound(page: Page, link: string, heading: string) {
  await page.goto(`/#${link}`);
  const state = page.getByTestId('page-not-found');
  await expect(state, link).toBeVisible();
  await expect(state.getByRole('heading'), link).toHaveText(heading);
  await expect(page.locator('[data-testid$="loading"]'), link).toHaveCount(0);
}

test('without an id or with a malformed one, every id page says it is not found, in English', async ({
  page,
}, info) => {
  const shot = stepper(page, info);
  await useEnglish(page);
  // Signed in: to a guest, the pages that belong to an account show the guest wall first (identity.spec.ts).
  await logIn(page);
  for (const path of ACTIVITY_PAGES) {
    await expectNotFound(page, path, 'Activity not found');
    await expectNotFound(page, `${path}?id=not%20an%20id!`, 'Activity not found');
  }
  for (const path of ASSET_PAGES) {
    await expectNotFound(page, path, 'Asset not found');
    await expectNotFound(page, `${path}?asset=%24%24%24`, 'Asset not found');
  }
  await expectNotFound(page, `${TRANSFER}?asset=%24%24%24`, 'Asset not found');
  await expectNotFound(page, MARKET_DETAIL, 'Coin not found');
  await expectNotFound(page, `${MARKET_DETAIL}?symbol=%3F%3F`, 'Coin not found');

  await expectNotFound(page, '/pages/activity/details/index', 'Activity not found');
  await expect(page.getByTestId('page-not-found')).toContainText(
    'The link may be incomplete or mistyped, or the activity was removed or is not visible to you.',
  );
  await shot('details-without-id');
  await page.getByRole('button', { name: 'Back to activity home' }).click();
  await expect(page).toHaveURL(/#\/$/);
  await expect(page.getByTestId('tab-home')).toBeVisible();
});

test('an id nobody knows is not found on every id page, for guests and for a logged-in user', async ({
  page,
}, info) => {
  const shot = stepper(page, info);
  await useEnglish(page);
  // Anyone may read activities and market data, so a guest is told at once.
  await expectNotFound(page, `/pages/activity/details/index?id=${UNKNOWN_ACTIVITY}`, 'Activity not found');
  // Check-in belongs to an account (routes/sign-in.ts): a guest gets the guest wall there, whatever the id, and the
  // unknown id is told once logged in (ACTIVITY_PAGES below).
  await page.goto(`/#/pages/activity/sign/index?id=${UNKNOWN_ACTIVITY}`);
  await expect(page.getByTestId('guest-wall')).toBeVisible();
  await expectNotFound(page, `${MARKET_DETAIL}?symbol=${UNKNOWN_SYMBOL}`, 'Coin not found');
  await shot('unknown-coin');

  // Manage and wallet pages belong to an account: once logged in, an unknown id is not found there too.
  await logIn(page);
  for (const path of ACTIVITY_PAGES) await expectNotFound(page, `${path}?id=${UNKNOWN_ACTIVITY}`, 'Activity not found');
  for (const path of [...ASSET_PAGES, TRANSFER]) {
    await expectNotFound(page, `${path}?asset=${UNKNOWN_ASSET}`, 'Asset not found');
  }
  await shot('unknown-asset');
  await expectNotFound(page, `/pages/activity/manage/index?id=${UNKNOWN_ACTIVITY}`, 'Activity not found');
  await shot('unknown-activity-manage');

  // A known asset still opens: the not-found state is not the answer to everything.
  await page.goto('/#/pages/home/assets/details/index?asset=USDT');
  await expect(page.getByTestId('details-balance-card')).toBeVisible();
  await expect(page.getByTestId('page-not-found')).toHaveCount(0);
});

test('in Traditional Chinese (the default) the not-found state and its way home speak the same language', async ({
  page,
}, info) => {
  const shot = stepper(page, info);
  await page.goto('/#/pages/activity/details/index');
  const state = page.getByTestId('page-not-found');
  await expect(state.getByRole('heading')).toHaveText('找不到這個活動');
  await expect(state).toContainText('連結可能不完整或有誤');
  await shot('details-without-id-zh-Hant');

  await expectNotFound(page, `/pages/activity/details/index?id=${UNKNOWN_ACTIVITY}`, '找不到這個活動');
  // The wallet belongs to an account: a guest meets the guest wall there first.
  await logIn(page);
  await expectNotFound(page, `/pages/home/assets/details/index`, '找不到這個資產');
  await expectNotFound(page, `${MARKET_DETAIL}?symbol=${UNKNOWN_SYMBOL}`, '找不到這個幣種');
  await page.getByRole('button', { name: '返回活動首頁' }).click();
  await expect(page).toHaveURL(/#\/$/);
  await shot('home-after-not-found');
});

import { expect, type Page } from '@playwright/test';
import type { Activity } from '@polaris/contract';
import sharp from 'sharp';
import { accountByApi, apiCall, logInAs, shotsFolder, speakOnEveryLoad, test } from './support.ts';

// One design system (docs/new-user-polish.md "design"): the manage page's tools in order of use with cancelling
// apart and red; pill buttons on the manage, scan and calendar pages; a chosen chat photo is previewed with a
// caption before it is sent; DAO game search opens on recent searches and popular games. At 390 px, in English
// and Traditional Chinese; screenshots go to test-results/shots/design.

const SHOTS = shotsFolder('design');

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/**
 * Switches the interface language the way the language switch stores it, then reloads. As a script run before
 * every page load, after logInAs's (which sets English on each load).
 */
async function useLanguage(page: Page, language: 'en' | 'zh-Hant') {
  await speakOnEveryLoad(page, language);
  await page.reload();
}

test('the manage page puts the day-of tools first, groups the rest, and keeps cancelling apart', async ({ page }) => {
  test.setTimeout(120_000);
  const organizer = await accountByApi(page.request, 'design-host');
  await apiCall(page.request, organizer.token, '/user/personalInfo', { uname: 'Dana Design' });
  const start = Date.now() + 3 * 86_400_000;
  const activity = await apiCall<Activity>(page.request, organizer.token, '/activity/create', {
    title: 'Design review night',
    category: 'web3',
    startsAt: new Date(start).toISOString(),
    endsAt: new Date(start + 3 * 3_600_000).toISOString(),
    timezone: 'Asia/Taipei',
    city: 'Taipei',
    address: 'No. 7, Xinyi Rd',
    capacity: 20,
    requireApproval: true,
    publish: true,
  });
  const guest = await accountByApi(page.request, 'design-guest');
  await apiCall(page.request, guest.token, '/activity/signup', { activityId: activity.id });

  await logInAs(page, organizer.email);
  await page.goto(`/#/pages/activity/manage/index?id=${activity.id}`);
  const tools = page.getByTestId('manage-tools');
  // Scanning and reviewing are the primary actions; the sign-in code and editing are secondary; one pill shape.
  await expect(page.getByTestId('manage-scan')).toHaveAttribute('data-variant', 'primary');
  await expect(page.getByTestId('manage-review')).toHaveText('Review waiting sign-ups (1)');
  await expect(page.getByTestId('manage-sign')).toHaveAttribute('data-variant', 'secondary');
  for (const button of await tools.locator('.adm-button').all()) {
    await expect(button).toHaveClass(/adm-button-shape-rounded/);
  }
  // The rest are rows grouped by purpose; cancelling comes last, in its own red section.
  // Invites, the invite link, promo codes, marketing, bounties.
  await expect(page.getByTestId('manage-group-promote').getByRole('button')).toHaveCount(5);
  await expect(page.getByTestId('manage-group-data').getByRole('button')).toHaveCount(2);
  const cancel = page.getByTestId('manage-cancel-activity');
  await expect(cancel).toHaveAttribute('data-variant', 'danger');
  // Each part loads on its own; read the order once all of them are on the page.
  for (const id of ['manage-group-data', 'manage-attendees-empty', 'blast-composer', 'manage-danger']) {
    await expect(page.getByTestId(id)).toBeVisible();
  }
  const order = await page.evaluate(() =>
    Array.from(document.querySelectorAll('[data-testid]'), (node) => node.getAttribute('data-testid')),
  );
  expect(order.indexOf('manage-scan')).toBeLessThan(order.indexOf('manage-group-promote'));
  expect(order.indexOf('manage-group-data')).toBeLessThan(order.indexOf('manage-attendees-empty'));
  // The danger section ends the page: after the tools, the message form and the attendees.
  expect(order.indexOf('blast-composer')).toBeLessThan(order.indexOf('manage-danger'));
  expect(order.indexOf('manage-attendees-empty')).toBeLessThan(order.indexOf('manage-danger'));
  await expect(page.locator('.adm-toast-mask')).toHaveCount(0);
  await shot(page, 'manage-en');

  // Review shows the waiting sign-up.
  await page.getByTestId('manage-review').click();
  await expect(page.getByTestId('manage-attendee')).toHaveAttribute('data-status', 'pending');

  await page.goto(`/#/pages/activity/manage/assembly/join/scan/index?id=${activity.id}`);
  await expect(page.getByTestId('scan-submit')).toHaveClass(/adm-button-shape-rounded/);
  await shot(page, 'scan-en');
  await page.goto('/#/pages/activity/my/calendar/home/index');
  await expect(page.getByTestId('calendar-filter')).toHaveClass(/adm-button-shape-rounded/);
  await shot(page, 'calendar-en');

  await useLanguage(page, 'zh-Hant');
  await page.goto(`/#/pages/activity/manage/index?id=${activity.id}`);
  await expect(page.getByTestId('manage-review')).toHaveText('審核待審核的報名（1）');
  await expect(page.getByTestId('manage-danger')).toContainText('取消活動');
  await shot(page, 'manage-zh-Hant');
  await page.goto(`/#/pages/activity/manage/assembly/join/scan/index?id=${activity.id}`);
  await expect(page.getByTestId('scan-submit')).toBeVisible();
  await shot(page, 'scan-zh-Hant');
  await page.goto('/#/pages/activity/my/calendar/home/index');
  await expect(page.getByTestId('calendar-filter')).toBeVisible();
  await shot(page, 'calendar-zh-Hant');

  // Cancelling asks first; keeping it changes nothing, confirming cancels and refunds.
  await page.goto(`/#/pages/activity/manage/index?id=${activity.id}`);
  await page.getByTestId('manage-cancel-activity').click();
  await expect(page.getByRole('dialog')).toContainText('確定取消這個活動？');
  await shot(page, 'manage-cancel-confirm-zh-Hant');
  await page.getByRole('button', { name: '保留活動' }).click();
  await expect(page.getByTestId('manage-status')).toContainText('已發佈');
  await page.getByTestId('manage-cancel-activity').click();
  await page.getByRole('dialog').getByRole('button', { name: '取消活動' }).click();
  await expect(page.getByTestId('manage-status')).toContainText('已取消');
  await expect(page.getByTestId('manage-danger')).toHaveCount(0);
});

const photo = () =>
  sharp({ create: { width: 640, height: 420, channels: 3, background: '#2346d8' } })
    .composite([
      {
        input: Buffer.from('<svg width="640" height="420"><circle cx="320" cy="210" r="120" fill="#f5b82e"/></svg>'),
      },
    ])
    .png()
    .toBuffer();

test('a chat photo is previewed with a caption before it is sent, and cancelling sends nothing', async ({ page }) => {
  test.setTimeout(120_000);
  const ann = await accountByApi(page.request, 'design-chat');
  const room = await apiCall<{ id: string }>(page.request, ann.token, '/chat/room/create', {
    name: `Photo club ${Date.now().toString(36)}`,
  });
  await logInAs(page, ann.email);
  await page.goto(`/#/pages/chatroom/chat/index?id=${room.id}`);
  const buffer = await photo();

  await page.getByTestId('composer-more').click();
  await page.getByTestId('composer-file').setInputFiles({ name: 'sunset.png', mimeType: 'image/png', buffer });
  const sheet = page.getByTestId('image-preview');
  await expect(sheet).toBeVisible();
  await expect(sheet.getByRole('heading')).toHaveText('Send photo');
  await expect(page.getByTestId('image-preview-img')).toHaveJSProperty('complete', true);
  await expect(page.getByTestId('image-preview-caption')).toBeFocused();
  await page.getByTestId('image-preview-caption').fill('Sunset over the harbour');
  await shot(page, 'chat-image-preview-en');
  await page.getByTestId('image-preview-send').click();
  await expect(sheet).toBeHidden();
  const sent = page.getByTestId('chat-message').filter({ hasText: 'Sunset over the harbour' });
  await expect(sent.getByTestId('chat-image')).toBeVisible();
  await expect(page.getByTestId('chat-pending')).toHaveCount(0);
  await shot(page, 'chat-image-sent-en');

  await useLanguage(page, 'zh-Hant');
  await expect(page.getByTestId('composer-more')).toBeVisible();
  await page.getByTestId('composer-more').click();
  await page.getByTestId('composer-file').setInputFiles({ name: 'harbour.png', mimeType: 'image/png', buffer });
  await expect(sheet.getByRole('heading')).toHaveText('傳送相片');
  await expect(page.getByTestId('image-preview-caption')).toHaveAttribute('placeholder', '加上說明（選填）');
  await page.getByTestId('image-preview-caption').fill('港口的夕陽');
  await shot(page, 'chat-image-preview-zh-Hant');
  await page.getByTestId('image-preview-cancel').click();
  await expect(sheet).toBeHidden();
  await expect(page.getByTestId('chat-image')).toHaveCount(1);
  await expect(page.getByTestId('chat-message').filter({ hasText: '港口的夕陽' })).toHaveCount(0);
});

test('DAO game search opens on popular games, then remembers searches until cleared', async ({ page }) => {
  await page.goto('/#/pages/daogame/search/index');
  // zh-Hant by default: nothing searched yet, so only the popular games.
  await expect(page.getByTestId('daogame-recent')).toHaveCount(0);
  const popular = page.getByTestId('daogame-popular');
  await expect(popular.getByRole('button')).toHaveCount(5);
  await expect(page.getByRole('heading', { name: '熱門遊戲' })).toBeVisible();
  await shot(page, 'daogame-search-empty-zh-Hant');

  // A submitted search is remembered; so is one whose result is opened.
  const search = page.getByTestId('daogame-search').locator('input');
  await search.fill('nebula');
  await search.press('Enter');
  await expect(page.getByTestId('daogame-search-list').getByRole('button').first()).toBeVisible();
  await search.fill('poker');
  const result = page.getByTestId('daogame-search-list').getByRole('button').first();
  await expect(result).toBeVisible();
  await result.click();
  await expect(page.getByTestId('daogame-detail')).toBeVisible();
  await page.goto('/#/pages/daogame/search/index');
  await expect(page.getByTestId('daogame-recent-item')).toHaveText(['poker', 'nebula']);
  await shot(page, 'daogame-search-recent-zh-Hant');

  // Tapping a recent search runs it again.
  await page.getByTestId('daogame-recent-item').filter({ hasText: 'nebula' }).click();
  await expect(search).toHaveValue('nebula');
  await expect(page.getByTestId('daogame-search-list')).toBeVisible();

  await useLanguage(page, 'en');
  await page.goto('/#/pages/daogame/search/index');
  await expect(page.getByRole('heading', { name: 'Recent searches' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Popular games' })).toBeVisible();
  await shot(page, 'daogame-search-en');
  await page.getByTestId('daogame-recent-clear').click();
  await expect(page.getByTestId('daogame-recent')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('daogame-popular')).toBeVisible();
  await expect(page.getByTestId('daogame-recent')).toHaveCount(0);
});

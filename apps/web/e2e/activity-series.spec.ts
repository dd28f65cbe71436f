import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { API_BASE } from '@polaris/contract';
import { accountByApi, activityByApi, apiCall, logInAs, shotsFolder, speakOnEveryLoad, test } from './support.ts';

// Issue 36 item 2 (docs/activities.md "Recurring series"): an organizer makes a weekly series from the create
// screen's "Repeats" choice, sees the series page with its coming dates, edits one date choosing "this one"; a
// second person (繁體中文) follows the series. Another organizer makes an activity already published repeat from
// its manage page's "Repeat…". Screenshots at 390 px in both languages go to SHOTS.

const SHOTS = shotsFolder('i36-series');

async function seriousA11yProblems(page: Page, selector: string) {
  const results = await new AxeBuilder({ page }).include(selector).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
}

async function detail(page: Page, token: string, id: string) {
  const response = await page.request.get(`${API_BASE}/activity/detail`, { params: { id }, headers: { token } });
  return ((await response.json()) as { attachment: { title: string; startsAt: string } }).attachment;
}

test('a weekly series: made from the create screen, its page, one date edited alone, followed by someone else', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const olivia = await accountByApi(page.request, 'series-olivia');
  await apiCall(page.request, olivia.token, '/user/personalInfo', { uname: 'Olivia' });
  const title = `Weekly Builders ${Date.now().toString(36)}`;

  // The create form, with "Repeats: every week", six dates.
  await logInAs(page, olivia.email, 'en');
  await page.goto('/#/pages/activity/create/index');
  await expect(page.getByTestId('host-form')).toBeVisible();
  await page.getByTestId('host-title').fill(title);
  await page.getByTestId('host-description').fill('Builders meet every week.');
  await page.getByTestId('host-mode-online').click();
  await page.getByTestId('host-online-url').fill('https://meet.example.com/weekly');
  await page.getByTestId('host-ticket-0-name').fill('General');
  const choice = page.getByTestId('host-repeat-choice');
  await expect(choice.locator('option')).toContainText(['Does not repeat', 'Every week on']);
  await choice.selectOption('weekly');
  await page.getByTestId('host-repeat-count').fill('6');
  await page.getByTestId('host-repeat-choice').scrollIntoViewIfNeeded();
  expect(await seriousA11yProblems(page, '[aria-labelledby="host-repeat"]')).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/create-repeats-en.png` });
  await page.getByTestId('host-publish').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Publish' }).click();

  // The series page: six weekly dates, each a link.
  await expect(page).toHaveURL(/pages\/activity\/series\/index\?id=\d+/);
  const seriesId = new URL(page.url().replace('/#', '')).searchParams.get('id')!;
  await expect(page.getByTestId('series-title')).toHaveText(title);
  await expect(page.getByTestId('series-rule')).toContainText(/^Every week on \w+day · 6 dates$/);
  const dates = page.getByTestId('series-occurrence');
  await expect(dates).toHaveCount(6);
  await expect(page.getByTestId('series-end')).toBeVisible();
  expect(await seriousA11yProblems(page, '[data-testid="series-page"]')).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/series-organizer-en.png`, fullPage: true });
  const codes = await dates.evaluateAll((links) => links.map((link) => link.getAttribute('data-id')!));
  const before = await detail(page, olivia.token, codes[2]!);

  // The second date's page links back to its series.
  await dates.nth(1).click();
  await expect(page.getByTestId('activity-details')).toHaveAttribute('data-id', codes[1]!);
  await expect(page.getByTestId('activity-series-link')).toContainText(`Part of a series: ${title}`);
  await page.screenshot({ path: `${SHOTS}/occurrence-en.png` });

  // Editing that date asks "this one or all following"; "this one" changes it alone.
  await page.goto(`/#/pages/activity/manage/assembly/overview/activity-edit/index?id=${codes[1]}`);
  await expect(page.getByTestId('host-title')).toHaveValue(title);
  await expect(page.getByTestId('host-repeat-choice')).toHaveCount(0);
  await page.getByTestId('host-title').fill(`${title} (special)`);
  await page.getByTestId('host-save').click();
  const scope = page.getByRole('dialog', { name: 'This date belongs to a series. Change…' });
  await expect(scope.getByRole('button', { name: 'This date only' })).toBeVisible();
  await expect(scope.getByRole('button', { name: /This and all following dates/ })).toBeVisible();
  expect(await seriousA11yProblems(page, '[role="dialog"]')).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/edit-scope-en.png` });
  await scope.getByRole('button', { name: 'This date only' }).click();
  await expect(page).toHaveURL(/manage\/index\?id=/);
  expect((await detail(page, olivia.token, codes[1]!)).title).toBe(`${title} (special)`);
  expect(await detail(page, olivia.token, codes[2]!)).toEqual(before);

  // Someone else, in Traditional Chinese, follows the series from its page.
  const context = await browser.newContext();
  const ben = await context.newPage();
  const benAccount = await accountByApi(ben.request, 'series-ben');
  await logInAs(ben, benAccount.email, 'zh-Hant');
  await ben.goto(`/#/pages/activity/series/index?id=${seriesId}`);
  await expect(ben.getByTestId('series-rule')).toContainText('每週');
  await expect(ben.getByTestId('series-occurrence')).toHaveCount(6);
  await expect(ben.getByTestId('series-end')).toHaveCount(0);
  const follow = ben.getByTestId('series-follow');
  await expect(follow).toHaveText('追蹤這個系列');
  await follow.click();
  await expect(follow).toHaveText('已追蹤');
  await expect(follow).toHaveAttribute('aria-pressed', 'true');
  expect(await seriousA11yProblems(ben, '[data-testid="series-page"]')).toEqual([]);
  await ben.screenshot({ path: `${SHOTS}/series-follower-zh-Hant.png`, fullPage: true });
  await ben.getByTestId('series-occurrence').nth(1).click();
  await expect(ben.getByTestId('activity-series-link')).toContainText('系列活動');
  await ben.screenshot({ path: `${SHOTS}/occurrence-zh-Hant.png` });
  await context.close();
});

test('an activity already published made to repeat from its manage page: every week, 4 dates', async ({ page }) => {
  test.setTimeout(180_000);
  const maya = await accountByApi(page.request, 'series-maya');
  await apiCall(page.request, maya.token, '/user/personalInfo', { uname: 'Maya' });
  const title = `Makers Night ${Date.now().toString(36)}`;
  // 19:00 in Taipei, three days from now.
  const start = new Date(Date.now() + 3 * 86_400_000);
  start.setUTCHours(11, 0, 0, 0);
  const activity = await activityByApi(page.request, maya.token, {
    title,
    description: 'Makers meet; it went well, so again every week.',
    startsAt: start,
  });
  const manage = `/#/pages/activity/manage/index?id=${activity.id}`;

  // In Traditional Chinese: the tool and its sheet, with only the rules that repeat (no "does not repeat").
  await logInAs(page, maya.email, 'zh-Hant');
  await page.goto(manage);
  const tool = page.getByTestId('manage-repeat');
  await expect(tool).toContainText('設為重複活動…');
  await expect(page.locator('.adm-toast-mask')).toHaveCount(0);
  await tool.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/manage-repeat-tool-zh-Hant.png` });
  await tool.click();
  const sheet = page.getByRole('dialog', { name: '設為重複活動' });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByTestId('manage-repeat-choice').locator('option').first()).toHaveText(/^每週/);
  await expect(sheet.getByTestId('manage-repeat-choice').locator('option', { hasText: '不重複' })).toHaveCount(0);
  await expect(sheet.getByTestId('manage-repeat-confirm')).toHaveText('設為重複');
  expect(await seriousA11yProblems(page, '[role="dialog"]')).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/manage-repeat-zh-Hant.png` });
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();

  // In English: every week, 4 dates in all, confirmed.
  await speakOnEveryLoad(page, 'en');
  await page.reload();
  await page.getByTestId('manage-repeat').click();
  const english = page.getByRole('dialog', { name: 'Repeat this activity' });
  await expect(english).toBeVisible();
  await english.getByTestId('manage-repeat-choice').selectOption('weekly');
  await expect(english.getByTestId('manage-repeat-end')).toHaveValue('count');
  await english.getByTestId('manage-repeat-count').fill('4');
  expect(await seriousA11yProblems(page, '[role="dialog"]')).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/manage-repeat-en.png` });
  await english.getByTestId('manage-repeat-confirm').click();

  // The series page lists the four coming dates, this activity first.
  await expect(page).toHaveURL(/pages\/activity\/series\/index\?id=\d+/);
  await expect(page.getByTestId('series-title')).toHaveText(title);
  await expect(page.getByTestId('series-rule')).toContainText(/^Every week on \w+day · 4 dates$/);
  const dates = page.getByTestId('series-occurrence');
  await expect(dates).toHaveCount(4);
  await expect(dates.first()).toHaveAttribute('data-id', activity.id);
  await page.screenshot({ path: `${SHOTS}/manage-repeat-series-en.png`, fullPage: true });

  // Back on the manage page, the activity is in a series: a link to it instead of "Repeat…".
  await page.goBack();
  await expect(page.getByTestId('manage-series')).toBeVisible();
  await expect(page.getByTestId('manage-repeat')).toHaveCount(0);
});

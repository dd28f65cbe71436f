import { expect, type Page } from '@playwright/test';
import { accountByApi, apiCall, logInAs, shotsFolder, speakOnEveryLoad, test } from './support.ts';

// Organizers find what they host (my activities → hosting), see their own activity with the organizer's actions
// instead of a sign-up, and read every activity time on the venue's clock, labelled, in the calendar as on the
// page, from a browser in another zone. In zh-Hant (the default) and English, at 390 px, with screenshots.

const SHOTS = shotsFolder('hosting');

type Language = 'zh-Hant' | 'en';
const WORDS = {
  'zh-Hant': { publish: '發佈', hosting: '主辦', joined: '已報名' },
  en: { publish: 'Publish', hosting: 'Hosting', joined: 'Approved' },
} as const;

test.use({ viewport: { width: 390, height: 844 }, timezoneId: 'America/Los_Angeles' });

async function logInWith(page: Page, email: string, language: Language) {
  await logInAs(page, email); // logs in in English
  await speakOnEveryLoad(page, language);
  await page.reload(); // the scripts run on a load: the app boots again in `language`
  await expect(page.locator('html')).toHaveAttribute('lang', language);
}

/** Fills the create form with an online activity (its start and end are the form's own defaults). */
async function fillOnline(page: Page, title: string) {
  await page.goto('/#/pages/activity/create/index');
  await expect(page.getByTestId('host-form')).toBeVisible();
  await page.getByTestId('host-title').fill(title);
  await page.getByTestId('host-description').fill('An evening online.');
  await page.getByTestId('host-mode-online').click();
  await page.getByTestId('host-online-url').fill('https://meet.example.com/room');
  await page.getByTestId('host-ticket-0-name').fill('General');
}

/** An ISO instant at 20:00 in Tokyo (11:00 UTC) on `day` of the month after this one. */
function tokyoEveningNextMonth(day: number): { startsAt: string; endsAt: string } {
  const now = new Date();
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, day, 11, 0));
  return { startsAt: start.toISOString(), endsAt: new Date(start.getTime() + 2 * 3_600_000).toISOString() };
}

for (const language of ['zh-Hant', 'en'] as const) {
  test(`an organizer finds a draft and a published activity under hosting and opens manage (${language})`, async ({
    page,
  }) => {
    const words = WORDS[language];
    const organizer = await accountByApi(page.request, `hosting-${language.toLowerCase()}`);
    await apiCall(page.request, organizer.token, '/user/personalInfo', { uname: 'Host Hana' });
    await logInWith(page, organizer.email, language);

    // Nothing hosted yet: the hosting tab says so and offers to create one.
    await page.goto('/#/pages/activity/my/activities/index');
    await page.getByTestId('tickets-tab-hosting').click();
    await expect(page).toHaveURL(/when=hosting/);
    await expect(page.getByTestId('hosting-empty')).toBeVisible();
    await expect(page.getByTestId('hosting-count-drafts')).toHaveText('0');
    await page.screenshot({ path: `${SHOTS}/hosting-empty-${language}.png` });
    await page.getByTestId('hosting-create').click();
    await expect(page).toHaveURL(/activity\/create\/index/);

    // A draft, then a published activity, both through the create screen.
    await fillOnline(page, `Draft night ${language}`);
    await page.getByTestId('host-save-draft').click();
    await expect(page).toHaveURL(/manage\/index\?id=/);
    const draftId = new URL(page.url().replace('/#', '')).searchParams.get('id')!;
    await fillOnline(page, `Published night ${language}`);
    await page.getByTestId('host-publish').click();
    await page.locator('.adm-dialog-footer').getByRole('button', { name: words.publish }).click();
    await expect(page).toHaveURL(/manage\/index\?id=/);
    const publishedId = new URL(page.url().replace('/#', '')).searchParams.get('id')!;

    // Back from manage lands on hosting, where the published one is upcoming and the draft under drafts.
    await page.getByTestId('nav-back').click();
    await expect(page).toHaveURL(/my\/activities\/index\?when=hosting/);
    const published = page.locator(`[data-testid="hosted-item"][data-id="${publishedId}"]`);
    await expect(published).toBeVisible();
    await expect(published).toHaveAttribute('data-role', 'organizer');
    await expect(page.getByTestId('hosting-count-upcoming')).toHaveText('1');
    await expect(page.getByTestId('hosting-count-drafts')).toHaveText('1');
    await expect(published.getByTestId('hosted-when')).toContainText(/\d{2}:\d{2} GMT[+-]\d/);
    await expect(published.getByTestId('hosted-scan')).toBeVisible();
    await expect(published.getByTestId('hosted-share')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/hosting-${language}.png`, fullPage: true });

    await page.getByTestId('hosting-group-drafts').click();
    await expect(page).toHaveURL(/group=drafts/);
    const draft = page.locator(`[data-testid="hosted-item"][data-id="${draftId}"]`);
    await expect(draft).toHaveAttribute('data-status', 'draft');
    await expect(page.getByTestId('hosted-item')).toHaveCount(1);
    await page.screenshot({ path: `${SHOTS}/hosting-drafts-${language}.png` });
    await page.getByTestId('hosting-group-upcoming').click();
    await published.getByTestId('hosted-manage').click();
    await expect(page).toHaveURL(new RegExp(`manage/index\\?id=${publishedId}`));
    await expect(page.getByTestId('manage-activity-title')).toHaveText(`Published night ${language}`);

    // The organizer's own page offers manage and share, never a sign-up.
    await page.goto(`/#/pages/activity/details/index?id=${publishedId}`);
    await expect(page.getByTestId('details-host-actions')).toBeVisible();
    await expect(page.getByTestId('details-manage')).toBeVisible();
    await expect(page.getByTestId('details-share')).toBeVisible();
    await expect(page.getByTestId('details-signup')).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/own-activity-${language}.png`, fullPage: true });
  });

  test(`calendar and page show the venue's time, labelled, to a viewer in another zone (${language})`, async ({
    page,
  }) => {
    const words = WORDS[language];
    const organizer = await accountByApi(page.request, `tz-host-${language.toLowerCase()}`);
    await apiCall(page.request, organizer.token, '/user/personalInfo', { uname: 'Tokyo Host' });
    const guest = await accountByApi(page.request, `tz-guest-${language.toLowerCase()}`);
    const activity = await apiCall<{ id: string }>(page.request, organizer.token, '/activity/create', {
      title: `Tokyo evening ${language}`,
      description: 'Talks at eight',
      category: 'meetup',
      ...tokyoEveningNextMonth(10),
      timezone: 'Asia/Tokyo',
      city: 'Tokyo',
      address: 'Shibuya 1-1',
      publish: true,
    });
    await apiCall(page.request, guest.token, '/activity/signup', { activityId: activity.id });

    // The browser runs in Los Angeles (03:00 there); the page shows 20:00 on Tokyo's clock, labelled.
    await logInWith(page, guest.email, language);
    await page.goto(`/#/pages/activity/details/index?id=${activity.id}`);
    await expect(page.getByTestId('details-time')).toContainText('20:00 – 22:00 GMT+9');

    // Changing month selects a day of the new month: the first with something on it, else the 1st.
    await page.goto('/#/pages/activity/my/calendar/home/index');
    const month = page.getByTestId('calendar-month');
    const thisMonth = await month.getAttribute('data-month');
    await page.getByTestId('calendar-next').click();
    await expect(month).not.toHaveAttribute('data-month', thisMonth!);
    const nextMonth = (await month.getAttribute('data-month'))!;
    await expect(page.getByTestId('calendar-selected-day')).toHaveAttribute('data-day', `${nextMonth}-10`);
    const item = page.getByTestId('calendar-item');
    await expect(item).toHaveCount(1);
    await expect(item.getByTestId('calendar-item-clock')).toHaveText(/^20:00\s*GMT\+9$/);
    await expect(item.getByTestId('calendar-item-when')).toContainText('20:00 – 22:00 GMT+9');
    // Its state once ("已報名", not "已報名 · 已報名").
    await expect(item.getByTestId('calendar-item-label')).toHaveText(words.joined);
    await page.screenshot({ path: `${SHOTS}/calendar-${language}.png`, fullPage: true });
    await page.getByTestId('calendar-next').click();
    await expect(month).not.toHaveAttribute('data-month', nextMonth);
    const after = (await month.getAttribute('data-month'))!;
    await expect(page.getByTestId('calendar-selected-day')).toHaveAttribute('data-day', `${after}-01`);

    // The organizer's calendar calls it hosted, once.
    const host = await page
      .context()
      .browser()!
      .newContext({
        viewport: { width: 390, height: 844 },
        timezoneId: 'America/Los_Angeles',
      });
    const hostPage = await host.newPage();
    await logInWith(hostPage, organizer.email, language);
    await hostPage.goto('/#/pages/activity/my/calendar/home/index?view=list');
    const hosted = hostPage.locator(`[data-testid="calendar-item"][data-id="${activity.id}"]`);
    await expect(hosted.getByTestId('calendar-item-label')).toHaveText(words.hosting);
    await expect(hosted.getByTestId('calendar-item-clock')).toHaveText(/^20:00\s*GMT\+9$/);
    await host.close();
  });
}

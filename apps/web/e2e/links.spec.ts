import { type BrowserContext, expect } from '@playwright/test';
import { accountByApi, apiCall, shotsFolder, stepper, test } from './support.ts';

// Issue 23, "links and first visit" (docs/new-user-polish.md "links"). Every context here is a fresh browser:
// nobody has seen the guide.
test.use({ firstLaunch: true });

const SHOTS = shotsFolder('links');
const TITLES = { 'zh-Hant': '大稻埕區塊鏈早午餐', en: 'Harbour Builders Brunch' } as const;
type Language = keyof typeof TITLES;

/** A fresh browser that speaks `language` (the stored setting the language picker writes) and has seen nothing else. */
async function freshPhone(context: BrowserContext, language: Language) {
  await context.addInitScript((value) => {
    if (localStorage.getItem('polarisex:store')) return;
    localStorage.setItem('polarisex:store', JSON.stringify({ settings: { language: value } }));
  }, language);
  return context;
}

for (const language of ['zh-Hant', 'en'] as const) {
  // Lin shares her activity from its page; the link is the short one. Mia, who never opened the app, opens it and
  // lands on the activity, not on the guide; a link-preview bot gets its title; the home on a cold start still
  // shows the guide.
  test(`a shared activity link opens the activity for a first-time visitor (${language})`, async ({
    page,
    browser,
    baseURL,
  }, info) => {
    const shot = stepper(page, info);
    const lin = await accountByApi(page.request, 'links-lin');
    await apiCall(page.request, lin.token, '/user/personalInfo', { uname: 'Lin' });
    const start = new Date(Date.now() + 5 * 86_400_000);
    start.setUTCHours(2, 0, 0, 0);
    const activity = await apiCall<{ id: string; shareUrl: string }>(page.request, lin.token, '/activity/create', {
      title: TITLES[language],
      description: language === 'en' ? 'Coffee, pastries and demos.' : '咖啡、點心與產品展示。',
      category: 'web3',
      startsAt: start.toISOString(),
      endsAt: new Date(start.getTime() + 2 * 3_600_000).toISOString(),
      timezone: 'Asia/Taipei',
      city: 'Taipei',
      address: 'Dihua St. 1',
      capacity: 30,
      publish: true,
    });
    const short = `${baseURL}/s/a${activity.id}`;
    expect(activity.shareUrl).toBe(short);

    // The sharer, also a first visit, opened by a deep link: the activity, no guide. Share hands over the short link.
    await freshPhone(page.context(), language);
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'share', {
        configurable: true,
        value: async (data: ShareData) => {
          (window as unknown as { shared: ShareData }).shared = data;
        },
      });
    });
    await page.goto(`/#/pages/activity/details/index?id=${activity.id}`);
    await expect(page.getByTestId('details-title')).toHaveText(TITLES[language]);
    await expect(page).not.toHaveURL(/guide/);
    await page.getByTestId('details-share').click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { shared?: ShareData }).shared?.url)).toBe(short);
    await shot('shared');

    // Mia opens the short link in a fresh browser: redirected into the app, on the activity, no guide.
    const mia = await freshPhone(await browser.newContext(), language);
    const miaPage = await mia.newPage();
    await miaPage.goto(new URL(short).pathname);
    await expect(miaPage).toHaveURL(new RegExp(`#/pages/activity/details/index\\?id=${activity.id}$`));
    await expect(miaPage.getByTestId('details-title')).toHaveText(TITLES[language]);
    await expect(miaPage.getByTestId('guide-slide-1')).toHaveCount(0);
    await miaPage.screenshot({ path: `${SHOTS}/short-link-activity-${language}.png` });
    // Going home from there is not a cold start of the home: still no guide.
    await miaPage.goto('/#/');
    await expect(miaPage.getByTestId('guide-slide-1')).toHaveCount(0);
    await mia.close();

    // A link-preview bot gets the activity's title and the language it asks for.
    const preview = await page.request.get(new URL(short).pathname, {
      headers: { 'user-agent': 'TelegramBot (like TwitterBot)', 'accept-language': language === 'en' ? 'en' : 'zh-TW' },
      maxRedirects: 0,
    });
    expect(preview.status()).toBe(200);
    const html = await preview.text();
    expect(html).toContain(`<meta property="og:title" content="${TITLES[language]}" />`);
    expect(html).toContain(`<meta property="og:locale" content="${language === 'en' ? 'en_US' : 'zh_TW'}" />`);

    // A fresh browser opening the home: the guide, once.
    const noa = await freshPhone(await browser.newContext(), language);
    const noaPage = await noa.newPage();
    await noaPage.goto('/');
    await expect(noaPage).toHaveURL(/#\/pages\/common\/guide\/index/);
    await expect(noaPage.getByTestId('guide-slide-1')).toBeVisible();
    await noa.close();
  });
}

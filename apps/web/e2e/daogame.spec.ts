import { expect, type Page } from '@playwright/test';
import { speakFromNextLoad, stepper, test } from './support.ts';

/** Switches the interface language the way the language switch stores it, then reloads. */
async function useLanguage(page: Page, language: 'en' | 'zh-Hant') {
  await speakFromNextLoad(page, language);
  await page.reload();
}

test.use({ firstLaunch: true });

// Ada opens the app for the first time: the guide shows once, in the default Traditional Chinese. She then
// browses the DAO games tab, opens a featured game and plays it in the web-view; a link to a site off the
// allow-list is refused. About-us and join-community show the version, licences and channels.
test('first launch guide once, DAO games, play in the web-view, an off-list link refused', async ({ page }, info) => {
  const shot = stepper(page, info);
  await page.goto('/');
  await expect(page).toHaveURL(/#\/pages\/common\/guide\/index/);
  await expect(page.getByTestId('guide-slide-1')).toContainText('認識你的社群');
  await shot('guide-zh-Hant');
  await page.getByTestId('guide-next').click();
  await expect(page.getByTestId('guide-slide-2')).toBeInViewport({ ratio: 0.9 });
  await page.getByTestId('guide-next').click();
  await expect(page.getByTestId('guide-slide-3')).toBeInViewport({ ratio: 0.9 });
  await page.getByTestId('guide-start').click();
  await expect(page).not.toHaveURL(/guide/);
  // First launch also stored the default currency, area code and chain (SPEC §4).
  const settings = await page.evaluate(() => JSON.parse(localStorage.getItem('polarisex:store') ?? '{}').settings);
  expect(settings).toMatchObject({ currency: 'USD', areaCode: '852', chain: 201 });
  await page.reload();
  await expect(page).not.toHaveURL(/guide/);

  await useLanguage(page, 'en');
  await page.goto('/#/pages/home/more-services/index');
  await page.getByTestId('service-daogame').click();
  await expect(page.getByTestId('daogame-featured')).toBeVisible();
  await expect(page.getByTestId('daogame-demo').first()).toHaveText('Demo games');
  await expect(page.getByTestId('daogame-top').getByRole('button')).toHaveCount(5);
  await shot('daogame-en');

  await page.getByTestId('daogame-featured-nebula-miners').click();
  await expect(page.getByTestId('daogame-detail')).toContainText('Orbit Forge Studio');
  await shot('detail-en');
  await page.getByTestId('daogame-play').click();
  const frame = page.frameLocator('[data-testid="web-view-frame"]');
  await expect(frame.getByRole('heading', { name: 'Nebula Miners' })).toBeVisible();
  await expect(frame.getByText('Demo preview')).toBeVisible();
  await expect(frame.getByText(/DAOGAME_SHELL_URL/)).toHaveCount(0);
  await shot('play-en');

  await page.goto(`/#/pages/common/web-view/index?url=${encodeURIComponent('https://evil.example.com/phish')}`);
  await expect(page.getByTestId('web-view-refused')).toContainText('Cannot open link');
  await expect(page.getByTestId('web-view-frame')).toHaveCount(0);
  await shot('web-view-refused-en');

  await page.goto('/#/pages/my/about-us/index');
  await expect(page.getByTestId('about-version')).toHaveText('Version 3.4.5 (25010275)');
  await expect(page.getByTestId('about-licences')).toContainText('react-dom');
  await shot('about-en');

  await useLanguage(page, 'zh-Hant');
  await page.goto('/#/pages/daogame/rank/index');
  await expect(page.getByTestId('daogame-rank-list')).toContainText('Nebula Miners');
  await shot('rank-zh-Hant');
  await page.goto('/#/pages/daogame/search/index?q=moon');
  await expect(page.getByTestId('daogame-search-list')).toContainText('在低重力下種田');
  await shot('search-zh-Hant');
  await page.goto('/#/pages/my/join-community/index');
  await expect(page.getByTestId('community-channels').getByRole('img')).toHaveCount(3);
  await shot('join-community-zh-Hant');
  await page.goto(`/#/pages/common/web-view/index?url=${encodeURIComponent('javascript:alert(1)')}`);
  await expect(page.getByTestId('web-view-refused')).toContainText('無法開啟連結');
  await shot('web-view-refused-zh-Hant');
});

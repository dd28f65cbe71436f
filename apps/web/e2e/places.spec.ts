import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { API_BASE } from '@polaris/contract';
import { accountByApi, apiCall, E2E_PASSWORD, shotsFolder, speakFromNextLoad, test } from './support.ts';

const SHOTS = shotsFolder('places');

async function useLanguage(page: Page, language: 'en' | 'zh-Hant') {
  await speakFromNextLoad(page, language);
  await page.reload();
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

/** The native select's options, opened as a list for the screenshot (a dropdown is drawn outside the page). */
async function shotZoneList(page: Page, name: string) {
  const select = page.getByTestId('host-timezone');
  await select.evaluate((element) => element.setAttribute('size', '10'));
  await select.scrollIntoViewIfNeeded();
  await shot(page, name);
  await select.evaluate((element) => element.removeAttribute('size'));
}

// An organizer types 台北 into the city field of the create form: the catalogue's 臺北 is offered, picking it sets
// the zone to Asia/Taipei (named 台北標準時間 with its offset); the location picker finds a venue through the
// local gazetteer (labelled as such). The preferred-city list then shows one Taipei entry counting both the
// activity created in English beforehand and this one, named 臺北 in zh-Hant and Taipei in English.
test('a city typed in Chinese is the catalogue city; address search; the zone follows the city', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const host = await accountByApi(page.request, 'places');
  await apiCall(page.request, host.token, '/user/personalInfo', { uname: 'Host Places' });
  // Other journeys on this server may hold Taipei activities already: this one adds two.
  const cities = await (await page.request.get(`${API_BASE}/activity/cities`)).json();
  const before: number = cities.attachment.items.find((item: { city: string }) => item.city === 'taipei')?.count ?? 0;
  const start = Date.now() + 10 * 86_400_000;
  await apiCall(page.request, host.token, '/activity/create', {
    title: 'Riverside run',
    description: 'An easy 5 km along the river.',
    category: 'sports',
    startsAt: new Date(start).toISOString(),
    endsAt: new Date(start + 2 * 3_600_000).toISOString(),
    timezone: 'Asia/Taipei',
    city: 'Taipei',
    address: 'Dajia Riverside Park, Zhongshan District',
    latitude: 25.0747,
    longitude: 121.5318,
    publish: true,
  });

  await page.goto('/#/pages/user/login/index');
  await page.getByTestId('login-email').fill(host.email);
  await page.getByTestId('login-password').fill(E2E_PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page).not.toHaveURL(/login/);

  // zh-Hant (the default): 台北 offers the catalogue city; picking it sets the zone.
  await page.goto('/#/pages/activity/create/index');
  await expect(page.getByTestId('host-form')).toBeVisible();
  await page.getByTestId('host-timezone').selectOption('UTC');
  await page.getByTestId('host-city').fill('台北');
  await expect(page.getByTestId('host-city-option-taipei')).toContainText('臺北');
  await expect(page.getByTestId('host-city-option-taipei')).toContainText('GMT+8');
  await shot(page, 'zh-Hant-city-suggestions');
  await page.getByTestId('host-city-option-taipei').click();
  await expect(page.getByTestId('host-city')).toHaveValue('臺北');
  await expect(page.getByTestId('host-timezone')).toHaveValue('Asia/Taipei');
  await expect(page.getByTestId('host-timezone').locator('option:checked')).toHaveText(/^GMT\+8 · 台北標準時間/);
  await expect(page.getByTestId('host-zone-set')).toContainText('GMT+8');
  await shotZoneList(page, 'zh-Hant-timezone-list');

  // The location picker's address search answers from the local gazetteer, and says so.
  await page.getByTestId('host-title').fill('河濱夜跑');
  await page.getByTestId('host-description').fill('沿著河邊慢跑五公里。');
  await page.getByTestId('host-category').selectOption('sports');
  await page.getByTestId('host-pick-location').click();
  await page.getByTestId('place-search-input').fill('Riverside');
  const venue = page.getByTestId('place-search-result').filter({ hasText: 'Dajia Riverside Park' });
  await expect(venue).toBeVisible();
  await expect(page.getByTestId('place-search-source')).toHaveAttribute('data-source', 'gazetteer');
  await expect(page.getByTestId('place-search-source')).toContainText('內建地點清單');
  await shot(page, 'zh-Hant-location-picker');
  await venue.click();
  await expect(page.getByTestId('location-address')).toHaveValue('Dajia Riverside Park, Zhongshan District');
  await expect(page.getByTestId('location-city')).toHaveValue('臺北');
  await expect(page.getByTestId('location-lat')).toHaveValue('25.074700');
  await page.getByTestId('location-confirm').click();
  await expect(page.getByTestId('host-coordinates')).toContainText('25.0747');
  await expect(page.getByTestId('host-timezone')).toHaveValue('Asia/Taipei');
  await page.getByTestId('host-ticket-0-name').fill('免費');
  await page.getByTestId('host-publish').click();
  await page.locator('.adm-dialog-footer').getByRole('button', { name: '發佈' }).click();
  await expect(page).toHaveURL(/manage\/index\?id=/);

  // One Taipei in the city list, counting both, named in the reader's language.
  await page.goto('/#/pages/activity/preferred-city/index');
  await expect(page.getByTestId('city-taipei')).toContainText('臺北');
  await expect(page.getByTestId('city-taipei')).toContainText(String(before + 2));
  // One entry for the city, however it was typed.
  await expect(
    page
      .getByTestId('city-list')
      .getByRole('button')
      .filter({ hasText: /台北|臺北|Taipei/ }),
  ).toHaveCount(1);
  await shot(page, 'zh-Hant-city-list');
  await page.getByTestId('city-taipei').click();
  await expect(page).not.toHaveURL(/preferred-city/);
  await page.goto('/#/pages/activity/index/index');
  await expect(page.getByTestId('home-city')).toContainText('臺北');

  await useLanguage(page, 'en');
  await expect(page.getByTestId('home-city')).toContainText('Taipei');
  await page.goto('/#/pages/activity/preferred-city/index');
  await expect(page.getByTestId('city-taipei')).toContainText('Taipei');
  await expect(page.getByTestId('city-taipei')).toContainText(String(before + 2));
  await shot(page, 'en-city-list');

  // In English: the same search and zone labels.
  await page.goto('/#/pages/activity/create/index');
  await expect(page.getByTestId('host-form')).toBeVisible();
  await page.getByTestId('host-city').fill('taipei');
  await expect(page.getByTestId('host-city-option-taipei')).toContainText('Taipei');
  await shot(page, 'en-city-suggestions');
  await page.getByTestId('host-city-option-taipei').click();
  await expect(page.getByTestId('host-timezone')).toHaveValue('Asia/Taipei');
  await expect(page.getByTestId('host-timezone').locator('option:checked')).toHaveText(
    /^GMT\+8 · (Taipei|Taiwan) Standard Time · Taipei$/,
  );
  await shotZoneList(page, 'en-timezone-list');
  await page.getByTestId('host-pick-location').click();
  await page.getByTestId('place-search-input').fill('riverside');
  await expect(page.getByTestId('place-search-result').first()).toBeVisible();
  await expect(page.getByTestId('place-search-source')).toContainText('built-in place list');
  await shot(page, 'en-location-picker');
});

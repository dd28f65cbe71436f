import { expect } from '@playwright/test';
import { API_BASE } from '@polaris/contract';
import sharp from 'sharp';
import { accountByApi, apiCall, stepper, test } from './support.ts';

// The app opened at another address than the server's PUBLIC_URL (here `localhost` for a server whose PUBLIC_URL
// is 127.0.0.1, as a phone on the LAN opens a laptop's app by its IP): the covers load (they were absolute URLs on
// PUBLIC_URL, refused by the page's img-src 'self'; the cspGuard fixture fails any violation), and the share
// button hands the link to the device's share sheet.

test('covers load and sharing opens the share sheet at an address other than PUBLIC_URL', async ({ page }, info) => {
  const shot = stepper(page, info);
  const host = await accountByApi(page.request, 'origin-host');
  await apiCall(page.request, host.token, '/user/personalInfo', { uname: 'Origin Host' });
  const png = await sharp({ create: { width: 800, height: 450, channels: 3, background: '#2f6f4f' } })
    .png()
    .toBuffer();
  const uploaded = await page.request.post(`${API_BASE}/activity/image/upload`, {
    headers: { token: host.token },
    multipart: { file: { name: 'cover.png', mimeType: 'image/png', buffer: png } },
  });
  const cover = ((await uploaded.json()) as { attachment: { id: string } }).attachment.id;
  const start = new Date(Date.now() + 4 * 86_400_000);
  start.setUTCMinutes(0, 0, 0);
  const activity = await apiCall<{ id: string; shareUrl: string }>(page.request, host.token, '/activity/create', {
    title: 'Cover From Anywhere',
    category: 'tech',
    startsAt: start.toISOString(),
    endsAt: new Date(start.getTime() + 2 * 3_600_000).toISOString(),
    timezone: 'Asia/Taipei',
    city: 'Taipei',
    address: 'Pier 5',
    capacity: 10,
    coverImageId: cover,
    publish: true,
  });

  const elsewhere = new URL(process.env.E2E_BASE_URL!);
  elsewhere.hostname = 'localhost';
  await page.addInitScript(() => {
    const shared: unknown[] = [];
    (window as unknown as { shared: unknown[] }).shared = shared;
    navigator.share = async (data?: ShareData) => {
      shared.push(data);
    };
  });
  await page.goto(`${elsewhere.origin}/#/pages/activity/details/index?id=${activity.id}`);
  const image = page.getByTestId('cover-image').first();
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  await shot('cover-at-localhost');

  await page.getByTestId('details-share').click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { shared: { url: string }[] }).shared.map((s) => s.url)))
    .toEqual([activity.shareUrl]);
});

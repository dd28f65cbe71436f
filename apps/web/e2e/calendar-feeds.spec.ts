import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from '@playwright/test';
import { accountByApi, freeActivity, logInAs, shotsFolder, test } from './support.ts';

// Issue 36 items 4 and 5 (docs/activities.md "Calendar feeds", "Embedding"): an organizer's public calendar and the
// listing of their activities on their own website, framed by another origin in a real browser.
const SHOTS = shotsFolder('calendar-feeds');

test('an organizer copies the one line for their website; the listing shows framed there, sized, in its language', async ({
  page,
  baseURL,
}) => {
  const hana = await accountByApi(page.request, 'embed-hana');
  const title = 'Harbour Builders Brunch';
  await freeActivity(page.request, hana, title);

  await logInAs(page, hana.email, 'en');
  await page.goto('/#/pages/activity/my/calendar/setting/index');
  await expect(page.getByTestId('calendar-public-feed')).toContainText(
    /^webcal:\/\/.+\/calendar\/organizer\/\d+\.ics$/,
  );
  const snippet = (await page.getByTestId('calendar-embed').textContent()) ?? '';
  expect(snippet).toMatch(/^<script src="[^"]+\/embed\/listing\.js" data-organizer="\d+" async><\/script>$/);
  await page.getByTestId('calendar-embed').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/settings-en.png`, fullPage: true });

  // The organizer's own website: another origin (a server of its own on another port), in Traditional Chinese,
  // with the line pasted in.
  const html = `<!doctype html><html lang="zh-Hant"><head><meta name="viewport" content="width=device-width"></head>
    <body style="font-family:sans-serif"><h1>Our meetups</h1>${snippet}<p id="after">See you there.</p></body></html>`;
  const website = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((resolve) => website.listen(0, '127.0.0.1', resolve));
  const { port } = website.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  expect(origin).not.toBe(new URL(baseURL!).origin);
  await page.goto(`${origin}/`);
  const frame = page.frameLocator('iframe');
  await expect(frame.getByRole('heading', { level: 1 })).toContainText('的活動');
  await expect(frame.getByText(title)).toBeVisible();
  // Sized to what it lists: the frame starts at 240 px and shrinks to the listing's own height (one activity).
  const iframe = page.locator('iframe');
  const heights = async () => ({
    frame: await iframe.evaluate((element) => element.getBoundingClientRect().height),
    listing: await frame.locator('html').evaluate((html) => Math.ceil(html.getBoundingClientRect().height)),
  });
  await expect.poll(async () => (await heights()).frame).toBeLessThan(240);
  const { frame: frameHeight, listing } = await heights();
  expect(Math.abs(frameHeight - listing)).toBeLessThanOrEqual(1);

  // A tap opens the activity's page in the app, in a new tab.
  const [tab] = await Promise.all([page.waitForEvent('popup'), frame.getByText(title).click()]);
  await expect(tab).toHaveURL(/#\/pages\/activity\/details\/index\?id=/);
  // Last: a full-page screenshot resizes the viewport for a moment, the frame re-measures and moves under the
  // pointer, and a click in that moment lands on nothing (4 runs in 6 before this came last).
  await page.screenshot({ path: `${SHOTS}/framed-zh-Hant.png`, fullPage: true });
  website.close();
});

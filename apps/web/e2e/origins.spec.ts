import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { API_BASE, hashLoginPassword } from '@polaris/contract';
import sharp from 'sharp';
import { latestCode } from '../../server/src/test/outbox.ts';
import { CURRENT_RELEASE, releaseFileOf } from './release.ts';
import {
  type Account,
  accountByApi,
  apiCall,
  E2E_PASSWORD,
  shotsFolder,
  solvedCaptcha,
  stepper,
  test,
  uniqueEmail,
} from './support.ts';

// Issue 31: the app opened at another address than the server's PUBLIC_URL, as a phone on the LAN opens a laptop's
// app by its IP. The covers load (they were absolute URLs on PUBLIC_URL, refused by the page's img-src 'self'; the
// cspGuard fixture fails any violation), and the share button hands the link to the device's share sheet, or copies
// it where there is none. A server with no PUBLIC_URL at all says so to the person sharing.

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** A published activity with a cover, hosted by `host`. */
async function activityWithCover(request: APIRequestContext, host: Account, title: string) {
  await apiCall(request, host.token, '/user/personalInfo', { uname: 'Origin Host' });
  const png = await sharp({ create: { width: 800, height: 450, channels: 3, background: '#2f6f4f' } })
    .png()
    .toBuffer();
  const uploaded = await request.post(`${API_BASE}/activity/image/upload`, {
    headers: { token: host.token },
    multipart: { file: { name: 'cover.png', mimeType: 'image/png', buffer: png } },
  });
  const cover = ((await uploaded.json()) as { attachment: { id: string } }).attachment.id;
  const start = new Date(Date.now() + 4 * 86_400_000);
  start.setUTCMinutes(0, 0, 0);
  return apiCall<{ id: string; shareUrl: string }>(request, host.token, '/activity/create', {
    title,
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
}

/** Records what the page hands to `navigator.share` and `navigator.clipboard.writeText`; `share` false removes it. */
async function recordSharing(page: Page, share: boolean) {
  await page.addInitScript((withShare) => {
    const w = window as unknown as { shared: unknown[]; copied: string[] };
    w.shared = [];
    w.copied = [];
    if (withShare) {
      navigator.share = async (data?: ShareData) => {
        w.shared.push(data);
      };
    } else {
      Reflect.deleteProperty(Navigator.prototype, 'share');
    }
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: async (text: string) => void w.copied.push(text) },
    });
  }, share);
}

const sharedUrls = (page: Page) =>
  page.evaluate(() => (window as unknown as { shared: { url: string }[] }).shared.map((s) => s.url));
const copiedTexts = (page: Page) => page.evaluate(() => (window as unknown as { copied: string[] }).copied);

async function expectCoverLoaded(page: Page) {
  const image = page.getByTestId('cover-image').first();
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
}

test('at an address other than PUBLIC_URL covers load, and sharing opens the share sheet or copies', async ({
  page,
  browser,
}, info) => {
  const shot = stepper(page, info);
  const host = await accountByApi(page.request, 'origin-host');
  const activity = await activityWithCover(page.request, host, 'Cover From Anywhere');
  // The e2e server's PUBLIC_URL is 127.0.0.1; the page is opened at localhost, another origin.
  const elsewhere = new URL(process.env.E2E_BASE_URL!);
  elsewhere.hostname = 'localhost';
  const detail = `${elsewhere.origin}/#/pages/activity/details/index?id=${activity.id}`;

  await recordSharing(page, true);
  await page.goto(detail);
  await expectCoverLoaded(page);
  await shot('cover-at-localhost');
  await page.getByTestId('details-share').click();
  await expect.poll(() => sharedUrls(page)).toEqual([activity.shareUrl]);
  expect(await copiedTexts(page)).toEqual([]);
  await expect(page.getByTestId('share-local-only')).toHaveCount(0);

  // A browser without a share sheet: the link is copied, and the person is told.
  const context = await browser.newContext();
  const bare = await context.newPage();
  await recordSharing(bare, false);
  await bare.goto(detail);
  await expectCoverLoaded(bare);
  await bare.getByTestId('details-share').click();
  await expect.poll(() => copiedTexts(bare)).toEqual([activity.shareUrl]);
  await expect(bare.locator('.adm-toast-main')).toBeVisible();
  await context.close();
});

/** A server of this test's own with no PUBLIC_URL (its links then name http://localhost:<port>). */
async function serverWithoutPublicUrl(port: number) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'polaris-e2e-origins-'));
  writeFileSync(releaseFileOf(dataDir), JSON.stringify(CURRENT_RELEASE));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    CAPTCHA_COMPLEXITY: '2000',
    RATE_LIMIT_MULTIPLIER: '20',
    CLIENT_RELEASE_FILE: releaseFileOf(dataDir),
  };
  delete env.PUBLIC_URL;
  delete env.SHORT_LINK_HOST;
  // Its own process group, so stopping it stops tsx's node under npx as well.
  const child = spawn('npx', ['tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env,
    detached: true,
    stdio: 'ignore',
  });
  const origin = `http://127.0.0.1:${port}`;
  await expect
    .poll(
      () =>
        fetch(`${origin}${API_BASE}/health`).then(
          (r) => r.ok,
          () => false,
        ),
      {
        timeout: 40_000,
        intervals: [250],
      },
    )
    .toBe(true);
  return { origin, outbox: path.join(dataDir, 'outbox'), child };
}

function stop(child: ChildProcess | undefined) {
  if (child?.pid) process.kill(-child.pid, 'SIGTERM');
}

test('a server without PUBLIC_URL: covers load at 127.0.0.1 and sharing says the link is local', async ({
  page,
  playwright,
}, info) => {
  test.setTimeout(75_000);
  const shot = stepper(page, info);
  let child: ChildProcess | undefined;
  try {
    const server = await serverWithoutPublicUrl(Number(process.env.E2E_PORT ?? 8181) + 9);
    child = server.child;
    const request = await playwright.request.newContext({ baseURL: server.origin });
    const email = uniqueEmail('origin-local');
    await request.post(`${API_BASE}/user/vcode/send`, {
      data: { email, purpose: 'signup', captcha: await solvedCaptcha(request) },
    });
    let vcode: string | undefined;
    await expect.poll(async () => (vcode = await latestCode(server.outbox, email)), { intervals: [100] }).toBeTruthy();
    const signup = await request.post(`${API_BASE}/user/signup`, {
      data: { email, vcode, password: hashLoginPassword(E2E_PASSWORD), captcha: await solvedCaptcha(request) },
    });
    const { attachment } = (await signup.json()) as { attachment: { token: string; uid: number } };
    const host = { email, token: attachment.token, uid: String(attachment.uid) };
    const activity = await activityWithCover(request, host, 'Cover On The LAN');
    expect(activity.shareUrl).toMatch(/^http:\/\/localhost:\d+\/s\//);

    await recordSharing(page, true);
    await page.addInitScript(() => {
      const store = JSON.parse(localStorage.getItem('polarisex:store') ?? '{}');
      // English to begin with; a language chosen later (below) stays across reloads.
      if (!store.settings?.language) {
        localStorage.setItem(
          'polarisex:store',
          JSON.stringify({ ...store, settings: { ...store.settings, language: 'en' } }),
        );
      }
    });
    await page.goto(`${server.origin}/#/`);
    await expect(page.getByTestId('cover-image').first()).toBeVisible();
    await page.goto(`${server.origin}/#/pages/activity/details/index?id=${activity.id}`);
    await expectCoverLoaded(page);
    await page.getByTestId('details-share').click();
    const notice = page.getByTestId('share-local-only');
    await expect(notice).toContainText('PUBLIC_URL');
    await shot('local-only-notice');
    await page.getByTestId('share-local-only-confirm').click();
    // The link names the address the page was opened at, which a phone on this network reaches.
    await expect
      .poll(() => sharedUrls(page))
      .toEqual([activity.shareUrl.replace(/^http:\/\/localhost:\d+/, server.origin)]);

    // The notice as people see it, for review: 390 px, both languages, light and dark.
    for (const language of ['en', 'zh-Hant'] as const) {
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        await page.evaluate((lang) => {
          const store = JSON.parse(localStorage.getItem('polarisex:store') ?? '{}');
          localStorage.setItem(
            'polarisex:store',
            JSON.stringify({ ...store, settings: { ...store.settings, language: lang } }),
          );
        }, language);
        await page.reload();
        await expectCoverLoaded(page);
        await page.screenshot({ path: path.join(shotsFolder('origins'), `detail-${language}-${colorScheme}.png`) });
        await page.getByTestId('details-share').click();
        await expect(notice).toBeVisible();
        await page.screenshot({ path: path.join(shotsFolder('origins'), `notice-${language}-${colorScheme}.png`) });
        await page.getByTestId('share-local-only-confirm').click();
        await expect(notice).toHaveCount(0);
      }
    }
    await request.dispose();
  } finally {
    stop(child);
  }
});

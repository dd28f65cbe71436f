import { writeFileSync } from 'node:fs';
import { type BrowserContext, expect, type Page } from '@playwright/test';
import { API_BASE } from '@polaris/contract';
import { CURRENT_RELEASE, releaseFileOf } from './release.ts';
import { accountByApi, apiCall, logInAs, stepper, test } from './support.ts';

/** Waits until the service worker has installed the build and controls the page (docs/app-platform.md). */
async function controlledBySw(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, null, { timeout: 25_000 });
}

// A guest's ticket QR opens with the network cut; the organizer scans it with the network cut, the scan waits on
// the device, and once the network is back it is sent exactly once and checked in at the time it was scanned.
test('offline: the ticket QR opens without a network, and an offline scan syncs once when back', async ({
  page,
  browser,
  request,
}, info) => {
  const shot = stepper(page, info);
  const organizer = await accountByApi(request, 'pwa-organizer');
  await apiCall(request, organizer.token, '/user/personalInfo', { uname: 'Olivia Offline' });
  const guest = await accountByApi(request, 'pwa-guest');
  await apiCall(request, guest.token, '/user/personalInfo', { uname: 'Gus Guest' });
  const start = new Date(Date.now() + 2 * 3_600_000);
  const activity = await apiCall<{ id: string }>(request, organizer.token, '/activity/create', {
    title: 'Offline Builders Meetup',
    description: 'Tickets that work in a basement.',
    category: 'web3',
    startsAt: start.toISOString(),
    endsAt: new Date(start.getTime() + 3 * 3_600_000).toISOString(),
    timezone: 'Asia/Taipei',
    city: 'Taipei',
    address: 'B2, No. 1 Basement Rd',
    capacity: 20,
    publish: true,
  });
  const ticket = await apiCall<{ qr: string }>(request, guest.token, '/activity/signup', { activityId: activity.id });

  // The guest opens My Tickets once with a network; the app installs itself meanwhile.
  await logInAs(page, guest.email);
  await page.goto('/#/pages/activity/my/activities/index');
  await expect(page.getByTestId('ticket-qr')).toHaveAttribute('data-payload', ticket.qr);
  await controlledBySw(page);
  await page.context().setOffline(true);
  await page.reload();
  await expect(page.getByTestId('tickets-offline')).toBeVisible();
  await expect(page.getByTestId('ticket-qr')).toHaveAttribute('data-payload', ticket.qr);
  await expect(page.getByTestId('ticket-qr').locator('img')).toBeVisible();
  // Offline, the page's queries wait for the network instead of failing with a "network error" toast.
  await expect(page.getByText(/Network error/)).toHaveCount(0);
  await shot('guest-ticket-offline-en');
  await page.context().setOffline(false);

  // The organizer, in Traditional Chinese, on the scan page.
  const hostContext: BrowserContext = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  const host = await hostContext.newPage();
  const hostShot = stepper(host, info);
  const checkins: string[] = [];
  host.on('request', (sent) => {
    if (sent.method() === 'POST' && sent.url().includes('/activity/checkin')) checkins.push(sent.url());
  });
  await logInAs(host, organizer.email, 'zh-Hant');
  const scanPath = `/#/pages/activity/manage/assembly/join/scan/index?id=${activity.id}`;
  await host.goto(scanPath);
  await expect(host.getByTestId('scan-checked-in')).toHaveAttribute('data-value', '0');
  await controlledBySw(host);
  await hostContext.setOffline(true);
  await host.reload();
  await expect(host.getByTestId('scan-offline')).toBeVisible();
  const scannedAt = Date.now();
  await host.getByTestId('scan-code').fill(ticket.qr);
  await host.getByTestId('scan-submit').click();
  await expect(host.getByTestId('scan-result')).toHaveAttribute('data-kind', 'queued');
  await expect(host.getByTestId('scan-queue')).toHaveAttribute('data-pending', '1');
  // The same code scanned again while offline is not queued twice.
  await host.getByTestId('scan-code').fill(ticket.qr);
  await host.getByTestId('scan-submit').click();
  await expect(host.getByTestId('scan-queue')).toHaveAttribute('data-pending', '1');
  await hostShot('host-scan-queued-zh-Hant');
  expect(checkins).toEqual([]);

  await hostContext.setOffline(false);
  await expect(host.getByTestId('scan-synced-item')).toHaveAttribute('data-kind', 'ok');
  await expect(host.getByTestId('scan-synced-item')).toContainText('Gus Guest');
  await expect(host.getByTestId('scan-pending')).toHaveCount(0);
  await expect(host.getByTestId('scan-result')).toHaveCount(0);
  await hostShot('host-scan-synced-zh-Hant');
  expect(checkins).toHaveLength(1);

  // The server checked the ticket in once, at the time it was scanned offline.
  const overview = await request.get(`${API_BASE}/activity/manage/overview`, {
    params: { activityId: activity.id },
    headers: { token: organizer.token },
  });
  expect(
    ((await overview.json()) as { attachment: { counts: { checkedIn: number } } }).attachment.counts.checkedIn,
  ).toBe(1);
  const tickets = await request.get(`${API_BASE}/activity/tickets`, {
    params: { when: 'upcoming' },
    headers: { token: guest.token },
  });
  const mine = ((await tickets.json()) as { attachment: { items: { checkedIn: boolean; checkedInAt?: string }[] } })
    .attachment.items[0]!;
  expect(mine.checkedIn).toBe(true);
  if (mine.checkedInAt) expect(Math.abs(Date.parse(mine.checkedInAt) - scannedAt)).toBeLessThan(10_000);
  await hostContext.close();

  // SPEC §4 through the server's release file: a malformed one is a clear "check update failed" and the app keeps
  // working; a newer one is offered with its notes. This server has no newer build to install, so accepting it
  // fails the same clear way and the running app stays.
  const releaseFile = releaseFileOf(process.env.E2E_DATA_DIR!);
  try {
    writeFileSync(releaseFile, '{ "nowVersion": ');
    await page.reload();
    await expect(page.locator('.adm-toast-main', { hasText: 'Check update failed, please retry later' })).toBeVisible();
    await expect(page.getByTestId('ticket-item')).toBeVisible();
    writeFileSync(
      releaseFile,
      JSON.stringify({ ...CURRENT_RELEASE, nowVersion: '99.0.0', msgContent: 'Offline tickets and faster check-in.' }),
    );
    await page.reload();
    await expect(page.getByText('Version 99.0.0 is available')).toBeVisible();
    await expect(page.getByText('Offline tickets and faster check-in.')).toBeVisible();
    await shot('update-prompt-en');
    await page.getByText('Update now').click();
    await expect(page.locator('.adm-toast-main', { hasText: 'Check update failed, please retry later' })).toBeVisible();
    await expect(page.getByTestId('ticket-item')).toBeVisible();
  } finally {
    writeFileSync(releaseFile, JSON.stringify(CURRENT_RELEASE));
  }
});

import { expect, type Page } from '@playwright/test';
import type { PathName, Query } from '../src/app/paths.ts';
import { motionless } from './support.ts';

// What the route sweeps (a11y.spec.ts, english-pages.spec.ts) share: the query each page that shows one object
// needs, and opening a route the way the app moves between pages, waiting until it has settled.

/** The objects a sweep made, which pages that take an id show. */
export interface RouteObjects {
  uid: string;
  activityId: string;
  roomId: string;
  packetCode: string;
  /** A series made on the activity, when the sweep made one: the series page shows it. */
  seriesId?: string;
}

/** The query each page that shows one object needs. */
export function queryOf(name: PathName, f: RouteObjects): Query {
  const byName: Partial<Record<PathName, Query>> = {
    activityDetails: { id: f.activityId },
    manageActivity: { id: f.activityId },
    taskBounty: { id: f.activityId },
    sendInvite: { id: f.activityId },
    inviteParticipants: { id: f.activityId },
    editActivity: { id: f.activityId },
    checkinCode: { id: f.activityId },
    checkinScan: { id: f.activityId },
    marketing: { id: f.activityId },
    promoCodes: { id: f.activityId },
    selfCheckin: { id: f.activityId },
    ...(f.seriesId ? { activitySeries: { id: f.seriesId } } : {}),
    chat: { id: f.roomId },
    chatSetting: { id: f.roomId },
    chatMembers: { id: f.roomId },
    liveSetting: { id: f.roomId },
    chatRedPacket: { roomId: f.roomId },
    chatBountyCreate: { roomId: f.roomId },
    chatAnnouncement: { id: f.roomId },
    cityActivities: { id: f.roomId },
    redEnvelopePassword: { redpacketCode: f.packetCode },
    redEnvelopePasswordShare: { redpacketCode: f.packetCode },
    redEnvelopeReceive: { redpacketCode: f.packetCode },
    broadcasterInfo: { uid: f.uid },
    assetDetails: { asset: 'USDT' },
    assetRecords: { asset: 'USDT' },
    transfer: { asset: 'USDT' },
    bountyCreate: { activityId: f.activityId },
    openLocation: { lat: 25.03, lng: 121.56, name: 'Pier 5' },
  };
  return byName[name] ?? {};
}

/** The requests a sweeping page has in flight, and when the last one started or ended. */
const traffic = new WeakMap<Page, { inFlight: number; last: number }>();

function watchTraffic(page: Page) {
  const seen = { inFlight: 0, last: Date.now() };
  const moved = (by: number) => {
    seen.inFlight += by;
    seen.last = Date.now();
  };
  page.on('request', () => moved(1));
  page.on('requestfinished', () => moved(-1));
  page.on('requestfailed', () => moved(-1));
  traffic.set(page, seen);
}

/**
 * Waits until the page has had no request in flight for `quietMs` (a chunk's code asks for its data within that),
 * or `timeout` for pages that poll and never fall quiet: their first answers suffice.
 */
async function quiet(page: Page, quietMs = 300, timeout = 5_000) {
  const seen = traffic.get(page)!;
  const end = Date.now() + timeout;
  while (Date.now() < end && (seen.inFlight > 0 || Date.now() - seen.last < quietMs)) {
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * Opens a page as the app moves between pages (the hash changes; the first one loads the app) and waits until it
 * has settled. Loading the whole app again for each of a hundred routes was a third of the sweep's time.
 */
export async function open(page: Page, target: string) {
  if (!traffic.has(page)) watchTraffic(page);
  if (!page.url().startsWith('http')) await page.goto(`/#${target}`);
  else {
    // The app marks the page on screen once it has rendered (AppShell); a route that redirects to the page already
    // on screen leaves the mark as it was, but not the hash.
    const before = await page.evaluate(() => document.documentElement.dataset.page);
    if (before !== target) {
      await page.evaluate((hash) => {
        window.location.hash = hash;
      }, target);
      await page.waitForFunction(
        ([was, hash]) => document.documentElement.dataset.page !== was || window.location.hash !== hash,
        [before, `#${target}`] as const,
      );
    }
  }
  // Its chunk and data in, nothing pending, nothing moving, and no toast from the page before (moving by hash keeps
  // the app, so the sign-in's "Logged in" can still be fading out on the next page: axe measured it at 1.7:1).
  await quiet(page);
  await expect(page.getByTestId('page-loading')).toHaveCount(0);
  await expect(page.locator('.adm-toast-mask')).toHaveCount(0);
  await motionless(page);
}

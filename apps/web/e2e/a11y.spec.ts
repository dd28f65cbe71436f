import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { hashTradePassword } from '@polaris/contract';
import { href, PATHS, type PathName, type Query } from '../src/app/paths.ts';
import { type Account, apiCall, E2E_TRADE_PASSWORD, fundedAccount, logInAs, test } from './support.ts';

// axe-core on every route of the route table (routes/routes.ts: one per path of PATHS), signed in (English) and
// as a guest (zh-Hant, the default), in light mode, and a sample in dark mode (the colour tokens follow the
// system). A serious or critical violation anywhere fails the journey; all of them are listed at once.

/** The objects pages that take an id show: made by the test, so every page renders its real content. */
interface Fixtures {
  account: Account;
  activityId: string;
  roomId: string;
  packetCode: string;
}

async function makeFixtures(page: Page): Promise<Fixtures> {
  const account = await fundedAccount(page.request, 'a11y');
  await apiCall(page.request, account.token, '/user/personalInfo', { uname: 'Ada Access' });
  const start = new Date(Date.now() + 3 * 86_400_000);
  start.setUTCMinutes(0, 0, 0);
  const activity = await apiCall<{ id: string }>(page.request, account.token, '/activity/create', {
    title: 'Accessible Meetup',
    description: 'Screens everyone can use.',
    category: 'tech',
    startsAt: start.toISOString(),
    endsAt: new Date(start.getTime() + 2 * 3_600_000).toISOString(),
    timezone: 'Asia/Taipei',
    city: 'Taipei',
    address: 'Pier 5',
    capacity: 20,
    publish: true,
  });
  const room = await apiCall<{ id: string }>(page.request, account.token, '/chat/room/create', {
    name: 'Accessible room',
    description: 'Where we talk about contrast',
    joinPolicy: 'public',
  });
  for (const text of ['Hello room', 'Own messages have a time too', 'And a third one']) {
    await apiCall(page.request, account.token, '/chat/message/send', { roomId: room.id, text });
  }
  const packet = await apiCall<{ code: string }>(page.request, account.token, '/redpacket/send', {
    kind: 'share',
    asset: 'USDT',
    amount: '1',
    count: 2,
    validity: 1,
    validityUnit: 'day',
    greeting: 'For everyone',
    tradePassword: hashTradePassword(E2E_TRADE_PASSWORD, account.uid),
    idempotencyKey: randomUUID(),
  });
  return { account, activityId: activity.id, roomId: room.id, packetCode: packet.code };
}

/** The query each page that shows one object needs. */
function queryOf(name: PathName, f: Fixtures): Query {
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
    selfCheckin: { id: f.activityId },
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
    broadcasterInfo: { uid: f.account.uid },
    assetDetails: { asset: 'USDT' },
    assetRecords: { asset: 'USDT' },
    transfer: { asset: 'USDT' },
    bountyCreate: { activityId: f.activityId },
    openLocation: { lat: 25.03, lng: 121.56, name: 'Pier 5' },
  };
  return byName[name] ?? {};
}

/** Opens a page on a fresh load and waits until it has settled: its chunk in, no request pending, no animation. */
async function open(page: Page, target: string) {
  await page.goto('about:blank');
  await page.goto(`/#${target}`);
  // Pages that poll (a live stage, a chat's typing state) never fall quiet for long: their first answers suffice.
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  await expect(page.getByTestId('page-loading')).toHaveCount(0);
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
}

type Found = { route: string; rule: string; impact: string; nodes: string[] };

async function scan(page: Page, route: string): Promise<Found[]> {
  console.log(`axe: ${route}`);
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      route,
      rule: v.id,
      impact: v.impact ?? '',
      nodes: v.nodes.map((n) => `${n.target.join(' ')} :: ${n.failureSummary?.split('\n').slice(1, 2).join('')}`),
    }));
}

/** Every violation of a pass, kept in test-results/a11y/<name>.json for whoever fixes them. */
function keep(name: string, found: Found[]) {
  const folder = path.resolve(import.meta.dirname, '../../../test-results/a11y');
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, `${name}.json`), JSON.stringify(found, null, 2));
}

const ENTRIES = Object.entries(PATHS) as [PathName, (typeof PATHS)[PathName]][];

/** Pages whose colours the dark pass checks: a sample of every kind of screen. */
const DARK_SAMPLE: PathName[] = [
  'activityHome',
  'activityDetails',
  'community',
  'chat',
  'me',
  'myCalendar',
  'my',
  'assetDetails',
  'redEnvelopeReceive',
  'daogameSearch',
  'daogameRank',
  'login',
];

test.describe('axe-core on every route', () => {
  test.describe.configure({ timeout: 900_000 });

  test('signed in: no serious or critical violation on any route, light and dark', async ({ page }) => {
    const fixtures = await makeFixtures(page);
    await logInAs(page, fixtures.account.email);
    const found: Found[] = [];
    for (const [name, pathname] of ENTRIES) {
      const target = href(pathname, queryOf(name, fixtures));
      await open(page, target);
      found.push(...(await scan(page, target)));
    }
    await page.emulateMedia({ colorScheme: 'dark' });
    for (const name of DARK_SAMPLE) {
      const target = href(PATHS[name], queryOf(name, fixtures));
      await open(page, target);
      found.push(...(await scan(page, `dark ${target}`)));
    }
    keep('signed-in', found);
    expect(found.map((f) => `${f.route}: ${f.rule} (${f.nodes.length})`)).toEqual([]);
  });

  test('as a guest: no serious or critical violation on any route, light and dark', async ({ page }) => {
    const fixtures = await makeFixtures(page);
    const found: Found[] = [];
    for (const [name, pathname] of ENTRIES) {
      const target = href(pathname, queryOf(name, fixtures));
      await open(page, target);
      found.push(...(await scan(page, target)));
    }
    await page.emulateMedia({ colorScheme: 'dark' });
    for (const name of DARK_SAMPLE) {
      const target = href(PATHS[name], queryOf(name, fixtures));
      await open(page, target);
      found.push(...(await scan(page, `dark ${target}`)));
    }
    keep('guest', found);
    expect(found.map((f) => `${f.route}: ${f.rule} (${f.nodes.length})`)).toEqual([]);
  });
});

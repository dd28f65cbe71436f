import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { hashTradePassword } from '@polaris/contract';
import { href, PATHS, type PathName } from '../src/app/paths.ts';
import { SIGN_IN_TITLES } from '../src/routes/sign-in.ts';
import { open, queryOf, type RouteObjects } from './route-sweep.ts';
import {
  type Account,
  accountByApi,
  apiCall,
  E2E_TRADE_PASSWORD,
  fundedAccount,
  logInAs,
  speakOnEveryLoad,
  stepper,
  test,
} from './support.ts';

// axe-core on every route of the route table (routes/routes.ts: one per path of PATHS), signed in (English) and
// as a guest (zh-Hant, the default), in light mode, and a sample in dark mode (the colour tokens follow the
// system). A serious or critical violation anywhere fails the journey; all of them are listed at once.

/** The objects pages that take an id show: made by the test, so every page renders its real content. */
interface Fixtures extends RouteObjects {
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
  // A stage on air, so the live list and the broadcaster's card show their on-air badges (once a red that white
  // text did not read on: seen only when another journey had left a stage on air).
  const stage = await apiCall<{ id: string }>(page.request, account.token, '/live/stage/create', {
    title: 'Contrast on air',
  });
  await apiCall(page.request, account.token, '/live/stage/start', { id: stage.id });
  // The activity repeats, so the series page shows a real series (its rule, three dates, End for the organizer).
  const series = await apiCall<{ id: string }>(page.request, account.token, '/activity/series/create', {
    activityId: activity.id,
    frequency: 'weekly',
    count: 3,
  });
  return {
    account,
    uid: account.uid,
    activityId: activity.id,
    roomId: room.id,
    packetCode: packet.code,
    seriesId: series.id,
  };
}

type Found = { route: string; rule: string; impact: string; nodes: string[] };

async function scan(page: Page, route: string): Promise<Found[]> {
  console.log(`axe: ${route}`);
  // label-content-name-mismatch is one of axe's experimental rules, off unless asked for: a control whose
  // accessible name does not contain its visible words cannot be operated by voice (WCAG 2.5.3 Label in Name).
  const results = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      route,
      rule: v.id,
      impact: v.impact ?? '',
      nodes: v.nodes.map((n) => `${n.target.join(' ')} :: ${n.failureSummary?.split('\n').slice(1, 2).join('')}`),
    }));
}

/** Every violation of a pass so far, kept in test-results/a11y/<name>.json for whoever fixes them. */
function keep(name: string, found: Found[]) {
  const folder = path.resolve(import.meta.dirname, '../../../test-results/a11y');
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, `${name}.json`), JSON.stringify(found, null, 2));
}

/**
 * `A11Y_ONLY=chat,myCalendar` re-checks a few routes (by their PATHS names) while fixing them; the journey itself
 * runs every route.
 */
const only = process.env.A11Y_ONLY?.split(',').filter(Boolean);
const ENTRIES = (Object.entries(PATHS) as [PathName, (typeof PATHS)[PathName]][]).filter(
  ([name]) => !only || only.includes(name),
);

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

/**
 * Scans `targets` with two pages in their own contexts side by side, each taking the next target as it finishes
 * one: axe's work is in the browser, and two renderers keep both cores busy (the sweep is the longest journey).
 * Light targets first, then `dark` ones with the system scheme dark.
 */
async function sweep(pages: Page[], pass: string, light: string[], dark: string[]): Promise<Found[]> {
  const found: Found[] = [];
  for (const [scheme, targets] of [
    ['light', light],
    ['dark', dark],
  ] as const) {
    const queue = [...targets];
    await Promise.all(
      pages.map(async (page) => {
        await page.emulateMedia({ colorScheme: scheme });
        for (let target = queue.shift(); target !== undefined; target = queue.shift()) {
          await open(page, target);
          found.push(...(await scan(page, scheme === 'dark' ? `dark ${target}` : target)));
          keep(pass, found);
        }
      }),
    );
  }
  return found.sort((a, b) => a.route.localeCompare(b.route));
}

const darkTargets = (fixtures: Fixtures) =>
  DARK_SAMPLE.filter((sample) => !only || only.includes(sample)).map((name) =>
    href(PATHS[name], queryOf(name, fixtures)),
  );

test.describe('axe-core on every route', () => {
  test.describe.configure({ timeout: 1_200_000 });

  test('signed in: no serious or critical violation on any route, light and dark', async ({ page, browser }) => {
    const fixtures = await makeFixtures(page);
    const second = await (await browser.newContext()).newPage();
    await logInAs(page, fixtures.account.email);
    await logInAs(second, fixtures.account.email);
    const light = ENTRIES.map(([name, pathname]) => href(pathname, queryOf(name, fixtures)));
    const found = await sweep([page, second], 'signed-in', light, darkTargets(fixtures));
    await second.context().close();
    expect(found.map((f) => `${f.route}: ${f.rule} (${f.nodes.length})`)).toEqual([]);
  });

  test('as a guest: no serious or critical violation on any route, light and dark', async ({ page, browser }) => {
    const fixtures = await makeFixtures(page);
    const second = await (await browser.newContext()).newPage();
    // A guest sees the same guest wall (GuestWall, from routes/sign-in.ts) on every route that belongs to an
    // account, with only its title changed: the wall is scanned once, on the first such route, and the pass's
    // time goes to the pages a guest really sees.
    const [wall] = ENTRIES.filter(([, pathname]) => pathname in SIGN_IN_TITLES);
    if (wall) {
      await open(page, href(wall[1], queryOf(wall[0], fixtures)));
      await expect(page.getByTestId('guest-wall')).toBeVisible();
    }
    const light = ENTRIES.filter(([, pathname]) => !(pathname in SIGN_IN_TITLES) || pathname === wall?.[1]).map(
      ([name, pathname]) => href(pathname, queryOf(name, fixtures)),
    );
    const found = await sweep([page, second], 'guest', light, darkTargets(fixtures));
    await second.context().close();
    expect(found.map((f) => `${f.route}: ${f.rule} (${f.nodes.length})`)).toEqual([]);
  });
});

/** Presses Tab until the element matching `testId` has focus (at most `limit` times), as a keyboard user would. */
async function tabTo(page: Page, testId: string, limit = 15) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((id) => document.activeElement?.getAttribute('data-testid') === id, testId)) return;
  }
  throw new Error(`${testId} was not reached by Tab`);
}

/** The focused element's ring, or with `box` its parent's: a text field draws one ring on its rounded box. */
const outlineOf = (page: Page, on: 'self' | 'box' = 'self') =>
  page.evaluate((on) => {
    const active = document.activeElement as Element;
    const style = getComputedStyle(on === 'box' ? (active.parentElement as Element) : active);
    return { style: style.outlineStyle, width: Number.parseFloat(style.outlineWidth) };
  }, on);

test('keyboard focus shows a ring, the chat has a way past its messages, colours and motion follow the system', async ({
  page,
}, info) => {
  const shot = stepper(page, info);
  const account = await accountByApi(page.request, 'a11y-keys');
  const room = await apiCall<{ id: string }>(page.request, account.token, '/chat/room/create', {
    name: 'Keyboard room',
    joinPolicy: 'public',
  });
  for (let i = 1; i <= 30; i++) {
    await apiCall(page.request, account.token, '/chat/message/send', { roomId: room.id, text: `Message ${i}` });
  }

  // A ring on the focused input and on the primary button, reached by keyboard.
  await page.goto('/#/pages/user/login/index');
  await expect(page.getByTestId('login-email')).toBeVisible();
  await tabTo(page, 'login-email');
  expect(await outlineOf(page, 'box')).toEqual({ style: 'solid', width: 2 });
  expect((await outlineOf(page)).style).toBe('none');
  await page.getByTestId('login-email').fill(account.email);
  await page.getByTestId('login-password').fill('abc12345');
  await tabTo(page, 'login-submit');
  expect(await outlineOf(page)).toEqual({ style: 'solid', width: 2 });
  await page.keyboard.press('Enter');
  await expect(page).not.toHaveURL(/login/);

  // The room: the skip link is the way past thirty messages to the message box.
  await page.goto(`/#/pages/chatroom/chat/index?id=${room.id}`);
  await expect(page.getByText('Message 30')).toBeVisible();
  const skip = page.getByTestId('skip-link');
  await expect(skip).not.toBeInViewport();
  await tabTo(page, 'skip-link');
  await expect(skip).toBeInViewport();
  await shot('skip-link');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('composer-input')).toBeFocused();
  // The messages are a log region around a real list.
  await expect(page.getByRole('log')).toHaveCount(1);
  await expect(page.getByRole('log').getByRole('list').getByRole('listitem').first()).toBeVisible();

  // Dark mode follows the system through the colour tokens.
  const pageColour = () =>
    page.evaluate(() => getComputedStyle(document.getElementById('root') as Element).backgroundColor);
  expect(await pageColour()).toBe('rgb(245, 247, 251)');
  await page.emulateMedia({ colorScheme: 'dark' });
  expect(await pageColour()).toBe('rgb(15, 20, 32)');
  await shot('chat-dark');

  // Reduced motion: transitions finish at once.
  // The token in milliseconds (the build's minifier may write 200ms as .2s).
  const motion = () =>
    page.evaluate(() => {
      const value = getComputedStyle(document.documentElement).getPropertyValue('--px-motion').trim();
      return value.endsWith('ms') ? Number.parseFloat(value) : Number.parseFloat(value) * 1000;
    });
  expect(await motion()).toBe(200);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await motion()).toBe(0);
  const longest = await page.evaluate(() =>
    Math.max(
      ...Array.from(document.querySelectorAll('*')).map((element) =>
        Number.parseFloat(getComputedStyle(element).transitionDuration),
      ),
    ),
  );
  expect(longest).toBeLessThan(0.001);
});

// The screens this work changed most, as people see them: the home, a chat room and the calendar at 390 px, in
// zh-Hant and English, light and dark (kept under test-results/a11y-shots/ for the notes).
test('the home, a chat room and the calendar in both languages and both schemes', async ({ page }) => {
  test.setTimeout(180_000);
  const account = await accountByApi(page.request, 'a11y-shots');
  await apiCall(page.request, account.token, '/user/personalInfo', { uname: 'Ada Access' });
  const room = await apiCall<{ id: string }>(page.request, account.token, '/chat/room/create', {
    name: 'Contrast club',
    joinPolicy: 'public',
  });
  for (const text of ['Is the time on my own bubble readable now?', 'It is, in both schemes.']) {
    await apiCall(page.request, account.token, '/chat/message/send', { roomId: room.id, text });
  }
  await logInAs(page, account.email);
  const folder = path.resolve(import.meta.dirname, '../../../test-results/a11y-shots');
  for (const language of ['zh-Hant', 'en'] as const) {
    await speakOnEveryLoad(page, language);
    // The language is read when the app loads: the next `open` loads it afresh.
    await page.goto('about:blank');
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      const screens: [string, string, string][] = [
        ['home', '/', 'activity-create'],
        ['chat', `/pages/chatroom/chat/index?id=${room.id}`, 'composer-input'],
        ['calendar', PATHS.myCalendar, 'calendar-view-month'],
      ];
      for (const [name, target, ready] of screens) {
        await open(page, target);
        await expect(page.getByTestId(ready)).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        const background = await page.evaluate(
          () => getComputedStyle(document.getElementById('root') as Element).backgroundColor,
        );
        expect(background).toBe(scheme === 'dark' ? 'rgb(15, 20, 32)' : 'rgb(245, 247, 251)');
        await page.screenshot({ path: path.join(folder, `${name}-${language}-${scheme}.png`) });
      }
    }
  }
});

import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { hashTradePassword } from '@polaris/contract';
import { href, PATHS, type PathName } from '../src/app/paths.ts';
import { open, queryOf, type RouteObjects } from './route-sweep.ts';
import { apiCall, E2E_TRADE_PASSWORD, fundedAccount, logInAs, test } from './support.ts';

// Every route of the route table, signed in and in English: no Han character in what the page shows (its text, and
// the labels and placeholders a screen reader or an empty field shows), outside what people wrote. What people wrote
// is marked `data-user-content` in the DOM; this journey's own objects have English names, so a Chinese word left
// on screen is the app's. The red packet's "開" on its open button was one.

const HAN = /\p{Script=Han}/u;

async function makeFixtures(page: Page): Promise<{ email: string; fixtures: RouteObjects }> {
  const account = await fundedAccount(page.request, 'english');
  await apiCall(page.request, account.token, '/user/personalInfo', { uname: 'Eve English' });
  const start = new Date(Date.now() + 3 * 86_400_000);
  start.setUTCMinutes(0, 0, 0);
  const activity = await apiCall<{ id: string }>(page.request, account.token, '/activity/create', {
    title: 'English Evening',
    description: 'Every word on screen in English.',
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
    name: 'English room',
    description: 'Plain words',
    joinPolicy: 'public',
  });
  await apiCall(page.request, account.token, '/chat/message/send', { roomId: room.id, text: 'Hello room' });
  // Someone else's packet: its page offers the open button (one's own packet only offers sharing).
  const sender = await fundedAccount(page.request, 'english-sender');
  const packet = await apiCall<{ code: string }>(page.request, sender.token, '/redpacket/send', {
    kind: 'share',
    asset: 'USDT',
    amount: '1',
    count: 2,
    validity: 1,
    validityUnit: 'day',
    greeting: 'For everyone',
    tradePassword: hashTradePassword(E2E_TRADE_PASSWORD, sender.uid),
    idempotencyKey: randomUUID(),
  });
  return {
    email: account.email,
    fixtures: { uid: account.uid, activityId: activity.id, roomId: room.id, packetCode: packet.code },
  };
}

/**
 * The Han text a person could meet on the page: visible text nodes, the accessible names and placeholders of
 * elements, and generated content (an icon glyph drawn by CSS), leaving out anything inside `data-user-content`.
 */
function hanOnPage(page: Page): Promise<string[]> {
  return page.evaluate((source) => {
    const han = new RegExp(source, 'u');
    const found = new Set<string>();
    const own = (element: Element) => !element.closest('[data-user-content]');
    const shown = (element: Element) =>
      element.checkVisibility({ checkOpacity: false, checkVisibilityCSS: true }) ||
      element.closest('[aria-live], [role="status"]') !== null;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const value = node.textContent ?? '';
      if (!parent || !han.test(value) || !own(parent) || !shown(parent)) continue;
      if (parent.closest('script, style, noscript, template')) continue;
      found.add(`text "${value.trim().slice(0, 60)}" in <${parent.tagName.toLowerCase()}>`);
    }
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      if (!own(element)) continue;
      for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
        const value = element.getAttribute(name);
        if (value && han.test(value))
          found.add(`${name} "${value.slice(0, 60)}" on <${element.tagName.toLowerCase()}>`);
      }
      for (const pseudo of ['::before', '::after']) {
        const content = getComputedStyle(element, pseudo).content;
        if (content && content !== 'none' && han.test(content)) {
          found.add(`${pseudo} ${content.slice(0, 20)} on <${element.tagName.toLowerCase()}>`);
        }
      }
    }
    return [...found];
  }, HAN.source);
}

test('every page in English shows no Chinese outside what people wrote', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const { email, fixtures } = await makeFixtures(page);
  const pages = [page, await (await browser.newContext()).newPage(), await (await browser.newContext()).newPage()];
  for (const each of pages) await logInAs(each, email);
  const queue = (Object.entries(PATHS) as [PathName, (typeof PATHS)[PathName]][]).map(([name, pathname]) =>
    href(pathname, queryOf(name, fixtures)),
  );
  const problems: string[] = [];
  await Promise.all(
    pages.map(async (each) => {
      for (let target = queue.shift(); target !== undefined; target = queue.shift()) {
        await open(each, target);
        for (const found of await hanOnPage(each)) problems.push(`${target}: ${found}`);
      }
    }),
  );
  for (const each of pages.slice(1)) await each.context().close();
  // The sweep must have met the envelope's open button (someone else's packet, still open): it once read "開".
  await open(page, href(PATHS.redEnvelopePassword, { redpacketCode: fixtures.packetCode }));
  await expect(page.getByTestId('envelope-open')).toBeVisible();
  for (const found of await hanOnPage(page)) problems.push(`envelope: ${found}`);
  expect([...new Set(problems)].sort()).toEqual([]);
});

import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import type { WalletUser } from '../../test/wallet-fixtures.ts';
import { createActivity, DAY, guest, HOUR, host, signUp } from '../activity/activity-fixtures.ts';
import { checkLedger } from '../wallet/ledger.store.ts';

let t: TestApp;
let hana: WalletUser;
let kai: WalletUser;
let ivan: WalletUser;

beforeAll(async () => {
  t = await createTestApp();
  hana = await host(t, 'hana.feeds@example.com');
  kai = await host(t, 'kai.feeds@example.com');
  ivan = await guest(t, 'ivan.feeds@example.com', '0');
});
afterAll(async () => {
  expect(await checkLedger(t.database.db)).toEqual([]);
  await t.close();
});

const API = '/rest/polarisex';
interface FeedEvent {
  uid: string;
  summary: string;
  sequence: number;
  status: string | null;
  start: string;
}

/** A feed as a calendar app reads it (ical.js), and its calendar's name. */
function parseFeed(body: string): { name: string; events: FeedEvent[] } {
  const calendar = new ICAL.Component(ICAL.parse(body));
  return {
    name: String(calendar.getFirstPropertyValue('x-wr-calname')),
    events: calendar.getAllSubcomponents('vevent').map((vevent) => {
      const event = new ICAL.Event(vevent);
      return {
        uid: event.uid,
        summary: event.summary,
        sequence: event.sequence,
        status: (vevent.getFirstPropertyValue('status') as string | null) ?? null,
        start: event.startDate.toJSDate().toISOString(),
      };
    }),
  };
}

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });

describe('public calendar feeds', () => {
  it("an organizer's feed lists their public activities (not drafts, not unlisted) with the invites' UID and SEQUENCE", async () => {
    // Whole seconds: iCalendar times carry no milliseconds.
    const start = Math.floor((t.clock.now().getTime() + 5 * DAY) / 1000) * 1000;
    const at = (offset: number) => ({
      startsAt: new Date(start + offset).toISOString(),
      endsAt: new Date(start + offset + 2 * HOUR).toISOString(),
    });
    const open = await createActivity(t, hana, { title: 'Open night; all welcome', ...at(0) });
    await createActivity(t, hana, { title: 'Secret dinner', visibility: 'unlisted', ...at(HOUR) });
    await createActivity(t, hana, { title: 'Still a draft', publish: false, ...at(2 * HOUR) });
    await createActivity(t, kai, { title: 'Someone else’s', ...at(3 * HOUR) });
    await signUp(t, ivan, open.id);

    const links = await t.call<{
      feed: { url: string; webcalUrl: string };
      embed: { pageUrl: string; snippet: string };
    }>('GET', '/calendar/host/links', { token: hana.token });
    expect(links.status).toBe(200);
    expect(links.attachment.feed.webcalUrl).toMatch(/^webcal:\/\/.+\/calendar\/organizer\/\d{8,15}\.ics$/);
    const feedPath = new URL(links.attachment.feed.url).pathname;
    const first = await get(feedPath);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(first.headers['cache-control']).toBe('public, max-age=300');
    const feed = parseFeed(first.body);
    expect(feed.name).toMatch(/· Polaris$/);
    expect(feed.events).toEqual([
      {
        uid: `activity-${open.id}@polaris`,
        summary: 'Open night; all welcome',
        sequence: 0,
        status: 'CONFIRMED',
        start: new Date(start).toISOString(),
      },
    ]);

    // A change of time raises the revision: the organizer's feed, the attendee's own feed and the mailed invite
    // all say SEQUENCE 1 for the same UID, so a calendar holding any of them moves the one event.
    const moved = new Date(start + DAY);
    const update = await t.call('POST', '/activity/update', {
      token: hana.token,
      body: { id: open.id, startsAt: moved.toISOString(), endsAt: new Date(moved.getTime() + 2 * HOUR).toISOString() },
    });
    expect(update.status).toBe(200);
    const after = parseFeed((await get(feedPath)).body).events;
    expect(after).toMatchObject([{ uid: `activity-${open.id}@polaris`, sequence: 1, start: moved.toISOString() }]);
    const own = await t.call<{ url: string }>('GET', '/calendar/feed', { token: ivan.token });
    const ownEvents = parseFeed((await get(new URL(own.attachment.url).pathname)).body).events;
    expect(ownEvents.find((event) => event.uid === `activity-${open.id}@polaris`)).toMatchObject({ sequence: 1 });

    // Cancelled: it stays in the feed, CANCELLED, one revision on.
    const cancelled = await t.call('POST', '/activity/manage/cancel', {
      token: hana.token,
      body: { activityId: open.id },
    });
    expect(cancelled.status).toBe(200);
    expect(parseFeed((await get(feedPath)).body).events).toMatchObject([{ status: 'CANCELLED', sequence: 2 }]);
  });

  it("a city's feed has the city's public activities whatever the case of its name; unknown feeds are not found", async () => {
    const start = t.clock.now().getTime() + 9 * DAY;
    const span = { startsAt: new Date(start).toISOString(), endsAt: new Date(start + HOUR).toISOString() };
    const here = await createActivity(t, kai, { title: 'Kaohsiung harbour walk', city: 'Kaohsiung', ...span });
    await createActivity(t, kai, { title: 'Tainan temple tour', city: 'Tainan', ...span });

    const link = await t.call<{ url: string; webcalUrl: string }>('GET', '/calendar/city/feed', {
      query: { city: 'Kaohsiung' },
    });
    expect(link.attachment.url).toMatch(/\/calendar\/city\/Kaohsiung\.ics$/);
    const feed = parseFeed((await get(`${API}/calendar/city/kaohsiung.ics`)).body);
    expect(feed.events.map((event) => [event.uid, event.summary])).toEqual([
      [`activity-${here.id}@polaris`, 'Kaohsiung harbour walk'],
    ]);
    // A city with spaces and non-ASCII letters, as the address carries it.
    expect((await get(`${API}/calendar/city/${encodeURIComponent('新 竹')}.ics`)).statusCode).toBe(200);

    for (const path of [
      '/calendar/organizer/99999999.ics',
      '/calendar/organizer/abc.ics',
      '/calendar/organizer/12345678',
    ]) {
      expect((await get(`${API}${path}`)).json()).toMatchObject({ status: 404 });
    }
    expect((await get(`${API}/calendar/city/${'x'.repeat(61)}.ics`)).json()).toMatchObject({ status: 404 });
  });
});

describe('the embeddable listing', () => {
  it('is the only page other sites may frame: upcoming public activities, escaped, in the asked language', async () => {
    const start = t.clock.now().getTime() + 3 * DAY;
    const shown = await createActivity(t, kai, {
      title: '<img src=x onerror=alert(1)> & friends',
      startsAt: new Date(start).toISOString(),
      endsAt: new Date(start + HOUR).toISOString(),
    });
    const links = await t.call<{ embed: { pageUrl: string; snippet: string } }>('GET', '/calendar/host/links', {
      token: kai.token,
    });
    const { pageUrl, snippet } = links.attachment.embed;
    expect(snippet).toMatch(/^<script src="[^"]+\/embed\/listing\.js" data-organizer="\d{8,15}" async><\/script>$/);

    const page = await get(`${new URL(pageUrl).pathname}?lang=zh-Hant`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['x-frame-options']).toBeUndefined();
    expect(page.body).toContain('<html lang="zh-Hant">');
    expect(page.body).toContain('的活動');
    expect(page.body).toContain('&#60;img src=x onerror=alert(1)&#62; &#38; friends');
    expect(page.body).not.toContain('<img');
    expect(page.body).toContain(`#/pages/activity/details/index?id=${shown.id}`);
    expect(page.body).toContain('target="_blank" rel="noopener"');
    const english = await get(new URL(pageUrl).pathname, { 'accept-language': 'en' });
    expect(english.body).toContain('Activities by');

    // Everything else still refuses to be framed.
    const other = await get(`${API}/app/config`);
    expect(other.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(other.headers['x-frame-options']).toBe('SAMEORIGIN');

    const script = await get(`${API}/embed/listing.js`);
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(script.body).toContain('/embed/organizer/');
    expect((await get(`${API}/embed/frame.js`)).body).toContain('postMessage');
    expect((await get(`${API}/embed/organizer/1`)).json()).toMatchObject({ status: 404 });
  });
});

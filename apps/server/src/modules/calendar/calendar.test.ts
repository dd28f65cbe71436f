import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import type { WalletUser } from '../../test/wallet-fixtures.ts';
import { createActivity, DAY, guest, HOUR, host, signUp } from '../activity/activity-fixtures.ts';
import { checkLedger } from '../wallet/ledger.store.ts';

let t: TestApp;
let hana: WalletUser;
let ivan: WalletUser;

beforeAll(async () => {
  t = await createTestApp();
  hana = await host(t, 'hana@example.com');
  ivan = await guest(t, 'ivan@example.com', '0');
});
afterAll(async () => {
  expect(await checkLedger(t.database.db)).toEqual([]);
  await t.close();
});

type Item = { kind: string; id: string; title: string; status: string | null };

describe('calendar', () => {
  it('shows joined and hosted activities and own entries by month and as a list, with filters', async () => {
    const start = new Date(t.clock.now().getTime() + 3 * DAY);
    const activity = await createActivity(t, hana, {
      title: 'Calendar meetup',
      startsAt: start.toISOString(),
      endsAt: new Date(start.getTime() + 2 * HOUR).toISOString(),
    });
    await signUp(t, ivan, activity.id);
    const entry = await t.call<Item>('POST', '/calendar/entry/create', {
      token: ivan.token,
      body: {
        title: 'Dentist; then lunch',
        startsAt: new Date(start.getTime() + DAY).toISOString(),
        endsAt: new Date(start.getTime() + DAY + HOUR).toISOString(),
        timezone: 'Asia/Taipei',
        location: 'Clinic, 2F',
      },
    });
    expect(entry.attachment).toMatchObject({ kind: 'own', title: 'Dentist; then lunch' });

    const list = await t.call<{ items: Item[] }>('GET', '/calendar/list', { token: ivan.token });
    expect(list.attachment.items.map((item) => [item.kind, item.title, item.status])).toEqual([
      ['joined', 'Calendar meetup', 'approved'],
      ['own', 'Dentist; then lunch', null],
    ]);
    const own = await t.call<{ items: Item[] }>('GET', '/calendar/list', {
      token: ivan.token,
      query: { filter: 'own' },
    });
    expect(own.attachment.items).toHaveLength(1);
    const hosted = await t.call<{ items: Item[] }>('GET', '/calendar/list', {
      token: hana.token,
      query: { filter: 'hosted' },
    });
    expect(hosted.attachment.items.map((item) => [item.kind, item.id])).toEqual([['hosted', activity.id]]);

    const month = start.toISOString().slice(0, 7);
    const byMonth = await t.call<{ items: Item[] }>('GET', '/calendar/month', {
      token: ivan.token,
      query: { month, tz: 'Asia/Taipei' },
    });
    expect(byMonth.attachment.items.map((item) => item.title)).toContain('Calendar meetup');
    const otherMonth = await t.call<{ items: Item[] }>('GET', '/calendar/month', {
      token: ivan.token,
      query: { month: '2001-01' },
    });
    expect(otherMonth.attachment.items).toEqual([]);
  });

  it('edits and deletes only the own entries; someone else’s is not found', async () => {
    const body = {
      title: 'Gym',
      startsAt: new Date(t.clock.now().getTime() + DAY).toISOString(),
      endsAt: new Date(t.clock.now().getTime() + DAY + HOUR).toISOString(),
    };
    const made = await t.call<Item>('POST', '/calendar/entry/create', { token: ivan.token, body });
    const updated = await t.call<Item>('POST', '/calendar/entry/update', {
      token: ivan.token,
      body: { ...body, id: made.attachment.id, title: 'Gym (legs)' },
    });
    expect(updated.attachment.title).toBe('Gym (legs)');
    const foreign = await t.call('POST', '/calendar/entry/update', {
      token: hana.token,
      body: { ...body, id: made.attachment.id },
    });
    expect(foreign.status).toBe(404);
    expect(
      (await t.call('POST', '/calendar/entry/delete', { token: hana.token, body: { id: made.attachment.id } })).status,
    ).toBe(404);
    const inverted = await t.call('POST', '/calendar/entry/create', {
      token: ivan.token,
      body: { ...body, endsAt: body.startsAt },
    });
    expect(inverted).toMatchObject({ status: 400, attachment: [{ field: 'endsAt' }] });
    expect(
      (await t.call('POST', '/calendar/entry/delete', { token: ivan.token, body: { id: made.attachment.id } })).status,
    ).toBe(200);
  });

  it('exports .ics and serves a subscribable feed by a secret token that can be reset', async () => {
    const exported = await t.app.inject({ url: '/rest/polarisex/calendar/export.ics', headers: { token: ivan.token } });
    expect(exported.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(exported.body).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(exported.body).toContain('SUMMARY:Calendar meetup');
    expect(exported.body).toContain('SUMMARY:Dentist\\; then lunch');
    expect(exported.body).toContain('LOCATION:Clinic\\, 2F');
    expect(exported.body.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);

    const feed = await t.call<{ url: string; webcalUrl: string }>('GET', '/calendar/feed', { token: ivan.token });
    expect(feed.attachment.webcalUrl).toMatch(/^webcal:/);
    const again = await t.call<{ url: string }>('GET', '/calendar/feed', { token: ivan.token });
    expect(again.attachment.url).toBe(feed.attachment.url);
    const subscribed = await t.app.inject({ url: new URL(feed.attachment.url).pathname });
    expect(subscribed.statusCode).toBe(200);
    expect(subscribed.body).toContain('SUMMARY:Calendar meetup');
    const reset = await t.call<{ url: string }>('POST', '/calendar/feed/reset', { token: ivan.token });
    expect(reset.attachment.url).not.toBe(feed.attachment.url);
    const old = await t.app.inject({ url: new URL(feed.attachment.url).pathname });
    expect(old.json()).toMatchObject({ status: 404 });
    const unauthenticated = await t.app.inject({ url: '/rest/polarisex/calendar/export.ics' });
    expect(unauthenticated.json()).toMatchObject({ status: 401 });
  });
});

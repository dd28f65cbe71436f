import type { Activity } from '@polaris/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/app.ts';
import type { WalletUser } from '../../test/wallet-fixtures.ts';
import {
  activityApp,
  activityBody,
  closeCheckingLedger,
  createActivity,
  DAY,
  guest,
  HOUR,
  paidTicket,
  signUp,
} from './activity-fixtures.ts';

/** An activity's life as its organizer and its public see it: creating, finding, editing, sharing. */

let t: TestApp;
let olivia: WalletUser;
let cohost: WalletUser;

beforeAll(async () => {
  ({ t, olivia, cohost } = await activityApp());
});
afterAll(() => closeCheckingLedger(t));

const detail = (id: string, token?: string) => t.call<Activity>('GET', '/activity/detail', { token, query: { id } });

describe('create gate and lifecycle', () => {
  it('asks for login (401) and then for a profile name (414) before creating', async () => {
    expect((await t.call('POST', '/activity/create', { body: activityBody(t) })).status).toBe(401);
    const nameless = await guest(t, 'nameless@example.com', '0');
    const gated = await t.call('POST', '/activity/create', { token: nameless.token, body: activityBody(t) });
    expect(gated).toMatchObject({
      status: 414,
      msg: 'Please set your name in your profile before creating an activity',
    });
    const named = await t.call<{ openName: string }>('POST', '/user/personalInfo', {
      token: nameless.token,
      body: { openName: 'Nora' },
    });
    expect(named.attachment.openName).toBe('Nora');
    expect((await t.call('POST', '/activity/create', { token: nameless.token, body: activityBody(t) })).status).toBe(
      200,
    );
  });

  it('keeps a draft private to its hosts until published, then shows it with a share link', async () => {
    const draft = await createActivity(t, olivia, { publish: false, coHosts: [cohost.uid] });
    expect(draft).toMatchObject({ status: 'draft', phase: 'upcoming', can: { edit: true, manage: true } });
    const stranger = await guest(t, 'stranger@example.com', '0');
    expect((await detail(draft.id, stranger.token)).status).toBe(404);
    expect((await detail(draft.id)).status).toBe(404);
    expect((await detail(draft.id, cohost.token)).attachment.can.manage).toBe(true);
    const published = await t.call<Activity>('POST', '/activity/publish', {
      token: olivia.token,
      body: { id: draft.id },
    });
    expect(published.attachment.status).toBe('published');
    const seen = await detail(draft.id, stranger.token);
    expect(seen.attachment).toMatchObject({
      status: 'published',
      shareUrl: `http://localhost:8080/s/a${draft.id}`,
      can: { edit: false, manage: false, signUp: true },
      organizer: { name: 'olivia' },
      coHosts: [{ uid: cohost.uid }],
    });
  });

  it('moves from upcoming to ongoing to ended with the clock', async () => {
    const activity = await createActivity(t, olivia, {
      startsAt: new Date(t.clock.now().getTime() + HOUR).toISOString(),
      endsAt: new Date(t.clock.now().getTime() + 2 * HOUR).toISOString(),
    });
    expect((await detail(activity.id)).attachment.phase).toBe('upcoming');
    t.clock.advance(HOUR + 1000);
    expect((await detail(activity.id)).attachment.phase).toBe('ongoing');
    t.clock.advance(HOUR);
    expect((await detail(activity.id)).attachment.phase).toBe('ended');
  });

  it('hides the online link until the caller holds an approved ticket', async () => {
    const activity = await createActivity(t, olivia, { city: null, onlineUrl: 'https://meet.example.com/abc' });
    expect((await detail(activity.id)).attachment).toMatchObject({ online: true, onlineUrl: null });
    const viewer = await guest(t, 'viewer@example.com', '0');
    await signUp(t, viewer, activity.id);
    expect((await detail(activity.id, viewer.token)).attachment.onlineUrl).toBe('https://meet.example.com/abc');
  });

  it('keeps the create form as a server-side draft until the activity is created', async () => {
    const saved = await t.call('POST', '/activity/draft/save', {
      token: olivia.token,
      body: { data: { title: 'Half-typed', capacity: 20 } },
    });
    expect(saved.status).toBe(200);
    const read = await t.call<{ draft: { data: Record<string, unknown> } | null }>('GET', '/activity/draft', {
      token: olivia.token,
    });
    expect(read.attachment.draft?.data).toEqual({ title: 'Half-typed', capacity: 20 });
    await createActivity(t, olivia);
    expect(
      (await t.call<{ draft: unknown }>('GET', '/activity/draft', { token: olivia.token })).attachment.draft,
    ).toBeNull();
  });
});

describe('discovery', () => {
  let city: string;
  beforeAll(async () => {
    city = 'Kaohsiung';
    const base = t.clock.now().getTime();
    await createActivity(t, olivia, {
      city,
      title: 'Rust meetup',
      category: 'tech',
      startsAt: new Date(base + 2 * DAY).toISOString(),
      endsAt: new Date(base + 2 * DAY + HOUR).toISOString(),
    });
    await createActivity(t, olivia, { city, title: 'Paid summit', category: 'conference', ...paidTicket('5') });
    await createActivity(t, olivia, { city, title: 'Secret dinner', category: 'food', visibility: 'unlisted' });
    await createActivity(t, olivia, { city, title: 'Draft idea', category: 'tech', publish: false });
    await createActivity(t, olivia, {
      city,
      title: 'Far future',
      category: 'tech',
      startsAt: new Date(base + 60 * DAY).toISOString(),
      endsAt: new Date(base + 60 * DAY + HOUR).toISOString(),
    });
  });

  it('lists what is coming in a city, soonest first, without drafts or unlisted ones', async () => {
    const list = await t.call<{ items: { title: string }[] }>('GET', '/activity/list', {
      query: { city: 'kaohsiung' },
    });
    expect(list.attachment.items.map((item) => item.title)).toEqual(['Rust meetup', 'Paid summit', 'Far future']);
  });

  it('filters by category, free, search and this week', async () => {
    const titles = async (query: Record<string, string>) =>
      (
        await t.call<{ items: { title: string }[] }>('GET', '/activity/list', { query: { city, ...query } })
      ).attachment.items.map((item) => item.title);
    expect(await titles({ category: 'tech' })).toEqual(['Rust meetup', 'Far future']);
    expect(await titles({ free: 'true' })).toEqual(['Rust meetup', 'Far future']);
    expect(await titles({ free: 'false' })).toEqual(['Paid summit']);
    expect(await titles({ q: 'rust' })).toEqual(['Rust meetup']);
    expect(await titles({ when: 'month', tz: 'Asia/Taipei' })).not.toContain('Far future');
  });

  it('pages with a cursor', async () => {
    const first = await t.call<{ items: { id: string }[]; nextCursor: string }>('GET', '/activity/list', {
      query: { city, limit: '2' },
    });
    expect(first.attachment.items).toHaveLength(2);
    const second = await t.call<{ items: { id: string }[]; nextCursor: string | null }>('GET', '/activity/list', {
      query: { city, limit: '2', cursor: first.attachment.nextCursor },
    });
    expect(second.attachment.items).toHaveLength(1);
    expect(second.attachment.nextCursor).toBeNull();
  });

  it('shows prices, the city list, category counts and explore', async () => {
    const paid = (
      await t.call<{ items: { title: string; free: boolean; priceFrom: unknown }[] }>('GET', '/activity/list', {
        query: { city, q: 'summit' },
      })
    ).attachment.items[0];
    expect(paid).toMatchObject({ free: false, priceFrom: { amount: '5', asset: 'USDT' } });
    const cities = await t.call<{ items: { city: string; count: number }[] }>('GET', '/activity/cities');
    // Stored as the catalogue's id; its names are checked in places.test.ts.
    expect(cities.attachment.items).toContainEqual(expect.objectContaining({ city: 'kaohsiung', count: 3 }));
    const categories = await t.call<{ items: { category: string; count: number }[] }>('GET', '/activity/categories', {
      query: { city },
    });
    expect(categories.attachment.items.find((c) => c.category === 'tech')?.count).toBe(2);
    const explore = await t.call<{ thisWeek: { title: string }[]; free: unknown[] }>('GET', '/activity/explore', {
      query: { city },
    });
    expect(explore.status).toBe(200);
    expect(explore.attachment.free.length).toBe(2);
  });
});

describe('editing', () => {
  it('refuses a capacity below the seats taken and keeps the activity as it was', async () => {
    const activity = await createActivity(t, olivia, { capacity: 3 });
    for (const name of ['uma', 'vic']) await signUp(t, await guest(t, `${name}@example.com`, '0'), activity.id);
    const refused = await t.call('POST', '/activity/update', {
      token: olivia.token,
      body: { id: activity.id, capacity: 1, title: 'Smaller' },
    });
    expect(refused).toMatchObject({
      status: 400,
      attachment: [{ field: 'capacity', message: 'The capacity cannot be lower than the 2 seats already taken' }],
    });
    expect((await detail(activity.id)).attachment).toMatchObject({ capacity: 3, title: 'Taipei Builders Night' });
  });

  it('promotes the waitlist when the capacity grows, and lets a co-host edit but not change co-hosts', async () => {
    const activity = await createActivity(t, olivia, { capacity: 1, coHosts: [cohost.uid] });
    await signUp(t, await guest(t, 'wes@example.com', '0'), activity.id);
    const xena = await guest(t, 'xena@example.com', '0');
    expect((await signUp(t, xena, activity.id)).attachment.status).toBe('waitlisted');
    const grown = await t.call<Activity>('POST', '/activity/update', {
      token: cohost.token,
      body: { id: activity.id, capacity: 2 },
    });
    expect(grown).toMatchObject({ status: 200, attachment: { capacity: 2, seatsTaken: 2, waitlisted: 0 } });
    expect((await detail(activity.id, xena.token)).attachment.myRegistration?.status).toBe('approved');
    const cohosts = await t.call('POST', '/activity/update', {
      token: cohost.token,
      body: { id: activity.id, coHosts: [] },
    });
    expect(cohosts.status).toBe(403);
  });

  it('locks the price of a ticket type once sold', async () => {
    const activity = await createActivity(t, olivia, paidTicket('5'));
    await signUp(t, await guest(t, 'yan@example.com', '10'), activity.id);
    const typeId = activity.ticketTypes[0]!.id;
    const repriced = await t.call('POST', '/activity/update', {
      token: olivia.token,
      body: { id: activity.id, ticketTypes: [{ id: typeId, name: 'Standard', price: '6', asset: 'USDT' }] },
    });
    expect(repriced).toMatchObject({ status: 400, msg: 'The price cannot change after tickets have been sold' });
  });
});

describe('share and tickets', () => {
  it('lists my tickets with their activity and the hosted ones under mine', async () => {
    const activity = await createActivity(t, olivia, { title: 'Ticket list' });
    const abe = await guest(t, 'abe@example.com', '0');
    await signUp(t, abe, activity.id);
    const tickets = await t.call<{ items: { activity: { title: string }; qr: string }[] }>('GET', '/activity/tickets', {
      token: abe.token,
    });
    expect(tickets.attachment.items[0]).toMatchObject({
      activity: { title: 'Ticket list' },
      qr: expect.stringMatching(/^PLX1\./),
    });
    const hosted = await t.call<{ items: { id: string }[] }>('GET', '/activity/mine', {
      token: olivia.token,
      query: { role: 'hosted', limit: '50' },
    });
    expect(hosted.attachment.items.map((item) => item.id)).toContain(activity.id);
    const joined = await t.call<{ items: { id: string }[] }>('GET', '/activity/mine', { token: abe.token });
    expect(joined.attachment.items.map((item) => item.id)).toEqual([activity.id]);
  });
});

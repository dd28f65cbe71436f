import type { Activity, HostingPage } from '@polaris/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/app.ts';
import type { WalletUser } from '../../test/wallet-fixtures.ts';
import { activityApp, createActivity, DAY, guest, HOUR } from './activity-fixtures.ts';

/** My activities → hosting: what a user organizes or co-hosts, by group, paged, in a fixed number of statements. */
describe('GET /activity/hosting', () => {
  let t: TestApp;
  let olivia: WalletUser;
  let cohost: WalletUser;
  const ids = { soon: '', later: '', draft: '', cancelled: '', ended: '' };

  const hosting = (user: WalletUser, query: Record<string, string> = {}) =>
    t.call<HostingPage>('GET', '/activity/hosting', { token: user.token, query });
  const at = (offset: number) => new Date(t.clock.now().getTime() + offset).toISOString();

  beforeAll(async () => {
    ({ t, olivia, cohost } = await activityApp());
    const soon = await createActivity(t, olivia, { title: 'Soon', startsAt: at(DAY), endsAt: at(DAY + HOUR) });
    const later = await createActivity(t, olivia, {
      title: 'Later',
      startsAt: at(3 * DAY),
      endsAt: at(3 * DAY + HOUR),
      coHosts: [cohost.uid],
    });
    const draft = await createActivity(t, olivia, { title: 'Draft', publish: false });
    const cancelled = await createActivity(t, olivia, { title: 'Called off', startsAt: at(2 * DAY) });
    const ended = await createActivity(t, olivia, { title: 'Ended', startsAt: at(HOUR), endsAt: at(2 * HOUR) });
    const cancel = await t.call('POST', '/activity/manage/cancel', {
      token: olivia.token,
      body: { activityId: cancelled.id },
    });
    expect(cancel.status).toBe(200);
    Object.assign(ids, { soon: soon.id, later: later.id, draft: draft.id, cancelled: cancelled.id, ended: ended.id });
    // Someone else's activity never shows in Olivia's lists.
    await createActivity(t, cohost, { title: 'Not hers', startsAt: at(DAY) });
    t.clock.advance(3 * HOUR); // "Ended" is over now
  });
  afterAll(() => t.close());

  it('splits what the user hosts into upcoming, drafts and past, and counts each group', async () => {
    const upcoming = (await hosting(olivia)).attachment;
    expect(upcoming.items.map((item) => item.id)).toEqual([ids.soon, ids.later]);
    expect(upcoming.items.every((item) => item.role === 'organizer')).toBe(true);
    expect(upcoming.counts).toEqual({ upcoming: 2, drafts: 1, past: 2 });
    const drafts = (await hosting(olivia, { group: 'drafts' })).attachment;
    expect(drafts.items.map((item) => [item.id, item.status])).toEqual([[ids.draft, 'draft']]);
    const past = (await hosting(olivia, { group: 'past' })).attachment;
    // Latest first: the cancelled one starts later than the one that ended.
    expect(past.items.map((item) => [item.id, item.status])).toEqual([
      [ids.cancelled, 'cancelled'],
      [ids.ended, 'published'],
    ]);
  });

  it('lists a co-hosted activity as the co-host’s, with their part', async () => {
    const page = (await hosting(cohost)).attachment;
    const shared = page.items.find((item) => item.id === ids.later);
    expect(shared).toMatchObject({ title: 'Later', role: 'cohost' });
    expect(page.items.find((item) => item.title === 'Not hers')?.role).toBe('organizer');
    const stranger = await guest(t, 'stranger@example.com', '0');
    expect((await hosting(stranger)).attachment).toEqual({
      items: [],
      nextCursor: null,
      counts: { upcoming: 0, drafts: 0, past: 0 },
    });
  });

  it('pages by cursor, in as many statements for 1 item as for 20', async () => {
    const first = (await hosting(olivia, { limit: '1' })).attachment;
    expect(first.items.map((item) => item.id)).toEqual([ids.soon]);
    const second = (await hosting(olivia, { limit: '1', cursor: first.nextCursor! })).attachment;
    expect(second.items.map((item) => item.id)).toEqual([ids.later]);
    expect(second.nextCursor).toBeNull();
    const pastFirst = (await hosting(olivia, { group: 'past', limit: '1' })).attachment;
    const pastNext = (await hosting(olivia, { group: 'past', limit: '1', cursor: pastFirst.nextCursor! })).attachment;
    expect(pastNext.items.map((item) => item.id)).toEqual([ids.ended]);
    const statements = async (limit: string) => {
      const before = t.database.statements();
      expect((await hosting(olivia, { limit })).status).toBe(200);
      return t.database.statements() - before;
    };
    // The session's look-up, the page and the counts.
    expect(await statements('1')).toBe(3);
    expect(await statements('20')).toBe(3);
  });

  it('refuses a group it does not know, naming the field, and asks for a session', async () => {
    const bad = await hosting(olivia, { group: 'everything' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.attachment)).toContain('group');
    expect((await t.call('GET', '/activity/hosting')).status).not.toBe(200);
  });

  it('offers hosts manage instead of a sign-up on their own activity', async () => {
    const detail = (user: WalletUser) =>
      t.call<Activity>('GET', '/activity/detail', { token: user.token, query: { id: ids.later } });
    expect((await detail(olivia)).attachment.can).toMatchObject({ manage: true, signUp: false });
    expect((await detail(cohost)).attachment.can).toMatchObject({ manage: true, signUp: false });
    const someone = await guest(t, 'someone@example.com', '0');
    expect((await detail(someone)).attachment.can).toMatchObject({ manage: false, signUp: true });
  });
});

import type { Activity, Blast, BlastList, Notice, Registration } from '@polaris/contract';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/index.ts';
import { ItemsFailed } from '../../platform/worker.ts';
import type { TestApp } from '../../test/app.ts';
import { type SeededPerson, seedPeople } from '../../test/seed-people.ts';
import type { WalletUser } from '../../test/wallet-fixtures.ts';
import type { NoticeEvent, Notifier } from '../notifications/events.ts';
import { activityApp, closeCheckingLedger, createActivity, DAY, guest, HOUR, signUp } from './activity-fixtures.ts';
import { BlastService, blastBatching } from './blasts.service.ts';

/** Organizer blasts: who may send, what, how often, when, and the fan-out that tells each recipient once. */

let t: TestApp;
let olivia: WalletUser;
let cohost: WalletUser;

beforeAll(async () => {
  ({ t, olivia, cohost } = await activityApp());
});
afterAll(() => closeCheckingLedger(t));

const send = (token: string, body: Record<string, unknown>) =>
  t.call<Blast>('POST', '/activity/blast/send', { token, body });
const list = (token: string, activityId: string) =>
  t.call<BlastList>('GET', '/activity/blast/list', { token, query: { activityId } });
const cancel = (token: string, activityId: string, blastId: string) =>
  t.call<Blast>('POST', '/activity/blast/cancel', { token, body: { activityId, blastId } });

/**
 * The app's real Notifier, watched: what each worker asks it to tell is recorded. With `failing`, its n-th call throws,
 * before telling or (`told`) after the notices are recorded, as a process that dies there would leave it.
 */
function recorder(failing?: { call: number; told: boolean }) {
  const events: NoticeEvent[] = [];
  let calls = 0;
  const notifier: Pick<Notifier, 'notify' | 'deliver' | 'recordIn' | 'changed'> = {
    async notify() {
      throw new Error('blasts record in their own transaction (recordIn), which throws when it could not record');
    },
    async deliver() {
      throw new Error('blasts record in their own transaction (recordIn), with their progress');
    },
    async recordIn(tx, batch) {
      calls++;
      if (failing && calls === failing.call && !failing.told) throw new Error('notify failed');
      events.push(...batch);
      const publish = await t.services.notifications.recordIn(tx, batch);
      if (failing && calls === failing.call) throw new Error('crashed after telling');
      return publish;
    },
    async changed() {},
  };
  return { notifier, events, userIds: () => events.flatMap((event) => event.userIds) };
}

/** How many blast notices about this activity each person has in their inbox. */
async function inboxCounts(people: SeededPerson[], activity: Activity): Promise<number[]> {
  const counts: number[] = [];
  for (const person of people) {
    const inbox = await t.call<{ items: Notice[] }>('GET', '/notice/list', {
      token: person.token,
      query: { limit: '50' },
    });
    counts.push(
      inbox.attachment.items.filter((notice) => notice.kind === 'blast' && notice.link?.endsWith(`id=${activity.id}`))
        .length,
    );
  }
  return counts;
}

const worker = (notifier: Pick<Notifier, 'recordIn'>, batchSize = 5) =>
  new BlastService({ db: t.database.db, now: t.clock.now, notifier, batchSize, leaseMs: 60_000 });

/** Fans out whatever earlier tests left due, so a test's workers see only its own blasts. */
const drain = () => worker(recorder().notifier, 500).fanOutDue(1000);

/** People with sessions that outlive the days this file's clock moves on. */
async function seed(count: number, label: string): Promise<SeededPerson[]> {
  const people = await seedPeople(t.database, count, label);
  await t.database.db
    .update(sessions)
    .set({ expiresAt: new Date(Date.now() + 365 * DAY) })
    .where(
      inArray(
        sessions.userId,
        people.map((person) => person.id),
      ),
    );
  return people;
}

/** People who each hold a free ticket to the activity (in user id order). */
async function attendees(activity: Activity, count: number, label: string): Promise<SeededPerson[]> {
  const people = await seed(count, label);
  for (const person of people) {
    const placed = await t.call<Registration>('POST', '/activity/signup', {
      token: person.token,
      body: { activityId: activity.id },
    });
    expect(placed.status).toBe(200);
  }
  return people;
}

describe('who may send a blast, and what', () => {
  it('the organizer and a co-host send; an attendee and a stranger get 403; a draft is 404 to others', async () => {
    const activity = await createActivity(t, olivia, { coHosts: [cohost.uid] });
    const rita = await guest(t, 'rita-blast@example.com', '0');
    await signUp(t, rita, activity.id);
    const stranger = await guest(t, 'stranger-blast@example.com', '0');
    const body = { activityId: activity.id, audience: ['going'], message: 'Doors open at 7' };
    expect((await send(olivia.token, body)).status).toBe(200);
    const byCohost = await send(cohost.token, body);
    expect(byCohost).toMatchObject({ status: 200, attachment: { author: { uid: cohost.uid }, state: 'sending' } });
    for (const who of [rita, stranger]) {
      expect(await send(who.token, body)).toMatchObject({ status: 403 });
      expect(await cancel(who.token, activity.id, byCohost.attachment.id)).toMatchObject({ status: 403 });
    }
    const draft = await createActivity(t, olivia, { publish: false });
    expect(await send(rita.token, { ...body, activityId: draft.id })).toMatchObject({ status: 404 });
    expect(await list(rita.token, draft.id)).toMatchObject({ status: 404 });
    expect(await send(olivia.token, { ...body, activityId: draft.id })).toMatchObject({
      status: 409,
      msg: 'Publish the activity before sending messages to its attendees',
    });
  });

  it('answers 400 naming the field for a bad audience, message or time', async () => {
    const activity = await createActivity(t, olivia);
    const base = { activityId: activity.id, audience: ['going'], message: 'Hello' };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ audience: [] }, 'audience', 'Choose who receives it'],
      [{ audience: ['everyone'] }, 'audience.0', ''],
      [{ audience: undefined }, 'audience', ''],
      [{ message: '   ' }, 'message', 'Message cannot be empty'],
      [{ message: 'x'.repeat(1001) }, 'message', '1000'],
      [{ message: 'bad\u0000byte' }, 'message', ''],
      [{ sendAt: 'tomorrow' }, 'sendAt', ''],
      [{ sendAt: new Date(t.clock.now().getTime() - HOUR).toISOString() }, 'sendAt', 'in the future'],
      [{ sendAt: new Date(t.clock.now().getTime() + 31 * DAY).toISOString() }, 'sendAt', 'at most 30 days'],
    ];
    for (const [change, field, text] of cases) {
      const result = await send(olivia.token, { ...base, ...change });
      expect([field, result.status]).toEqual([field, 400]);
      const errors = result.attachment as unknown as { field: string; message: string }[];
      expect(errors[0]?.field).toBe(field);
      expect(errors[0]?.message).toContain(text);
    }
    expect((await list(olivia.token, activity.id)).attachment.items).toEqual([]);
  });

  it('keeps the message as plain text, trimmed, markup and all', async () => {
    const activity = await createActivity(t, olivia);
    await attendees(activity, 1, 'plain');
    const hostile = '<img src=x onerror=alert(1)> & <b>bold</b>\nline two';
    const sent = await send(olivia.token, { activityId: activity.id, audience: ['going'], message: `  ${hostile}  ` });
    expect(sent.attachment.message).toBe(hostile);
  });
});

describe('at most 3 blasts per activity in 24 hours', () => {
  it('50 sends at once: exactly 3 succeed, the rest are refused; a cancelled one gives its place back', async () => {
    const activity = await createActivity(t, olivia, { coHosts: [cohost.uid] });
    await attendees(activity, 1, 'race');
    const later = new Date(t.clock.now().getTime() + 2 * HOUR).toISOString();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        send(i % 2 ? olivia.token : cohost.token, {
          activityId: activity.id,
          audience: ['going', 'waitlisted'],
          message: `Message ${i}`,
          sendAt: later,
        }),
      ),
    );
    const ok = results.filter((result) => result.status === 200);
    expect(ok).toHaveLength(3);
    for (const refused of results.filter((result) => result.status !== 200)) {
      expect(refused).toMatchObject({ status: 409, msg: 'At most 3 messages per activity per day' });
    }
    const listed = await list(olivia.token, activity.id);
    expect(listed.attachment.items.map((item) => item.state)).toEqual(['scheduled', 'scheduled', 'scheduled']);
    expect(listed.attachment.quota).toMatchObject({ max: 3, remaining: 0, nextAt: expect.any(String) });

    expect((await cancel(olivia.token, activity.id, ok[0]!.attachment.id)).attachment.state).toBe('cancelled');
    expect((await list(olivia.token, activity.id)).attachment.quota?.remaining).toBe(1);
    const again = await Promise.all(
      [1, 2].map(() => send(olivia.token, { activityId: activity.id, audience: ['going'], message: 'Again' })),
    );
    expect(again.map((result) => result.status).sort()).toEqual([200, 409]);

    t.clock.advance(DAY + 1000);
    expect((await list(olivia.token, activity.id)).attachment.quota?.remaining).toBe(3);
    expect(
      (await send(olivia.token, { activityId: activity.id, audience: ['going'], message: 'Next day' })).status,
    ).toBe(200);
  });
});

describe('a blast that would reach nobody', () => {
  it('says how many each audience holds, and refuses 0 people without using a send of the day', async () => {
    const activity = await createActivity(t, olivia);
    const empty = await list(olivia.token, activity.id);
    expect(empty.attachment.counts).toEqual({ going: 0, waitlisted: 0, checkedIn: 0 });
    for (const audience of [['going'], ['waitlisted'], ['checkedIn'], ['going', 'waitlisted', 'checkedIn']]) {
      for (const sendAt of [undefined, new Date(t.clock.now().getTime() + HOUR).toISOString()]) {
        const refused = await send(olivia.token, { activityId: activity.id, audience, message: 'Anyone?', sendAt });
        expect(refused).toMatchObject({ status: 409, msg: expect.stringContaining('would reach 0 people') });
        const errors = refused.attachment as unknown as { field: string }[];
        expect(errors[0]?.field).toBe('audience');
      }
    }
    const after = await list(olivia.token, activity.id);
    expect(after.attachment.items).toEqual([]);
    expect(after.attachment.quota).toMatchObject({ max: 3, remaining: 3 });

    // Two people going, one of them checked in: the going reach 2, the checked in 1, the waitlist still nobody.
    const tickets: Registration[] = [];
    for (const person of await seed(2, 'reach')) {
      const placed = await t.call<Registration>('POST', '/activity/signup', {
        token: person.token,
        body: { activityId: activity.id },
      });
      tickets.push(placed.attachment);
    }
    const checked = await t.call('POST', '/activity/checkin', {
      token: olivia.token,
      body: { activityId: activity.id, ticketCode: tickets[0]!.qr },
    });
    expect(checked.status).toBe(200);
    expect((await list(olivia.token, activity.id)).attachment.counts).toEqual({
      going: 2,
      waitlisted: 0,
      checkedIn: 1,
    });
    expect(
      (await send(olivia.token, { activityId: activity.id, audience: ['waitlisted'], message: 'Still nobody' })).status,
    ).toBe(409);
    expect(
      (await send(olivia.token, { activityId: activity.id, audience: ['checkedIn'], message: 'Welcome' })).status,
    ).toBe(200);
    expect((await list(olivia.token, activity.id)).attachment.quota?.remaining).toBe(2);
  });
});

describe('scheduling and cancelling', () => {
  it('a scheduled blast waits for its time, and may be cancelled until its fan-out starts', async () => {
    const activity = await createActivity(t, olivia);
    const people = await attendees(activity, 3, 'sched');
    await drain();
    const rec = recorder();
    const sendAt = new Date(t.clock.now().getTime() + 2 * HOUR);
    const later = await send(olivia.token, {
      activityId: activity.id,
      audience: ['going'],
      message: 'See you soon',
      sendAt: sendAt.toISOString(),
    });
    const dropped = await send(olivia.token, {
      activityId: activity.id,
      audience: ['going'],
      message: 'Never mind',
      sendAt: sendAt.toISOString(),
    });
    expect(later.attachment).toMatchObject({ state: 'scheduled', sendAt: sendAt.toISOString(), sentAt: null });
    expect((await cancel(olivia.token, activity.id, dropped.attachment.id)).attachment).toMatchObject({
      state: 'cancelled',
    });
    expect(await cancel(olivia.token, activity.id, dropped.attachment.id)).toMatchObject({ status: 409 });

    await worker(rec.notifier).fanOutDue();
    expect(rec.events).toEqual([]);
    t.clock.advance(2 * HOUR);
    expect(await worker(rec.notifier).fanOutDue()).toBe(1);
    expect(rec.events).toEqual([
      {
        kind: 'blast',
        key: `blast:${later.attachment.id}`,
        userIds: people.map((person) => person.id),
        params: { title: activity.title, message: 'See you soon' },
        link: `/pages/activity/details/index?id=${activity.id}`,
      },
    ]);
    const listed = (await list(olivia.token, activity.id)).attachment.items;
    expect(listed.map((item) => [item.id, item.state, item.recipients])).toEqual([
      [dropped.attachment.id, 'cancelled', 0],
      [later.attachment.id, 'sent', 3],
    ]);
    expect(await cancel(olivia.token, activity.id, later.attachment.id)).toMatchObject({
      status: 409,
      msg: 'This message is being sent or was sent already, so it can no longer be cancelled',
    });
    const other = await createActivity(t, olivia);
    expect(await cancel(olivia.token, other.id, later.attachment.id)).toMatchObject({ status: 404 });
  });
});

describe('the fan-out', () => {
  it("the app's own worker puts the message in each recipient's inbox, in their language", async () => {
    const activity = await createActivity(t, olivia, { title: 'Night <b>market</b>' });
    const [ivy] = await attendees(activity, 1, 'inbox');
    await drain();
    await send(olivia.token, {
      activityId: activity.id,
      audience: ['going'],
      message: 'Bring <script>a torch</script>',
    });
    expect(await t.services.activity.blasts.fanOutDue()).toBe(1);
    const inbox = await t.call<{ items: Notice[] }>('GET', '/notice/list', { token: ivy!.token, locale: 'zh_TW' });
    // Beside the registration's own notice, the blast.
    expect(inbox.attachment.items.filter((notice) => notice.kind === 'blast')).toEqual([
      expect.objectContaining({
        kind: 'blast',
        category: 'activity',
        title: '來自「Night <b>market</b>」的訊息',
        body: 'Bring <script>a torch</script>',
        link: `/pages/activity/details/index?id=${activity.id}`,
        read: false,
      }),
    ]);
  });

  it('two workers racing tell every recipient exactly once, in batches, and mark it sent', async () => {
    const activity = await createActivity(t, olivia, { capacity: 100 });
    const people = await attendees(activity, 23, 'race');
    await drain();
    const blast = await send(olivia.token, { activityId: activity.id, audience: ['going'], message: 'Race' });
    const [a, b] = [recorder(), recorder()];
    const done = await Promise.all([worker(a.notifier).fanOutDue(), worker(b.notifier).fanOutDue()]);
    expect(done.sort()).toEqual([0, 1]);
    const told = [...a.userIds(), ...b.userIds()];
    expect(told.sort((x, y) => x - y)).toEqual(people.map((person) => person.id));
    expect([...a.events, ...b.events].map((event) => event.userIds.length)).toEqual([5, 5, 5, 5, 3]);
    const listed = (await list(olivia.token, activity.id)).attachment.items[0]!;
    expect(listed).toMatchObject({
      id: blast.attachment.id,
      state: 'sent',
      recipients: 23,
      sentAt: expect.any(String),
    });
    // Nothing is left to do for anyone.
    expect(await worker(a.notifier).fanOutDue()).toBe(0);
    expect(await t.services.activity.blasts.backlog()).toBe(0);
    expect(await inboxCounts(people, activity)).toEqual(people.map(() => 1));
  });

  it("batches as the app's database allows: 1,000 on PostgreSQL, 100 growing to 1,000 on the embedded one", () => {
    expect(blastBatching({ kind: 'postgres' })).toEqual({ batchSize: 1000 });
    expect(blastBatching({ kind: 'pglite' })).toEqual({ batchSize: 100 });
    const waits = () => 0;
    expect(blastBatching({ kind: 'pglite', waits })).toEqual({ batchSize: 100, grow: { upTo: 1000, waits } });
    expect(blastBatching(t.database)).toMatchObject(
      t.database.kind === 'postgres' ? { batchSize: 1000 } : { grow: { upTo: 1000 } },
    );
  });

  it('on the embedded database, batches grow while nobody waits for it and drop back as soon as someone does', async () => {
    const activity = await createActivity(t, olivia, { capacity: 100 });
    const people = await attendees(activity, 20, 'grow');
    await drain();
    const fanOut = async (message: string, waitsDuring: number[]) => {
      await send(olivia.token, { activityId: activity.id, audience: ['going'], message });
      const watched = recorder();
      let waits = 0;
      let calls = 0;
      const notifier: Pick<Notifier, 'recordIn'> = {
        recordIn: (tx, events) => {
          // A request that waited for the database while this batch ran.
          if (waitsDuring.includes(++calls)) waits++;
          return watched.notifier.recordIn(tx, events);
        },
      };
      const grower = new BlastService({
        db: t.database.db,
        now: t.clock.now,
        notifier,
        batchSize: 2,
        grow: { upTo: 8, waits: () => waits },
      });
      expect(await grower.fanOutDue()).toBe(1);
      expect(watched.userIds()).toEqual(people.map((person) => person.id));
      return watched.events.map((event) => event.userIds.length);
    };
    expect(await fanOut('Nobody waits', [])).toEqual([2, 4, 8, 6]);
    expect(await fanOut('Someone waits during the third batch', [3])).toEqual([2, 4, 8, 2, 4]);
    expect(await inboxCounts(people, activity)).toEqual(people.map(() => 2));
  });

  it('a worker that dies mid-way is taken over once its lease runs out, from the batch it did not record', async () => {
    const activity = await createActivity(t, olivia, { capacity: 100 });
    const people = await attendees(activity, 12, 'crash');
    await drain();
    await send(olivia.token, { activityId: activity.id, audience: ['going'], message: 'Crash' });
    // The first worker writes batch 2's notices and dies before moving the blast on: the batch is rolled back.
    const first = recorder({ call: 2, told: true });
    await expect(worker(first.notifier).fanOutDue()).rejects.toBeInstanceOf(ItemsFailed);
    const second = recorder();
    expect(await worker(second.notifier).fanOutDue()).toBe(0);
    expect((await list(olivia.token, activity.id)).attachment.items[0]).toMatchObject({
      state: 'sending',
      recipients: 5,
    });
    t.clock.advance(61_000);
    expect(await worker(second.notifier).fanOutDue()).toBe(1);
    const ids = people.map((person) => person.id);
    expect(first.events.map((event) => event.userIds)).toEqual([ids.slice(0, 5), ids.slice(5, 10)]);
    // Batch 2 is told again (and had it committed, the notices' unique key would make that harmless), then the rest.
    expect(second.events.map((event) => event.userIds)).toEqual([ids.slice(5, 10), ids.slice(10)]);
    expect((await list(olivia.token, activity.id)).attachment.items[0]).toMatchObject({
      state: 'sent',
      recipients: 12,
    });
    expect(await inboxCounts(people, activity)).toEqual(people.map(() => 1));
  });

  it('reaches the audience chosen: going, waitlisted, checked in', async () => {
    const start = t.clock.now().getTime() + 30 * 60_000;
    const activity = await createActivity(t, olivia, {
      capacity: 3,
      startsAt: new Date(start).toISOString(),
      endsAt: new Date(start + 2 * HOUR).toISOString(),
    });
    const people = await seed(5, 'aud');
    const tickets: Registration[] = [];
    for (const person of people) {
      tickets.push(
        (
          await t.call<Registration>('POST', '/activity/signup', {
            token: person.token,
            body: { activityId: activity.id },
          })
        ).attachment,
      );
    }
    expect(tickets.map((ticket) => ticket.status)).toEqual([
      'approved',
      'approved',
      'approved',
      'waitlisted',
      'waitlisted',
    ]);
    const checked = await t.call('POST', '/activity/checkin', {
      token: olivia.token,
      body: { activityId: activity.id, ticketCode: tickets[1]!.qr },
    });
    expect(checked.status).toBe(200);
    const ids = people.map((person) => person.id);
    await drain();
    const expected: [string[], number[]][] = [
      [['going'], ids.slice(0, 3)],
      [['waitlisted'], ids.slice(3)],
      [['checkedIn'], [ids[1]!]],
      [
        ['checkedIn', 'waitlisted'],
        [ids[1]!, ...ids.slice(3)],
      ],
    ];
    for (const [audience, who] of expected) {
      t.clock.advance(DAY);
      const rec = recorder();
      expect((await send(olivia.token, { activityId: activity.id, audience, message: audience.join() })).status).toBe(
        200,
      );
      await worker(rec.notifier).fanOutDue();
      expect([audience, rec.userIds()]).toEqual([audience, who]);
    }

    // Attendees see the sent blasts addressed to them; the organizer sees all; others are told it is not theirs.
    const seen = async (token: string) => (await list(token, activity.id)).attachment.items.map((item) => item.message);
    expect(await seen(people[0]!.token)).toEqual(['going']);
    expect(await seen(people[1]!.token)).toEqual(['checkedIn,waitlisted', 'checkedIn', 'going']);
    expect(await seen(people[4]!.token)).toEqual(['checkedIn,waitlisted', 'waitlisted']);
    const attendeeView = (await list(people[0]!.token, activity.id)).attachment;
    expect(attendeeView.quota).toBeNull();
    expect(attendeeView.items[0]?.recipients).toBeNull();
    expect((await list(olivia.token, activity.id)).attachment.items).toHaveLength(4);
    const outsider = await seed(1, 'out');
    expect(await list(outsider[0]!.token, activity.id)).toMatchObject({
      status: 404,
      msg: 'Messages from the organizer are for people holding a ticket',
    });
  });
});

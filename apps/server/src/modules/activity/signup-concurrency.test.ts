import type { Registration } from '@polaris/contract';
import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attendanceNfts, journalEntries } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { balanceOf, type WalletUser } from '../../test/wallet-fixtures.ts';
import { checkLedger } from '../wallet/invariants.ts';
import { createActivity, DAY, guest, HOUR, host, paidTicket, signUp } from './activity-fixtures.ts';

let t: TestApp;
let organizer: WalletUser;
let people: WalletUser[];

beforeAll(async () => {
  t = await createTestApp();
  organizer = await host(t, 'organizer@example.com');
  people = [];
  for (let i = 0; i < 50; i++) people.push(await guest(t, `p${i}@example.com`, '20'));
}, 180_000);
afterAll(async () => {
  expect(await checkLedger(t.database.db)).toEqual([]);
  await t.close();
});

describe('50 people, 10 seats', () => {
  it('gives exactly 10 tickets and 40 waitlist places, charges the 10, holds the 40, and promotes in order', async () => {
    const activity = await createActivity(t, organizer, { capacity: 10, ...paidTicket('5') });
    const results = await Promise.all(people.map((person) => signUp(t, person, activity.id)));
    expect(results.map((r) => r.status)).toEqual(people.map(() => 200));
    const approved = results.filter((r) => r.attachment.status === 'approved');
    const waitlisted = results.filter((r) => r.attachment.status === 'waitlisted');
    expect(approved).toHaveLength(10);
    expect(waitlisted).toHaveLength(40);
    expect(waitlisted.map((r) => r.attachment.waitlistPosition).sort((a, b) => a! - b!)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
    // Seat holders paid into escrow; the waitlist's price is held in their own accounts, not taken.
    for (const [index, person] of people.entries()) {
      const expected = results[index]!.attachment.status === 'approved' ? { frozen: '0' } : { frozen: '5' };
      expect(await balanceOf(t, person.token, 'USDT')).toMatchObject({ available: '15', ...expected });
    }
    const [payments] = await t.database.db
      .select({ n: count() })
      .from(journalEntries)
      .where(eq(journalEntries.kind, 'ticket_payment'));
    expect(payments?.n).toBe(10);

    // Three seat holders cancel at the same moment: the first three on the waitlist move up, in order.
    const byPosition = [...waitlisted].sort((a, b) => a.attachment.waitlistPosition! - b.attachment.waitlistPosition!);
    const cancelling = approved.slice(0, 3).map((r) => people[results.indexOf(r)]!);
    const cancelled = await Promise.all(
      cancelling.map((person) =>
        t.call<Registration>('POST', '/activity/signup/cancel', {
          token: person.token,
          body: { activityId: activity.id },
        }),
      ),
    );
    expect(cancelled.map((r) => [r.status, r.attachment.refunded])).toEqual([
      [200, '5'],
      [200, '5'],
      [200, '5'],
    ]);
    const statusOf = async (r: (typeof results)[number]) => {
      const person = people[results.indexOf(r)]!;
      const found = await t.call<{ myRegistration: Registration }>('GET', '/activity/detail', {
        token: person.token,
        query: { id: activity.id },
      });
      return found.attachment.myRegistration;
    };
    for (const r of byPosition.slice(0, 3)) {
      expect(await statusOf(r)).toMatchObject({ status: 'approved', paid: '5', paymentState: 'escrow' });
      expect(await balanceOf(t, people[results.indexOf(r)]!.token, 'USDT')).toMatchObject({ frozen: '0' });
    }
    for (const [index, r] of byPosition.slice(3).entries()) {
      expect(await statusOf(r)).toMatchObject({ status: 'waitlisted', waitlistPosition: index + 1 });
    }
    const overview = await t.call<{ seatsTaken: number; counts: { waitlisted: number; cancelled: number } }>(
      'GET',
      '/activity/manage/overview',
      { token: organizer.token, query: { activityId: activity.id } },
    );
    expect(overview.attachment).toMatchObject({ seatsTaken: 10, counts: { waitlisted: 37, cancelled: 3 } });
    expect(await checkLedger(t.database.db)).toEqual([]);
  }, 120_000);

  it('checks a ticket in once when it is scanned twice at the same moment', async () => {
    const activity = await createActivity(t, organizer);
    const ticket = (await signUp(t, people[0]!, activity.id)).attachment;
    const scans = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.call('POST', '/activity/checkin', {
          token: organizer.token,
          body: { activityId: activity.id, ticketCode: ticket.qr },
        }),
      ),
    );
    expect(scans.map((s) => s.status).sort()).toEqual([200, 409, 409, 409, 409]);
    const [minted] = await t.database.db
      .select({ n: count() })
      .from(attendanceNfts)
      .where(and(eq(attendanceNfts.registrationId, Number(ticket.id)), isNull(attendanceNfts.burnedAt)));
    expect(minted?.n).toBe(1);
  });

  it('settles an ended activity once with several workers at the same moment', async () => {
    const start = t.clock.now().getTime() + HOUR;
    const activity = await createActivity(t, organizer, {
      ...paidTicket('2'),
      startsAt: new Date(start).toISOString(),
      endsAt: new Date(start + HOUR).toISOString(),
    });
    await Promise.all(people.slice(20, 30).map((person) => signUp(t, person, activity.id)));
    t.clock.advance(DAY);
    const runs = await Promise.all(Array.from({ length: 4 }, () => t.services.registrations.processDue()));
    expect(runs.reduce((sum, run) => sum + run.settled, 0)).toBeGreaterThanOrEqual(1);
    const overview = () =>
      t.call<{ released: unknown[]; held: unknown[]; escrow: unknown[] }>('GET', '/activity/manage/overview', {
        token: organizer.token,
        query: { activityId: activity.id },
      });
    expect((await overview()).attachment).toMatchObject({
      escrow: [],
      held: [{ asset: 'USDT', amount: '20' }],
      released: [],
    });
    t.clock.advance(DAY);
    await Promise.all(Array.from({ length: 4 }, () => t.services.earnings.releaseDue()));
    expect((await overview()).attachment).toMatchObject({ held: [], released: [{ asset: 'USDT', amount: '20' }] });
    const entries = await t.database.db
      .select({ kind: journalEntries.kind, n: count() })
      .from(journalEntries)
      .where(eq(journalEntries.reference, `activity:${await idOf(activity.id)}`))
      .groupBy(journalEntries.kind)
      .orderBy(journalEntries.kind);
    expect(entries).toEqual([
      { kind: 'ticket_earning_hold', n: 1 },
      { kind: 'ticket_release', n: 1 },
    ]);
  });
});

async function idOf(code: string): Promise<number> {
  const { activities } = await import('../../db/schema/index.ts');
  const [row] = await t.database.db.select({ id: activities.id }).from(activities).where(eq(activities.code, code));
  return row!.id;
}

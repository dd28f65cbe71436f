import type { Activity, Registration } from '@polaris/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../db/client.ts';
import type { TestApp } from '../../test/app.ts';
import type { WalletUser } from '../../test/wallet-fixtures.ts';
import { activityApp, closeCheckingLedger, createActivity, DAY, guest, HOUR, signUp } from './activity-fixtures.ts';

/** Scans queued on an offline organizer's device: synced later, each ticket checked in once, at its scan time. */

let t: TestApp;
let olivia: WalletUser;
let activity: Activity;

beforeAll(async () => {
  ({ t, olivia } = await activityApp());
  activity = await createActivity(t, olivia, { capacity: 10 });
});
afterAll(() => closeCheckingLedger(t));

const scan = (ticketCode: string | undefined, scannedAt?: string) =>
  t.call<{ checkedInAt: string; nft: { tokenId: string } }>('POST', '/activity/checkin', {
    token: olivia.token,
    body: { activityId: activity.id, ticketCode, ...(scannedAt === undefined ? {} : { scannedAt }) },
  });

async function nftCount(registrationId: string): Promise<number> {
  const found = await query<{ n: number }>(
    t.database.db,
    sql`select count(*)::int as n from attendance_nfts where registration_id = ${Number(registrationId)}`,
  );
  return found.rows[0]!.n;
}

describe('offline check-in sync', () => {
  let ticket: Registration;
  beforeAll(async () => {
    const uma = await guest(t, 'uma-offline@example.com', '0');
    ticket = (await signUp(t, uma, activity.id)).attachment;
  });

  it('keeps the time the code was scanned', async () => {
    const scannedAt = new Date(t.clock.now().getTime() - 2 * HOUR).toISOString();
    const done = await scan(ticket.qr ?? undefined, scannedAt);
    expect(done.status).toBe(200);
    expect(done.attachment.checkedInAt).toBe(scannedAt);
  });

  it('a replayed queue item is a no-op that reports "already checked in"', async () => {
    const again = await scan(ticket.qr ?? undefined, new Date().toISOString());
    expect(again).toMatchObject({ status: 409, msg: 'This ticket has already been checked in' });
    expect(await nftCount(ticket.id)).toBe(1);
  });

  it('200 copies of one queued scan at once: one check-in, one NFT, the rest "already checked in"', async () => {
    const nina = await guest(t, 'nina-offline@example.com', '0');
    const mine = (await signUp(t, nina, activity.id)).attachment;
    const scannedAt = new Date(t.clock.now().getTime() - HOUR).toISOString();
    const results = await Promise.all(Array.from({ length: 200 }, () => scan(mine.qr ?? undefined, scannedAt)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(199);
    expect(await nftCount(mine.id)).toBe(1);
  });

  it('a scan time in the future is taken as now; one older than a week as a week ago', async () => {
    const early = await guest(t, 'early-offline@example.com', '0');
    const late = await guest(t, 'late-offline@example.com', '0');
    const earlyTicket = (await signUp(t, early, activity.id)).attachment;
    const lateTicket = (await signUp(t, late, activity.id)).attachment;
    const before = t.clock.now().getTime();
    const future = await scan(lateTicket.qr ?? undefined, new Date(before + DAY).toISOString());
    expect(future.status).toBe(200);
    const futureAt = Date.parse(future.attachment.checkedInAt);
    expect(futureAt).toBeGreaterThanOrEqual(before);
    expect(futureAt).toBeLessThan(before + 60_000);
    const old = await scan(earlyTicket.qr ?? undefined, new Date(before - 30 * DAY).toISOString());
    expect(old.status).toBe(200);
    expect(Math.abs(Date.parse(old.attachment.checkedInAt) - (before - 7 * DAY))).toBeLessThan(60_000);
  });

  it('refuses a scan time that is not a date, naming the field', async () => {
    const bad = await scan('PLX1.x.y', 'yesterday');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.attachment)).toContain('scannedAt');
    const nul = await scan('PLX1.x.y', '2026-01-01T00:00:00Z\u0000');
    expect(nul.status).toBe(400);
  });
});

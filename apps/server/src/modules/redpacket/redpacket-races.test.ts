import type { RedPacket } from '@polaris/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journalEntries, redPacketClaims, redPackets } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { type SeededPerson, seedPeople } from '../../test/seed-people.ts';
import { deposit, newKey, type WalletUser, walletUser } from '../../test/wallet-fixtures.ts';
import { checkLedger } from '../wallet/ledger.store.ts';

/** Claims arriving at the same moment obey the packet exactly: its shares, one per person, its amount to the unit. */

let t: TestApp;
let alice: WalletUser;
let crowd: SeededPerson[];

beforeAll(async () => {
  t = await createTestApp();
  alice = await walletUser(t, 'alice@example.com');
  await deposit(t, alice.email, 'USDT', 'BSC', '1000');
  crowd = await seedPeople(t.database, 300, 'crowd');
}, 60_000);
afterAll(async () => {
  expect(await checkLedger(t.database.db)).toEqual([]);
  await t.close();
});

async function send(body: Record<string, unknown>) {
  const result = await t.call<RedPacket>('POST', '/redpacket/send', {
    token: alice.token,
    body: {
      kind: 'share',
      asset: 'USDT',
      amount: '30',
      count: 30,
      validity: 1,
      validityUnit: 'hour',
      tradePassword: alice.trade,
      idempotencyKey: newKey(),
      ...body,
    },
  });
  expect(result.status).toBe(200);
  return result.attachment;
}

const claim = (token: string, redpacketCode: string) =>
  t.call<{ amount: string }>('POST', '/redpacket/claim', { token, body: { redpacketCode } });

describe('racing claims', () => {
  it('300 people at once on 30 shares: 30 winners, each once, the shares summing to the amount exactly', async () => {
    const packet = await send({});
    const results = await Promise.all(crowd.map((person) => claim(person.token, packet.code)));
    const won = results.filter((r) => r.status === 200);
    expect(won).toHaveLength(30);
    expect(results.filter((r) => r.status === 409 && r.msg === 'All claimed')).toHaveLength(270);
    const units = won.reduce((sum, r) => sum + BigInt(Math.round(Number(r.attachment.amount) * 1e6)), 0n);
    expect(units).toBe(30_000_000n);
    const rows = await t.database.db.select().from(redPacketClaims);
    expect(new Set(rows.map((row) => row.userId)).size).toBe(30);
    expect(rows.every((row) => BigInt(row.amount) >= 1n)).toBe(true);
  });

  it('300 people tapping twice at once on 100 shares: 100 winners, each once, and the ledger balanced', async () => {
    const packet = await send({ amount: '100', count: 100 });
    const taps = crowd.flatMap((person) => [person, person]);
    const results = await Promise.all(taps.map((person) => claim(person.token, packet.code)));
    const won = results.filter((r) => r.status === 200);
    expect(won).toHaveLength(100);
    expect(results.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    const units = won.reduce((sum, r) => sum + BigInt(Math.round(Number(r.attachment.amount) * 1e6)), 0n);
    expect(units).toBe(100_000_000n);
    const [row] = await t.database.db.select().from(redPackets).where(eq(redPackets.code, packet.code));
    const rows = await t.database.db.select().from(redPacketClaims).where(eq(redPacketClaims.packetId, row!.id));
    expect(rows).toHaveLength(100);
    expect(new Set(rows.map((row) => row.userId)).size).toBe(100);
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it('one person opening a packet twenty times at once gets one share', async () => {
    const packet = await send({ amount: '5', count: 5 });
    const person = crowd[0]!;
    const results = await Promise.all(Array.from({ length: 20 }, () => claim(person.token, packet.code)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.msg === 'You have already opened this red packet')).toHaveLength(19);
  });

  it('claims on many packets at once each land on their own packet', async () => {
    const packets = await Promise.all(Array.from({ length: 10 }, () => send({ amount: '1', count: 10 })));
    const results = await Promise.all(
      crowd.slice(0, 100).map((person, index) => claim(person.token, packets[index % 10]!.code)),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    for (const packet of packets) {
      const detail = await t.call<RedPacket>('GET', '/redpacket/detail', { query: { redpacketCode: packet.code } });
      expect(detail.attachment).toMatchObject({ claimedCount: 10, claimedAmount: '1', state: 'claimed' });
    }
  });
});

describe('expiry with two workers', () => {
  it('each expired packet is refunded exactly once', async () => {
    const packets = await Promise.all(
      Array.from({ length: 8 }, () => send({ amount: '4', count: 4, validity: 1, validityUnit: 'minute' })),
    );
    await Promise.all(packets.map((packet, index) => claim(crowd[index]!.token, packet.code)));
    t.clock.advance(2 * 60_000);
    const runs = await Promise.all([
      t.services.redPackets.expiry.settleDue(3),
      t.services.redPackets.expiry.settleDue(3),
      t.services.redPackets.expiry.settleDue(),
      t.services.redPackets.expiry.settleDue(),
    ]);
    const again = await t.services.redPackets.expiry.settleDue();
    expect(runs.reduce((sum, run) => sum + run.refunded, 0) + again.refunded).toBe(8);
    const [refunds] = await t.database.db
      .select({ n: count() })
      .from(journalEntries)
      .where(eq(journalEntries.kind, 'redpacket_refund'));
    expect(refunds?.n).toBe(8);
  });
});

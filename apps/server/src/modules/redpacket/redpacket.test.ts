import type { ChatMessage, RedPacket } from '@polaris/contract';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journalEntries } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { balanceOf, deposit, newKey, type WalletUser, walletUser } from '../../test/wallet-fixtures.ts';
import { createActivity, host, signUp } from '../activity/activity-fixtures.ts';
import { checkLedger } from '../wallet/ledger.store.ts';

/** Red packets end to end through the API: every kind, who may open them, and where the money is at each step. */

let t: TestApp;
let alice: WalletUser;
let bob: WalletUser;
let carol: WalletUser;
let dave: WalletUser;

beforeAll(async () => {
  t = await createTestApp();
  alice = await host(t, 'alice@example.com');
  bob = await walletUser(t, 'bob@example.com');
  carol = await walletUser(t, 'carol@example.com');
  dave = await walletUser(t, 'dave@example.com');
  await deposit(t, alice.email, 'USDT', 'BSC', '1000');
}, 60_000);
afterAll(async () => {
  expect(await checkLedger(t.database.db)).toEqual([]);
  await t.close();
});

export const sendBody = (user: WalletUser, body: Record<string, unknown>) => ({
  kind: 'share',
  asset: 'USDT',
  amount: '10',
  count: 3,
  validity: 1,
  validityUnit: 'day',
  tradePassword: user.trade,
  idempotencyKey: newKey(),
  ...body,
});
const send = (user: WalletUser, body: Record<string, unknown>) =>
  t.call<RedPacket>('POST', '/redpacket/send', { token: user.token, body: sendBody(user, body) });
const claim = (user: WalletUser, code: string, password?: string, locale?: string) =>
  t.call<{ amount: string; packet: RedPacket }>('POST', '/redpacket/claim', {
    token: user.token,
    body: { redpacketCode: code, password },
    locale,
  });
const available = async (user: WalletUser) => (await balanceOf(t, user.token, 'USDT')).available;

async function entries(kind: string, reference?: string) {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(journalEntries)
    .where(
      reference
        ? and(eq(journalEntries.kind, kind), eq(journalEntries.reference, reference))
        : eq(journalEntries.kind, kind),
    );
  return row?.n ?? 0;
}

describe('a password red packet', () => {
  let packet: RedPacket;
  it('escrows the whole amount behind the trade password and gives a link without the password', async () => {
    const sent = await send(alice, { kind: 'password', password: 'polaris', greeting: 'Gong xi' });
    expect(sent.status).toBe(200);
    packet = sent.attachment;
    expect(packet).toMatchObject({
      kind: 'password',
      amount: '10',
      count: 3,
      claimedCount: 0,
      needsPassword: true,
      state: 'active',
      isSender: true,
      greeting: 'Gong xi',
    });
    expect(packet.shareUrl).toBe(`http://localhost:8080/s/r${packet.code}`);
    expect(packet.shareUrl).not.toContain('polaris');
    expect(packet.sendEntryId).toMatch(/^\d+$/);
    expect(await available(alice)).toBe('990');
  });

  it('opens with the password only, once per person, until the shares run out', async () => {
    const wrong = await claim(bob, packet.code, 'polar');
    expect(wrong).toMatchObject({ status: 400, http: 200 });
    expect(JSON.stringify(wrong)).toContain('The red envelope password is wrong');
    const shares: string[] = [];
    for (const person of [bob, carol, dave]) {
      const opened = await claim(person, packet.code, 'polaris');
      expect(opened.status).toBe(200);
      shares.push(opened.attachment.amount);
      expect(opened.attachment.packet.mine?.amount).toBe(opened.attachment.amount);
    }
    const total = shares.reduce((sum, share) => sum + Math.round(Number(share) * 1e6), 0);
    expect(total).toBe(10_000_000);
    expect(await claim(bob, packet.code, 'polaris')).toMatchObject({
      status: 409,
      msg: 'You have already opened this red packet',
    });
    const late = await walletUser(t, 'late@example.com');
    expect(await claim(late, packet.code, 'polaris')).toMatchObject({ status: 409, msg: 'All claimed' });
    expect(await claim(late, packet.code, 'polaris', 'zh_TW')).toMatchObject({ status: 409, msg: '已被領完' });
    expect(await available(bob)).toBe(shares[0]);
  });

  it('shows who got what with the luckiest, and ledger entries to the sender only', async () => {
    type Claims = { items: { person: { uid: string }; amount: string; luckiest: boolean; entryId: string | null }[] };
    const mine = await t.call<Claims>('GET', '/redpacket/claims', {
      token: alice.token,
      query: { redpacketCode: packet.code },
    });
    expect(mine).toMatchObject({ status: 200 });
    expect(mine.attachment.items).toHaveLength(3);
    expect(mine.attachment.items.filter((c) => c.luckiest)).toHaveLength(1);
    const luckiest = mine.attachment.items.find((c) => c.luckiest)!;
    expect(Math.max(...mine.attachment.items.map((c) => Number(c.amount)))).toBe(Number(luckiest.amount));
    for (const item of mine.attachment.items) expect(item.entryId).toMatch(/^\d+$/);
    const theirs = await t.call<Claims>('GET', '/redpacket/claims', {
      token: bob.token,
      query: { redpacketCode: packet.code },
    });
    expect(theirs.attachment.items.every((c) => c.entryId === null)).toBe(true);
    const detail = await t.call<RedPacket>('GET', '/redpacket/detail', {
      token: bob.token,
      query: { redpacketCode: packet.code },
    });
    expect(detail.attachment).toMatchObject({
      state: 'claimed',
      claimedCount: 3,
      claimedAmount: '10',
      isSender: false,
    });
    expect(detail.attachment.sendEntryId).toBeNull();
  });

  it('counts what I sent and received per asset', async () => {
    type Info = { sent: { count: number; totals: unknown[] }; received: { count: number; totals: unknown[] } };
    const info = await t.call<Info>('GET', '/open/redpacket/my/info', { token: alice.token });
    expect(info.attachment.sent).toEqual({ count: 1, totals: [{ asset: 'USDT', amount: '10' }] });
    const received = await t.call<Info>('GET', '/open/redpacket/my/info', { token: bob.token });
    expect(received.attachment.received.count).toBe(1);
    const list = await t.call<{ items: { packet: RedPacket; amount: string }[] }>('GET', '/redpacket/mine', {
      token: bob.token,
      query: { role: 'received' },
    });
    expect(list.attachment.items.map((i) => i.packet.code)).toEqual([packet.code]);
  });
});

describe('sending', () => {
  it('the same request key twice sends one packet', async () => {
    const body = sendBody(alice, { amount: '2', count: 2 });
    const first = await t.call<RedPacket>('POST', '/redpacket/send', { token: alice.token, body });
    const again = await t.call<RedPacket>('POST', '/redpacket/send', { token: alice.token, body });
    expect(again.attachment.code).toBe(first.attachment.code);
    expect(await entries('redpacket_send')).toBe(2);
  });

  it('a fixed packet gives equal shares; the sender cannot open their own', async () => {
    const { attachment: packet } = await send(alice, { split: 'fixed', amount: '6', count: 3 });
    expect(await claim(alice, packet.code)).toMatchObject({ status: 409, msg: 'You cannot open your own red packet' });
    expect((await claim(bob, packet.code)).attachment.amount).toBe('2');
    expect((await claim(carol, packet.code)).attachment.amount).toBe('2');
  });
});

describe('expiry', () => {
  it('refuses claims once expired and gives the rest back exactly once, even to two workers at once', async () => {
    const before = Number(await available(alice));
    const refunds = await entries('redpacket_refund');
    const { attachment: packet } = await send(alice, { amount: '5', count: 5, validity: 60, validityUnit: 'second' });
    const opened = await claim(bob, packet.code);
    t.clock.advance(61_000);
    expect(await claim(carol, packet.code)).toMatchObject({ status: 409, msg: 'Activity ended' });
    expect(await claim(carol, packet.code, undefined, 'zh_TW')).toMatchObject({ status: 409, msg: '活動已結束' });
    const runs = await Promise.all([
      t.services.redPackets.expiry.settleDue(),
      t.services.redPackets.expiry.settleDue(),
    ]);
    expect(runs.reduce((sum, run) => sum + run.refunded, 0)).toBe(1);
    expect(await entries('redpacket_refund')).toBe(refunds + 1);
    expect(await t.services.redPackets.expiry.settleDue()).toEqual({ settled: 0, refunded: 0 });
    const expected = before - Number(opened.attachment.amount);
    expect(Number(await available(alice))).toBeCloseTo(expected, 6);
    const detail = await t.call<RedPacket>('GET', '/redpacket/detail', {
      token: alice.token,
      query: { redpacketCode: packet.code },
    });
    expect(detail.attachment.state).toBe('refunded');
    expect(Number(detail.attachment.refundedAmount)).toBeCloseTo(5 - Number(opened.attachment.amount), 6);
    expect(detail.attachment.refundEntryId).toMatch(/^\d+$/);
  });
});

describe('who may open it', () => {
  it('a social packet is for the sender’s followers', async () => {
    const { attachment: packet } = await send(alice, { kind: 'social', amount: '1', count: 1 });
    expect(packet.audience).toBe('followers');
    expect(await claim(bob, packet.code)).toMatchObject({
      status: 403,
      msg: "This red packet is for the sender's followers",
    });
    await t.call('POST', '/people/follow', { token: bob.token, body: { userUid: alice.uid } });
    expect((await claim(bob, packet.code)).status).toBe(200);
  });

  it('an attendees-only packet is for checked-in ticket holders of the activity, nobody else', async () => {
    const activity = await createActivity(t, alice);
    const ticket = (await signUp(t, bob, activity.id)).attachment;
    await signUp(t, carol, activity.id);
    const checkedIn = await t.call('POST', '/activity/checkin', {
      token: alice.token,
      body: { activityId: activity.id, ticketCode: ticket.qr },
    });
    expect(checkedIn.status).toBe(200);
    const { attachment: packet } = await send(alice, {
      amount: '3',
      count: 3,
      audience: 'attendees',
      activityId: activity.id,
    });
    expect(packet.activity).toEqual({ id: activity.id, title: activity.title });
    const refusal = { status: 403, msg: `This red packet is for checked-in attendees of ${activity.title}` };
    expect(await claim(carol, packet.code)).toMatchObject(refusal);
    expect(await claim(dave, packet.code)).toMatchObject(refusal);
    expect((await claim(bob, packet.code)).status).toBe(200);
  });

  it('an in-chat packet is posted into the room and only its members open it', async () => {
    const room = await t.call<{ id: string }>('POST', '/chat/room/create', {
      token: alice.token,
      body: { name: 'Packets', joinPolicy: 'public' },
    });
    expect(room.status).toBe(200);
    await t.call('POST', '/chat/room/join', { token: bob.token, body: { roomId: room.attachment.id } });
    const body = sendBody(alice, {
      kind: 'chat',
      roomId: room.attachment.id,
      amount: '2',
      count: 2,
      greeting: 'Hi all',
    });
    const sent = await t.call<RedPacket>('POST', '/redpacket/send', { token: alice.token, body });
    expect(sent.attachment).toMatchObject({ kind: 'chat', audience: 'room', roomId: room.attachment.id });
    // A repeat of the request posts nothing new.
    await t.call('POST', '/redpacket/send', { token: alice.token, body });
    const history = await t.call<{ items: ChatMessage[] }>('GET', '/chat/messages', {
      token: bob.token,
      query: { roomId: room.attachment.id },
    });
    const posted = history.attachment.items.filter((m) => m.kind === 'redpacket');
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({ ref: sent.attachment.code, text: 'Hi all' });
    expect(await claim(carol, sent.attachment.code)).toMatchObject({
      status: 403,
      msg: "This red packet is for the room's members",
    });
    expect((await claim(bob, sent.attachment.code)).status).toBe(200);
    const outsider = sendBody(carol, { kind: 'chat', roomId: room.attachment.id });
    expect(await t.call('POST', '/redpacket/send', { token: carol.token, body: outsider })).toMatchObject({
      status: 400,
    });
  });
});

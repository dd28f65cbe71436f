import { formatAmount, formatAssetAmount, type Notice, type RedPacket, toScaled, translate } from '@polaris/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { seedPeople } from '../../test/seed-people.ts';
import { deposit, newKey, type WalletUser, walletUser } from '../../test/wallet-fixtures.ts';
import { host } from '../activity/activity-fixtures.ts';
import { type ChatClient, connectChat, createRoom, joinRoom } from '../chat/chat-fixtures.ts';
import { checkLedger } from '../wallet/ledger.store.ts';

/** Base units of USDT as the notices print them: "12.34 USDT". */
const usdt = (units: bigint) => formatAssetAmount(formatAmount(units, 6), 'USDT', 'en', { withCode: true });

/**
 * Red packet notices (docs/notifications.md, "Events: chat, red packets, wallet"): received in a room or a direct conversation, claims told to the
 * sender in batches and counted exactly under a crowd, expired and refunded, and the live `changed` frames.
 */

let t: TestApp;
let base: string;
let alice: WalletUser;
let bob: WalletUser;
let cat: WalletUser;
let roomId: string;
const clients: ChatClient[] = [];

beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  alice = await host(t, 'rpn-alice@example.com');
  bob = await walletUser(t, 'rpn-bob@example.com');
  cat = await walletUser(t, 'rpn-cat@example.com');
  await deposit(t, alice.email, 'USDT', 'BSC', '3000');
  roomId = (await createRoom(t, alice.token, { name: 'Lucky room' })).id;
  for (const user of [bob, cat]) await joinRoom(t, user.token, roomId);
}, 60_000);
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  expect(await checkLedger(t.database.db)).toEqual([]);
  await t.close();
});

const body = (extra: Record<string, unknown>) => ({
  kind: 'share',
  asset: 'USDT',
  amount: '10',
  count: 10,
  validity: 1,
  validityUnit: 'hour',
  tradePassword: alice.trade,
  idempotencyKey: newKey(),
  ...extra,
});
async function send(extra: Record<string, unknown>) {
  const sent = await t.call<RedPacket>('POST', '/redpacket/send', { token: alice.token, body: body(extra) });
  expect(sent.status).toBe(200);
  return sent.attachment;
}
const claim = (token: string, redpacketCode: string) =>
  t.call<{ amount: string }>('POST', '/redpacket/claim', { token, body: { redpacketCode } });

/** Everything announced so far has reached the notifier: the room fan-outs, and the claim windows (they end). */
async function settled() {
  await t.services.chat.notices.idle();
  t.clock.advance(61_000);
  await t.services.outbox.settle();
  await t.services.redPackets.notices.flush();
}

/** The clock at a second into a claim window, so a burst of claims falls in one window. */
function windowStart() {
  t.clock.advance(60_000 - (t.clock.now().getTime() % 60_000) + 1000);
}

const waitingClaimRows = async (code: string) =>
  (
    await query<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from notice_outbox o join red_packets p on p.id = (o.payload->>'packetId')::bigint
          where o.topic = 'redpacket.claims' and p.code = ${code}`,
    )
  ).rows[0]!.n;

async function notices(token: string, kind: string, locale = 'en_US') {
  const result = await t.call<{ items: Notice[] }>('GET', '/notice/list', {
    token,
    locale,
    query: { category: 'redpacket', limit: '50' },
  });
  expect(result.status).toBe(200);
  return result.attachment.items.filter((notice) => notice.kind === kind);
}

async function connect(user: { token: string }) {
  const client = await connectChat(base, user.token);
  clients.push(client);
  client.send({ type: 'ping', id: 'ready' });
  await client.next('pong');
  return client;
}

const link = (code: string) => `/pages/red-envelope/receive/index?redpacketCode=${code}`;

describe('received', () => {
  it('tells the room’s members of a packet posted there, once even when the send is repeated; not the sender', async () => {
    const request = body({ kind: 'chat', roomId, greeting: 'Happy new year' });
    const first = await t.call<RedPacket>('POST', '/redpacket/send', { token: alice.token, body: request });
    await t.call('POST', '/redpacket/send', { token: alice.token, body: request });
    await settled();
    for (const member of [bob, cat]) {
      const received = await notices(member.token, 'redpacketReceived');
      expect(received).toHaveLength(1);
      expect(received[0]).toMatchObject({
        title: 'rpn-alice sent you a red packet',
        body: 'Happy new year',
        link: link(first.attachment.code),
      });
    }
    const zh = await notices(bob.token, 'redpacketReceived', 'zh_TW');
    expect(zh[0]!.title).toBe(translate('zh-Hant', 'notice.redpacketReceived.title', { name: 'rpn-alice' }));
    expect(await notices(alice.token, 'redpacketReceived')).toHaveLength(0);
  });

  it('keeps a room its member muted quiet, and tells the other person of a direct conversation', async () => {
    await t.call('POST', '/notice/mute', { token: cat.token, body: { roomId, muted: true } });
    await send({ kind: 'chat', roomId, greeting: 'Second round' });
    const direct = await t.call<{ id: string }>('POST', '/chat/direct/open', {
      token: alice.token,
      body: { uid: cat.uid },
    });
    const packet = await send({ kind: 'chat', roomId: direct.attachment.id, greeting: 'Just for you', count: 1 });
    await settled();
    expect((await notices(bob.token, 'redpacketReceived')).map((n) => n.body)).toEqual([
      'Second round',
      'Happy new year',
    ]);
    const cats = await notices(cat.token, 'redpacketReceived');
    expect(cats.map((n) => n.body)).toEqual(['Just for you', 'Happy new year']);
    expect(cats[0]!.link).toBe(link(packet.code));
    await t.call('POST', '/notice/mute', { token: cat.token, body: { roomId, muted: false } });
  });
});

describe('claims, told to the sender in batches', () => {
  it('tells one notice per window that counts every claim of it, 300 at once; a later run adds nothing', async () => {
    const packet = await send({ amount: '40', count: 400 });
    windowStart();
    const people = await seedPeople(t.database, 300, 'rpn-window');
    const results = await Promise.all(people.map((p) => claim(p.token, packet.code)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const total = results.reduce((sum, r) => sum + toScaled(r.attachment.amount, 6), 0n);
    // Nothing is told before the window ends.
    const mine = async () =>
      (await notices(alice.token, 'redpacketClaimed')).filter((n) => n.link === link(packet.code));
    expect(await mine()).toHaveLength(0);
    // Its notice waits in the outbox, written with the claims: one row for the window, however many batches.
    expect(await waitingClaimRows(packet.code)).toBe(1);
    await settled();
    await settled();
    expect(await waitingClaimRows(packet.code)).toBe(0);
    const told = await mine();
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      title: 'Your red packet is being opened',
      body: `300 of 400 opened, ${usdt(total)} claimed.`,
    });
  });

  it('counts 1,000 claims at once exactly, in one notice when the last share goes', async () => {
    const packet = await send({ amount: '2000', count: 1000 });
    const crowd = await seedPeople(t.database, 1000, 'rpn-crowd');
    const results = await Promise.all(crowd.map((p) => claim(p.token, packet.code)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1000);
    await settled();
    const told = (await notices(alice.token, 'redpacketClaimed')).filter((n) => n.link === link(packet.code));
    expect(told).toHaveLength(1);
    expect(told[0]!.body).toBe('1000 of 1000 opened, 2,000.00 USDT claimed.');
  }, 120_000);

  it('refreshes the sender’s and the room’s screens and the claimer’s balance as shares go', async () => {
    const packet = await send({ kind: 'chat', roomId, count: 3 });
    const [alices, bobs, cats] = [await connect(alice), await connect(bob), await connect(cat)];
    expect((await claim(bob.token, packet.code)).status).toBe(200);
    const frame = { type: 'changed', topic: 'redpacket', ref: packet.code };
    expect(await alices.next('changed', (f) => f.topic === 'redpacket')).toEqual(frame);
    // Cat has the room open nowhere: the room's activity carries it.
    expect(await cats.next('changed', (f) => f.topic === 'redpacket')).toEqual(frame);
    expect(await bobs.next('changed', (f) => f.topic === 'wallet')).toEqual({
      type: 'changed',
      topic: 'wallet',
      ref: null,
    });
  });
});

describe('expiry', () => {
  it('tells the sender what went back, once however often the worker runs, and refreshes their wallet', async () => {
    const packet = await send({ amount: '5', count: 5, validity: 1, validityUnit: 'minute' });
    const people = await seedPeople(t.database, 2, 'rpn-late');
    const opened = await Promise.all(people.map((p) => claim(p.token, packet.code)));
    const left = 5_000_000n - opened.reduce((sum, r) => sum + toScaled(r.attachment.amount, 6), 0n);
    const alices = await connect(alice);
    t.clock.advance(61_000);
    await Promise.all([t.services.redPackets.expiry.settleDue(), t.services.redPackets.expiry.settleDue()]);
    await t.services.redPackets.expiry.settleDue();
    await t.services.outbox.settle();
    await alices.next('changed', (f) => f.topic === 'wallet');
    const expired = (await notices(alice.token, 'redpacketExpired')).filter((n) => n.link === link(packet.code));
    expect(expired).toHaveLength(1);
    expect(expired[0]).toMatchObject({
      title: 'Red packet expired',
      body: `${usdt(left)} that nobody opened is back in your wallet.`,
    });
    expect(await notices(bob.token, 'redpacketExpired')).toHaveLength(0);
  });
});

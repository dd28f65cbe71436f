import { API_BASE, type RedPacket } from '@polaris/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { deposit, newKey, type WalletUser, walletUser } from '../../test/wallet-fixtures.ts';
import { createBounty } from '../bounty/bounty-fixtures.ts';
import { checkLedger } from '../wallet/ledger.store.ts';
import { createRoom } from './chat-fixtures.ts';

/**
 * The visibility rule (docs/api.md, "Visibility"): whatever belongs to a room the reader may not see (an invite-only
 * room, a direct conversation) answers exactly like an unknown one. The GET routes that take the id of something
 * room-scoped are derived from the router's own table, so a new one fails here until it is listed below.
 */

let t: TestApp;
let alice: WalletUser;
let bob: WalletUser;
let carol: WalletUser;
/** The ids of what the outsider must not see, and of things that do not exist. */
const hidden: Record<string, string> = {};
const unknown = {
  roomId: '987654321',
  redpacketCode: 'AbCdEf123456',
  stageId: '987654321',
  bountyId: '987654321',
  seq: '1',
  pollId: '987654321',
};

/** An input key that names something of a room, and (for a generic `id`) the paths where it does. */
const ROOM_SCOPED_KEYS = ['roomId', 'redpacketCode', 'stageId', 'bountyId', 'pollId'];
const ROOM_SCOPED_ID_PATHS = /^\/(live\/stage|bounty)\//;

type Ids = Record<'roomId' | 'redpacketCode' | 'stageId' | 'bountyId' | 'pollId' | 'directPacket' | 'seq', string>;
/** Every room-scoped GET route: the query that reads the hidden object (from `ids`). */
const ROUTES: Record<string, (ids: Ids) => Record<string, string>> = {
  '/chat/room': (ids) => ({ roomId: ids.roomId }),
  '/chat/room/announcements': (ids) => ({ roomId: ids.roomId }),
  '/chat/messages': (ids) => ({ roomId: ids.roomId }),
  '/chat/members': (ids) => ({ roomId: ids.roomId }),
  '/chat/messages/search': (ids) => ({ roomId: ids.roomId, q: 'hello' }),
  '/live/stage/detail': (ids) => ({ id: ids.stageId }),
  '/live/stage/wait': (ids) => ({ id: ids.stageId, status: 'live' }),
  '/redpacket/detail': (ids) => ({ redpacketCode: ids.redpacketCode }),
  '/redpacket/claims': (ids) => ({ redpacketCode: ids.redpacketCode }),
  '/bounty/list': (ids) => ({ roomId: ids.roomId, state: 'all' }),
  '/bounty/detail': (ids) => ({ id: ids.bountyId }),
  '/bounty/submissions': (ids) => ({ id: ids.bountyId }),
  '/notice/mute': (ids) => ({ roomId: ids.roomId }),
  '/chat/message/reactors': (ids) => ({ roomId: ids.roomId, seq: ids.seq }),
  '/chat/message/versions': (ids) => ({ roomId: ids.roomId, seq: ids.seq }),
  '/chat/room/pins': (ids) => ({ roomId: ids.roomId }),
  '/chat/poll/voters': (ids) => ({ pollId: ids.pollId }),
  '/chat/room/reports': (ids) => ({ roomId: ids.roomId }),
  '/chat/room/rules': (ids) => ({ roomId: ids.roomId }),
  '/chat/room/held': (ids) => ({ roomId: ids.roomId }),
  '/chat/room/held/mine': (ids) => ({ roomId: ids.roomId }),
};
/** Routes a plain member may not read (a message's earlier versions are for moderators): the room's owner reads them. */
const OWNER_ROUTES = new Set(['/chat/message/versions']);

function inputKeys(schema: z.ZodType): string[] {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, unknown>;
    allOf?: { properties?: Record<string, unknown> }[];
  };
  return Object.keys({ ...json.properties, ...Object.assign({}, ...(json.allOf ?? []).map((p) => p.properties)) });
}

async function get(route: string, query: Record<string, string>, token?: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: `${API_BASE}${route}`,
    query,
    headers: { locale: 'en_US', ...(token ? { token } : {}) },
  });
  // Everything but the request id, which differs between any two requests, must match byte for byte.
  const { requestId: _requestId, ...body } = response.json() as {
    status: number;
    msg: string;
    attachment: unknown;
    requestId?: string;
  };
  return { http: response.statusCode, body };
}

beforeAll(async () => {
  t = await createTestApp();
  alice = await walletUser(t, 'alice@example.com');
  bob = await walletUser(t, 'bob@example.com');
  carol = await walletUser(t, 'carol@example.com');
  await deposit(t, alice.email, 'USDT', 'BSC', '1000');
  const room = await createRoom(t, alice.token, { name: 'Inner circle', joinPolicy: 'invite' });
  const joined = await t.call('POST', '/chat/room/join', { token: bob.token, body: { inviteToken: room.inviteToken } });
  expect(joined.status).toBe(200);
  // An admin: the room's report queue and rules are its admins' (the member's 200 below).
  const role = await t.call('POST', '/chat/member/role', {
    token: alice.token,
    body: { roomId: room.id, uid: bob.uid, role: 'admin' },
  });
  expect(role.status).toBe(200);
  const packet = await t.call<RedPacket>('POST', '/redpacket/send', {
    token: alice.token,
    body: {
      kind: 'chat',
      roomId: room.id,
      asset: 'USDT',
      amount: '10',
      count: 3,
      validity: 1,
      validityUnit: 'day',
      greeting: 'For the circle',
      tradePassword: alice.trade,
      idempotencyKey: newKey(),
    },
  });
  expect(packet.status).toBe(200);
  const stage = await t.call<{ id: string }>('POST', '/live/stage/create', {
    token: alice.token,
    body: { title: 'Circle AMA', audience: 'members', roomId: room.id },
  });
  expect(stage.status).toBe(200);
  const bounty = await createBounty(t, alice, { roomId: room.id });
  const said = await t.call<{ message: { seq: number } }>('POST', '/chat/message/send', {
    token: alice.token,
    body: { roomId: room.id, text: 'Welcome' },
  });
  expect(said.status).toBe(200);
  const poll = await t.call<{ poll: { id: string } }>('POST', '/chat/poll/create', {
    token: alice.token,
    body: { roomId: room.id, question: 'Circle dinner?', options: ['Yes', 'No'] },
  });
  expect(poll.status).toBe(200);
  Object.assign(hidden, {
    seq: String(said.attachment.message.seq),
    pollId: poll.attachment.poll.id,
    roomId: room.id,
    redpacketCode: packet.attachment.code,
    stageId: stage.attachment.id,
    bountyId: bounty.id,
  });
}, 90_000);
afterAll(async () => {
  expect(await checkLedger(t.database.db)).toEqual([]);
  await t.close();
});

describe('visibility of what belongs to a room', () => {
  it('every GET route taking the id of something room-scoped is in the table', () => {
    const derived = t.app.routeTable
      .filter((route) => route.method === 'GET')
      .filter((route) => {
        const keys = inputKeys(route.input);
        return (
          keys.some((key) => ROOM_SCOPED_KEYS.includes(key)) ||
          (keys.includes('id') && ROOM_SCOPED_ID_PATHS.test(route.path))
        );
      })
      .map((route) => route.path)
      .sort();
    expect(derived).toEqual(Object.keys(ROUTES).sort());
  });

  it('answers an outsider (and a guest) exactly as for an unknown id, and a member with 200', async () => {
    const ids = hidden as Ids;
    for (const [route, query] of Object.entries(ROUTES)) {
      const outsider = await get(route, query(ids), carol.token);
      const missing = await get(route, query(unknown as Ids), carol.token);
      expect({ route, ...outsider }).toEqual({ route, ...missing });
      const guest = await get(route, query(ids));
      const guestMissing = await get(route, query(unknown as Ids));
      expect({ route, ...guest }).toEqual({ route, ...guestMissing });
      const member = await get(route, query(ids), OWNER_ROUTES.has(route) ? alice.token : bob.token);
      expect({ route, status: member.body.status }).toEqual({ route, status: 200 });
    }
  });

  it('hides a hidden packet from a claim exactly as an unknown one, and the stage from watching', async () => {
    const claim = (code: string) =>
      t.call('POST', '/redpacket/claim', { token: carol.token, body: { redpacketCode: code } });
    expect(await claim(hidden.redpacketCode!)).toEqual(await claim(unknown.redpacketCode));
    const watch = (id: string) => t.call('POST', '/live/stage/watch', { token: carol.token, body: { id } });
    expect(await watch(hidden.stageId!)).toEqual(await watch(unknown.stageId));
  });

  it('a packet sent in a direct conversation is seen by its two people only', async () => {
    const direct = await t.call<{ id: string }>('POST', '/chat/direct/open', {
      token: alice.token,
      body: { uid: bob.uid },
    });
    expect(direct.status).toBe(200);
    const sent = await t.call<RedPacket>('POST', '/redpacket/send', {
      token: alice.token,
      body: {
        kind: 'chat',
        roomId: direct.attachment.id,
        asset: 'USDT',
        amount: '1',
        count: 1,
        validity: 1,
        validityUnit: 'day',
        greeting: 'Just for you',
        tradePassword: alice.trade,
        idempotencyKey: newKey(),
      },
    });
    expect(sent.status).toBe(200);
    const code = { redpacketCode: sent.attachment.code };
    expect((await get('/redpacket/detail', code, alice.token)).body.status).toBe(200);
    expect((await get('/redpacket/detail', code, bob.token)).body.status).toBe(200);
    expect(await get('/redpacket/detail', code, carol.token)).toEqual(
      await get('/redpacket/detail', { redpacketCode: unknown.redpacketCode }, carol.token),
    );
    expect((await t.call('POST', '/redpacket/claim', { token: bob.token, body: code })).status).toBe(200);
  });
});

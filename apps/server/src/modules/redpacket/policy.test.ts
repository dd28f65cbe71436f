import type { RedPacket } from '@polaris/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { deposit, newKey, type WalletUser, walletUser } from '../../test/wallet-fixtures.ts';
import { createActivity, host, signUp } from '../activity/activity-fixtures.ts';
import { checkLedger } from '../wallet/ledger.store.ts';

/**
 * A packet's `can.claim` and the claim route answer from the same rule (policy.ts): for the sender, someone in the
 * audience, a stranger and a guest, the packet's answer offers opening it exactly when the claim goes through, and
 * a claim it does not offer is refused with the rule's status.
 */

let t: TestApp;
let sender: WalletUser;
let member: WalletUser;
let stranger: WalletUser;

beforeAll(async () => {
  t = await createTestApp();
  sender = await host(t, 'sender@example.com');
  member = await walletUser(t, 'member@example.com');
  stranger = await walletUser(t, 'stranger@example.com');
  await deposit(t, sender.email, 'USDT', 'BSC', '1000');
}, 60_000);
afterAll(async () => {
  expect(await checkLedger(t.database.db)).toEqual([]);
  await t.close();
});

async function send(body: Record<string, unknown>): Promise<RedPacket> {
  const sent = await t.call<RedPacket>('POST', '/redpacket/send', {
    token: sender.token,
    body: {
      kind: 'share',
      asset: 'USDT',
      amount: '4',
      count: 4,
      validity: 1,
      validityUnit: 'day',
      tradePassword: sender.trade,
      idempotencyKey: newKey(),
      ...body,
    },
  });
  expect(sent.status).toBe(200);
  return sent.attachment;
}

/** The reader's `can.claim` (false when the packet is unknown to them), then what the claim answers. */
async function agrees(
  reader: WalletUser | null,
  code: string,
  expected: 200 | 401 | 403 | 404 | 409,
  password?: string,
) {
  const token = reader?.token;
  const detail = await t.call<RedPacket>('GET', '/redpacket/detail', { token, query: { redpacketCode: code } });
  const can = detail.status === 200 ? detail.attachment.can.claim : false;
  const claimed = await t.call('POST', '/redpacket/claim', { token, body: { redpacketCode: code, password } });
  const who = reader?.email ?? 'a guest';
  expect({ who, can, status: claimed.status }).toEqual({ who, can: expected === 200, status: expected });
}

describe("a red packet's can.claim agrees with the claim route", () => {
  it('anyone with the link: everyone signed in but the sender, once', async () => {
    const packet = await send({});
    await agrees(sender, packet.code, 409);
    await agrees(null, packet.code, 401);
    await agrees(member, packet.code, 200);
    await agrees(member, packet.code, 409);
    await agrees(stranger, packet.code, 200);
  });

  it("the sender's followers only", async () => {
    await t.call('POST', '/people/follow', { token: member.token, body: { userUid: sender.uid } });
    const packet = await send({ kind: 'social' });
    await agrees(stranger, packet.code, 403);
    await agrees(sender, packet.code, 409);
    await agrees(null, packet.code, 401);
    await agrees(member, packet.code, 200);
  });

  it("a public room's members only; others see it and may not open it", async () => {
    const room = await t.call<{ id: string }>('POST', '/chat/room/create', {
      token: sender.token,
      body: { name: 'Open packets', joinPolicy: 'public' },
    });
    await t.call('POST', '/chat/room/join', { token: member.token, body: { roomId: room.attachment.id } });
    const packet = await send({ kind: 'chat', roomId: room.attachment.id });
    await agrees(stranger, packet.code, 403);
    await agrees(null, packet.code, 401);
    await agrees(member, packet.code, 200);
  });

  it("an invite-only room's packet does not exist for those outside it", async () => {
    const room = await t.call<{ id: string; inviteToken: string }>('POST', '/chat/room/create', {
      token: sender.token,
      body: { name: 'Closed packets', joinPolicy: 'invite' },
    });
    const joined = await t.call('POST', '/chat/room/join', {
      token: member.token,
      body: { inviteToken: room.attachment.inviteToken },
    });
    expect(joined.status).toBe(200);
    const packet = await send({ kind: 'chat', roomId: room.attachment.id });
    await agrees(stranger, packet.code, 404);
    // A guest is asked to sign in before anything is looked up.
    await agrees(null, packet.code, 401);
    await agrees(member, packet.code, 200);
  });

  it("an activity's checked-in attendees only", async () => {
    const activity = await createActivity(t, sender);
    const ticket = (await signUp(t, member, activity.id)).attachment;
    await signUp(t, stranger, activity.id);
    const checkedIn = await t.call('POST', '/activity/checkin', {
      token: sender.token,
      body: { activityId: activity.id, ticketCode: ticket.qr },
    });
    expect(checkedIn.status).toBe(200);
    const packet = await send({ audience: 'attendees', activityId: activity.id });
    // Signed up but not checked in is not enough.
    await agrees(stranger, packet.code, 403);
    await agrees(member, packet.code, 200);
  });

  it('a password packet may be tried by whoever may open it; the password is its input', async () => {
    const packet = await send({ kind: 'password', password: 'polaris' });
    await agrees(sender, packet.code, 409, 'polaris');
    await agrees(member, packet.code, 200, 'polaris');
  });

  it('nothing once every share is taken or its time is up', async () => {
    const taken = await send({ amount: '1', count: 1 });
    await agrees(member, taken.code, 200);
    await agrees(stranger, taken.code, 409);
    const expiring = await send({});
    t.clock.advance(25 * 3_600_000);
    await agrees(member, expiring.code, 409);
    await agrees(null, expiring.code, 401);
  });
});

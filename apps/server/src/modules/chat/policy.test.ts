import type { ChatRoom } from '@polaris/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createActivity, host, signUp } from '../activity/activity-fixtures.ts';
import { createRoom, joinRoom } from './chat-fixtures.ts';
import {
  canDeleteMessage,
  canEditSettings,
  canModerate,
  canRead,
  canSee,
  canSend,
  canShare,
  type Member,
} from './policy.ts';
import { seesObject, visibleObjects } from './room-access.ts';
import type { RoomRow } from './store.ts';

const now = new Date('2026-01-01T00:00:00Z');
const member = (role: Member['role'], extra: Partial<Member> = {}): Member => ({
  role,
  banned: false,
  mutedUntil: null,
  ...extra,
});
const room = (joinPolicy: RoomRow['joinPolicy'], extra: Partial<RoomRow> = {}) =>
  ({ kind: 'community', joinPolicy, closedAt: null, ...extra }) as RoomRow;

describe('chat policy', () => {
  it('shows public rooms to anyone but a banned member, invite-only rooms to members only', () => {
    expect(canSee(room('public'), undefined)).toBe(true);
    expect(canSee(room('public'), member('member', { banned: true }))).toBe(false);
    expect(canSee(room('invite'), undefined)).toBe(false);
    expect(canSee(room('invite'), member('member'))).toBe(true);
    expect(canRead(undefined)).toBe(false);
  });

  it('lets a member send unless muted until later or the room is closed', () => {
    const open = room('public');
    expect(canSend(open, member('member'), now)).toBe(true);
    expect(canSend(open, member('member', { mutedUntil: new Date(now.getTime() + 1000) }), now)).toBe(false);
    expect(canSend(open, member('member', { mutedUntil: new Date(now.getTime() - 1000) }), now)).toBe(true);
    expect(canSend(room('invite', { kind: 'activity', closedAt: now }), member('owner'), now)).toBe(false);
  });

  it('lets admins moderate members, the owner moderate admins, and nobody moderate the owner', () => {
    expect(canModerate(member('member'), member('member'))).toBe(false);
    expect(canModerate(member('admin'), member('member'))).toBe(true);
    expect(canModerate(member('admin'), member('admin'))).toBe(false);
    expect(canModerate(member('owner'), member('admin'))).toBe(true);
    expect(canModerate(member('owner'), member('owner'))).toBe(false);
    expect(canModerate(member('admin', { banned: true }), member('member'))).toBe(false);
  });

  it('deletes own messages, and any message for admins', () => {
    expect(canDeleteMessage(member('member'), 7, 7)).toBe(true);
    expect(canDeleteMessage(member('member'), 8, 7)).toBe(false);
    expect(canDeleteMessage(member('admin'), 8, 7)).toBe(true);
  });

  it('shares the invite link of a public room with members, of an invite-only room with admins', () => {
    expect(canShare(room('public'), member('member'))).toBe(true);
    expect(canShare(room('invite'), member('member'))).toBe(false);
    expect(canShare(room('invite'), member('admin'))).toBe(true);
  });

  it('gives a direct room no settings and no invite link, and an activity room no invite link', () => {
    const direct = room('invite', { kind: 'direct' });
    expect(canShare(direct, member('member'))).toBe(false);
    expect(canEditSettings(direct, member('admin'))).toBe(false);
    expect(canEditSettings(room('public'), member('admin'))).toBe(true);
    expect(canShare(room('invite', { kind: 'activity' }), member('owner'))).toBe(false);
  });
});

describe('the visibility of what belongs to a room', () => {
  it('shows objects of no room, of a room the viewer sees, and their own party’s; asks about the rooms once', async () => {
    const asked: number[][] = [];
    const visibility = {
      visibleRooms: async (_viewer: number | null, roomIds: readonly number[]) => {
        asked.push([...roomIds]);
        return new Set(roomIds.filter((id) => id === 1));
      },
    };
    const objects = [
      { name: 'public', roomId: null, partyIds: [9] },
      { name: 'seen room', roomId: 1, partyIds: [9] },
      { name: 'hidden room', roomId: 2, partyIds: [9] },
      { name: 'hidden room, mine', roomId: 2, partyIds: [7] },
      { name: 'hidden room again', roomId: 2, partyIds: [9] },
    ];
    const seen = await visibleObjects(visibility, 7, objects);
    expect(seen.map((o) => o.name)).toEqual(['public', 'seen room', 'hidden room, mine']);
    expect(asked).toEqual([[1, 2]]);
    expect(await seesObject(visibility, null, { roomId: 2, partyIds: [7] })).toBe(false);
    expect(await seesObject(visibility, null, { roomId: null, partyIds: [] })).toBe(true);
  });
});

/**
 * A room's `can` and its action routes answer from the same rules (policy.ts): for the owner, an admin, a member, a
 * muted member, a banned one and a stranger, in community, invite-only, activity, direct and city rooms, an action
 * the answer offers goes through and one it does not is refused with the rule's status.
 */
describe("a room's can agrees with its routes", () => {
  type Reader = { uid: string; token: string; email: string };
  type Action = keyof ChatRoom['can'];
  let t: TestApp;
  let owner: Reader;
  let adam: Reader;
  let mia: Reader;
  let sam: Reader;

  const person = async (email: string): Promise<Reader> => ({ ...(await t.register(email)), email });

  beforeAll(async () => {
    t = await createTestApp();
    owner = await person('owner@example.com');
    adam = await person('adam@example.com');
    mia = await person('mia@example.com');
    sam = await person('sam@example.com');
  }, 60_000);
  afterAll(() => t.close());

  const post = (reader: Reader, path: string, body: Record<string, unknown>) =>
    t.call('POST', path, { token: reader.token, body });

  /** The reader's `can` in the room (nothing when it is unknown to them). */
  async function canOf(reader: Reader, roomId: string): Promise<ChatRoom['can'] & { inviteToken: boolean }> {
    const answer = await t.call<ChatRoom>('GET', '/chat/room', { token: reader.token, query: { roomId } });
    if (answer.status !== 200) {
      const none = { join: false, send: false, leave: false, moderate: false, setRoles: false, editSettings: false };
      return { ...none, share: false, goLive: false, postPoll: false, inviteToken: false };
    }
    return { ...answer.attachment.can, inviteToken: answer.attachment.inviteToken !== null };
  }

  /** What each action's route is, for a reader in a room. */
  const ROUTES: Partial<Record<Action, (reader: Reader, roomId: string) => ReturnType<typeof post>>> = {
    join: (reader, roomId) => post(reader, '/chat/room/join', { roomId }),
    send: (reader, roomId) => post(reader, '/chat/message/send', { roomId, text: 'hello' }),
    leave: (reader, roomId) => post(reader, '/chat/room/leave', { roomId }),
    // Moderation is tried on a plain member (sam), the one every moderator may act on.
    moderate: (reader, roomId) => post(reader, '/chat/member/unmute', { roomId, uid: sam.uid }),
    setRoles: (reader, roomId) => post(reader, '/chat/member/role', { roomId, uid: sam.uid, role: 'member' }),
    editSettings: (reader, roomId) => post(reader, '/chat/room/settings', { roomId, slowModeSeconds: 0 }),
    goLive: (reader, roomId) => post(reader, '/live/stage/create', { title: 'On air', audience: 'members', roomId }),
    postPoll: (reader, roomId) =>
      post(reader, '/chat/poll/create', { roomId, question: 'Which?', options: ['A', 'B'] }),
  };

  async function agrees(reader: Reader, roomId: string, action: Action, expected: 200 | 403 | 404 | 409) {
    const can = (await canOf(reader, roomId))[action];
    const answer = await ROUTES[action]!(reader, roomId);
    expect({ who: reader.email, action, can, status: answer.status }).toEqual({
      who: reader.email,
      action,
      can: expected === 200,
      status: expected,
    });
  }

  it('a public community room: strangers join, members send and leave, admins moderate and go live, the owner names admins', async () => {
    const room = await createRoom(t, owner.token, { name: 'Open' });
    await agrees(sam, room.id, 'send', 403);
    await agrees(sam, room.id, 'leave', 403);
    await agrees(sam, room.id, 'join', 200);
    expect((await canOf(sam, room.id)).join).toBe(false);
    await Promise.all([adam, mia].map((reader) => joinRoom(t, reader.token, room.id)));
    expect((await post(owner, '/chat/member/role', { roomId: room.id, uid: adam.uid, role: 'admin' })).status).toBe(
      200,
    );

    await agrees(sam, room.id, 'send', 200);
    for (const action of ['moderate', 'setRoles', 'editSettings', 'goLive'] as const)
      await agrees(mia, room.id, action, 403);
    for (const action of ['moderate', 'editSettings', 'goLive'] as const) await agrees(adam, room.id, action, 200);
    await agrees(adam, room.id, 'setRoles', 403);
    await agrees(owner, room.id, 'setRoles', 200);
    // A public room's link is every member's to share.
    expect((await canOf(mia, room.id)).share).toBe(true);
    expect((await canOf(mia, room.id)).inviteToken).toBe(true);

    expect((await post(adam, '/chat/member/mute', { roomId: room.id, uid: mia.uid, minutes: 10 })).status).toBe(200);
    await agrees(mia, room.id, 'send', 403);
    await agrees(owner, room.id, 'leave', 409);
    await agrees(mia, room.id, 'leave', 200);
    expect((await post(adam, '/chat/member/ban', { roomId: room.id, uid: sam.uid })).status).toBe(200);
    await agrees(sam, room.id, 'join', 404);
  });

  it('an invite-only room: unknown to strangers by id, its link for admins only', async () => {
    const room = await createRoom(t, owner.token, { name: 'Closed', joinPolicy: 'invite' });
    await agrees(sam, room.id, 'join', 404);
    await agrees(sam, room.id, 'leave', 404);
    expect((await post(mia, '/chat/room/join', { inviteToken: room.inviteToken })).status).toBe(200);
    expect(await canOf(mia, room.id)).toMatchObject({ share: false, inviteToken: false, leave: true, send: true });
    expect(await canOf(owner, room.id)).toMatchObject({ share: true, inviteToken: true });
  });

  it('an activity room: its places follow the tickets, so nobody leaves it and nobody joins it by its id', async () => {
    const organizer = await host(t, 'organizer@example.com');
    const holder = await host(t, 'holder@example.com');
    const activity = await createActivity(t, organizer);
    expect((await signUp(t, holder, activity.id)).status).toBe(200);
    const room = (
      await t.call<ChatRoom>('GET', '/chat/room/activity', { token: holder.token, query: { activityId: activity.id } })
    ).attachment;
    const [h, o] = [
      { ...holder, email: 'holder@example.com' },
      { ...organizer, email: 'organizer@example.com' },
    ];
    await agrees(h, room.id, 'send', 200);
    await agrees(h, room.id, 'leave', 409);
    await agrees(o, room.id, 'leave', 409);
    await agrees(sam, room.id, 'join', 404);
    expect(await canOf(o, room.id)).toMatchObject({ share: false, inviteToken: false, goLive: true, moderate: true });
  });

  it('a direct room: the two people send; neither leaves it, nobody else joins it', async () => {
    const direct = (await t.call<ChatRoom>('POST', '/chat/direct/open', { token: adam.token, body: { uid: mia.uid } }))
      .attachment;
    await agrees(adam, direct.id, 'send', 200);
    await agrees(mia, direct.id, 'leave', 409);
    await agrees(adam, direct.id, 'editSettings', 403);
    await agrees(adam, direct.id, 'goLive', 403);
    await agrees(sam, direct.id, 'join', 404);
  });

  it('a city room: anyone joins and leaves it', async () => {
    const room = (await t.call<ChatRoom>('GET', '/chat/room/city', { token: sam.token, query: { city: 'Taipei' } }))
      .attachment;
    await agrees(mia, room.id, 'join', 200);
    await agrees(mia, room.id, 'leave', 200);
  });
});

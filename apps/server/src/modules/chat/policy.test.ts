import { describe, expect, it } from 'vitest';
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

import { CHAT_LIMITS, type ChatRoom } from '@polaris/contract';
import { describe, expect, it } from 'vitest';
import {
  avatarFromUpload,
  durationParts,
  groupMembers,
  inviteLink,
  leaveNote,
  type MemberLike,
  memberActions,
  SLOW_MODE_STEPS,
  shareToken,
  slowModeChoices,
} from './rules.ts';

const now = new Date('2026-03-01T12:00:00Z');
const NOTHING: ChatRoom['can'] = {
  join: false,
  send: false,
  leave: false,
  moderate: false,
  setRoles: false,
  editSettings: false,
  share: false,
  goLive: false,
  postPoll: false,
};
const member = (uid: string, role: MemberLike['role'], mutedUntil: string | null = null): MemberLike => ({
  uid,
  role,
  mutedUntil,
});

describe('memberActions', () => {
  const owner = { uid: '1', role: 'owner' as const };
  const admin = { uid: '2', role: 'admin' as const };

  it('lets an admin mute, kick and ban a member, but not name admins', () => {
    expect(memberActions(admin, member('9', 'member'), now)).toEqual(['mute', 'kick', 'ban']);
  });

  it('offers unmute instead of mute while the member is muted', () => {
    expect(memberActions(admin, member('9', 'member', '2026-03-01T12:10:00Z'), now)).toEqual(['unmute', 'kick', 'ban']);
  });

  it('treats a mute that has run out as no mute', () => {
    expect(memberActions(admin, member('9', 'member', '2026-03-01T11:59:00Z'), now)).toContain('mute');
  });

  it('gives an admin nothing over another admin or the owner', () => {
    expect(memberActions(admin, member('3', 'admin'), now)).toEqual([]);
    expect(memberActions(admin, member('1', 'owner'), now)).toEqual([]);
  });

  it('lets the owner act on admins and make members admins', () => {
    expect(memberActions(owner, member('9', 'member'), now)).toEqual(['makeAdmin', 'mute', 'kick', 'ban']);
    expect(memberActions(owner, member('2', 'admin'), now)).toEqual(['removeAdmin', 'mute', 'kick', 'ban']);
  });

  it('offers nobody anything over themselves', () => {
    expect(memberActions(owner, member('1', 'owner'), now)).toEqual([]);
    expect(memberActions(admin, member('2', 'admin'), now)).toEqual([]);
  });

  it('offers members and non-members nothing', () => {
    expect(memberActions({ uid: '5', role: 'member' }, member('9', 'member'), now)).toEqual([]);
    expect(memberActions({ uid: '5', role: null }, member('9', 'member'), now)).toEqual([]);
  });
});

describe('slow mode', () => {
  it('offers off to one hour, never past the server’s limit', () => {
    expect(SLOW_MODE_STEPS).toEqual([0, 10, 30, 60, 300, 900, 3600]);
    expect(Math.max(...SLOW_MODE_STEPS)).toBeLessThanOrEqual(CHAT_LIMITS.slowModeMaxSeconds);
  });

  it('keeps a value set between the steps among the choices, in order', () => {
    expect(slowModeChoices(120)).toEqual([0, 10, 30, 60, 120, 300, 900, 3600]);
    expect(slowModeChoices(30)).toBe(SLOW_MODE_STEPS);
  });

  it('reads durations in their largest whole unit', () => {
    expect(durationParts(0)).toEqual({ unit: 'off', count: 0 });
    expect(durationParts(30)).toEqual({ unit: 'seconds', count: 30 });
    expect(durationParts(300)).toEqual({ unit: 'minutes', count: 5 });
    expect(durationParts(3600)).toEqual({ unit: 'hours', count: 1 });
    expect(durationParts(90)).toEqual({ unit: 'seconds', count: 90 });
    expect(durationParts(10_080 * 60)).toEqual({ unit: 'days', count: 7 });
  });
});

describe('leaveNote', () => {
  const can = (leave: boolean) => ({ can: { ...NOTHING, leave } });
  it('says nothing when the server lets the member leave, or to someone not in the room', () => {
    expect(leaveNote({ role: 'member', kind: 'community', ...can(true) })).toBeNull();
    expect(leaveNote({ role: null, kind: 'community', ...can(false) })).toBeNull();
  });

  it('tells the owner they run the room and an activity room’s member that their place follows the ticket', () => {
    expect(leaveNote({ role: 'owner', kind: 'community', ...can(false) })).toBe('owner');
    expect(leaveNote({ role: 'member', kind: 'activity', ...can(false) })).toBe('activity');
    expect(leaveNote({ role: 'owner', kind: 'activity', ...can(false) })).toBe('activity');
  });

  it('explains nothing in a direct room, which has no leave', () => {
    expect(leaveNote({ role: 'member', kind: 'direct', ...can(false) })).toBeNull();
  });
});

describe('links and avatars', () => {
  it('builds the share link as a short link on the short-link host', () => {
    expect(inviteLink('https://plrs.example', 'ab-c_dEF123')).toBe('https://plrs.example/s/cab-c_dEF123');
  });

  it('keeps the smallest uploaded width as the avatar', () => {
    expect(
      avatarFromUpload({
        sizes: [
          { width: 640, url: 'b' },
          { width: 320, url: 'a' },
        ],
      }),
    ).toBe('a');
    expect(avatarFromUpload({ sizes: [] })).toBeNull();
  });
});

describe('shareToken', () => {
  it('shows the link to those the server lets share it, and to nobody else', () => {
    expect(shareToken({ inviteToken: 'tok', can: { ...NOTHING, share: true } })).toBe('tok');
    expect(shareToken({ inviteToken: 'tok', can: NOTHING })).toBeNull();
  });
});

describe('groupMembers', () => {
  it('splits owner, admins and members, keeping the order within each', () => {
    const groups = groupMembers([
      member('3', 'member'),
      member('1', 'owner'),
      member('4', 'member'),
      member('2', 'admin'),
    ]);
    expect(groups.owner.map((m) => m.uid)).toEqual(['1']);
    expect(groups.admins.map((m) => m.uid)).toEqual(['2']);
    expect(groups.members.map((m) => m.uid)).toEqual(['3', '4']);
  });
});

import { CHAT_LIMITS, type ChatRoom, shortLink } from '@polaris/contract';

/**
 * What the management pages decide without the server: which actions a viewer may take on a member (the
 * server's policy, docs/chat.md "Members and settings", so the sheet offers nothing it would refuse), slow-mode
 * and mute choices, the share link, why someone may not leave.
 */

type Role = NonNullable<ChatRoom['role']>;

export interface Viewer {
  uid: string;
  role: ChatRoom['role'];
}

export interface MemberLike {
  uid: string;
  role: Role;
  mutedUntil: string | null;
}

export type MemberAction = 'makeAdmin' | 'removeAdmin' | 'mute' | 'unmute' | 'kick' | 'ban';

export const isMuted = (member: Pick<MemberLike, 'mutedUntil'>, now: Date) =>
  member.mutedUntil !== null && new Date(member.mutedUntil) > now;

/**
 * Admins act on members; the owner on admins too; nobody on the owner or on themselves. Only the owner names or
 * removes admins. In the order a sheet lists them: role first, then the milder sanctions before the harsher.
 */
export function memberActions(viewer: Viewer, target: MemberLike, now: Date): MemberAction[] {
  if (viewer.role !== 'owner' && viewer.role !== 'admin') return [];
  if (target.uid === viewer.uid || target.role === 'owner') return [];
  if (viewer.role === 'admin' && target.role !== 'member') return [];
  const actions: MemberAction[] = [];
  if (viewer.role === 'owner') actions.push(target.role === 'admin' ? 'removeAdmin' : 'makeAdmin');
  actions.push(isMuted(target, now) ? 'unmute' : 'mute', 'kick', 'ban');
  return actions;
}

/** Kick and ban remove someone: they are confirmed first. */
export const needsConfirm = (action: MemberAction) => action === 'kick' || action === 'ban';

/** 10 minutes, an hour, a day, a week. */
export const MUTE_MINUTES = [10, 60, 1440, 10_080] as const;

/** Off, 10 s, 30 s, 1 min, 5 min, 15 min, 1 h: Telegram's steps, within the server's limit. */
export const SLOW_MODE_STEPS = [0, 10, 30, 60, 300, 900, 3600].filter(
  (seconds) => seconds <= CHAT_LIMITS.slowModeMaxSeconds,
);

/** The steps, plus the room's own value when someone set one between them (through the API). */
export function slowModeChoices(current: number): number[] {
  return SLOW_MODE_STEPS.includes(current) ? SLOW_MODE_STEPS : [...SLOW_MODE_STEPS, current].sort((a, b) => a - b);
}

/** A duration as the unit its label reads in: `{ unit: 'minutes', count: 5 }` for 300 s. */
export function durationParts(seconds: number): {
  unit: 'off' | 'seconds' | 'minutes' | 'hours' | 'days';
  count: number;
} {
  if (seconds <= 0) return { unit: 'off', count: 0 };
  if (seconds % 86_400 === 0) return { unit: 'days', count: seconds / 86_400 };
  if (seconds % 3600 === 0) return { unit: 'hours', count: seconds / 3600 };
  if (seconds % 60 === 0) return { unit: 'minutes', count: seconds / 60 };
  return { unit: 'seconds', count: seconds };
}

/**
 * SPEC: share links live on the short-link host (`/app/config`'s `shortLinkHost`): `/s/c<token>`, which previews in
 * chat apps and redirects people to the community tab with the invite (issue 23, docs/new-user-polish.md "links").
 */
export function inviteLink(shortLinkHost: string, token: string): string {
  return shortLink(shortLinkHost, { kind: 'room', token });
}

/** The invite link to show, if any: the server sends the token only to those whose `can.share` is true. */
export function shareToken(room: Pick<ChatRoom, 'inviteToken' | 'can'>): string | null {
  return room.can.share ? room.inviteToken : null;
}

/**
 * Why a member may not leave (`can.leave` false), for the line the settings page shows in place of the button: the
 * owner runs the room; a place in an activity room follows the ticket. Nothing for a direct room (no leave to
 * explain) or someone not in the room.
 */
export function leaveNote(room: Pick<ChatRoom, 'role' | 'kind' | 'can'>): 'owner' | 'activity' | null {
  if (room.can.leave || room.role === null) return null;
  if (room.kind === 'activity') return 'activity';
  if (room.role === 'owner' && room.kind !== 'direct') return 'owner';
  return null;
}

/** The uploaded image's address for an avatar: the smallest stored width (avatars are shown small). */
export function avatarFromUpload(image: { sizes: { width: number; url: string }[] }): string | null {
  const sorted = [...image.sizes].sort((a, b) => a.width - b.width);
  return sorted[0]?.url ?? null;
}

/** Owner, admins, members: the server already orders them this way; grouping keeps a search's order too. */
export function groupMembers<M extends Pick<MemberLike, 'role'>>(members: readonly M[]) {
  return {
    owner: members.filter((member) => member.role === 'owner'),
    admins: members.filter((member) => member.role === 'admin'),
    members: members.filter((member) => member.role === 'member'),
  };
}

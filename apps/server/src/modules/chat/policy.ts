import { type ChatRoom, Status } from '@polaris/contract';
import { AppError } from '../../platform/errors.ts';
import type { MemberRow, RoomRow } from './store.ts';

/**
 * Who may do what in a chat room, over loaded rows: the one place that answers it. A room the caller may not see
 * answers "not found". The services throw what the rules say, and `canOf` turns the same rules into the `can` the
 * room's answer carries, so a button the room pages show is one the server lets through.
 */

export type Member = Pick<MemberRow, 'role' | 'banned' | 'mutedUntil'>;

/** A member's role in a room as other modules see it (null: not a member). */
export type RoomRole = 'owner' | 'admin' | 'member' | null;

/**
 * Going live in a room (the live module opens the stage): its owner and admins only. A rule about the room's roles,
 * so it lives with them; the room's answer carries it as `can.goLive`, the live module throws it.
 */
export function roomStageRefusal(role: RoomRole): AppError | null {
  return role === 'owner' || role === 'admin' ? null : new AppError(Status.noPermission, 'live.notRoomAdmin');
}

export const isActive = (member: Member | undefined): member is Member => member !== undefined && !member.banned;
export const isAdmin = (member: Member | undefined) => isActive(member) && member.role !== 'member';

/**
 * Anyone may find a public room; an invite-only room (direct conversations included) is visible to its members
 * only, never to a banned one. This is also the visibility of everything that belongs to a room (its messages, red
 * packets, bounties, members-only stages): to whoever may not see the room it is unknown (docs/api.md, "Visibility").
 */
export function canSee(room: Pick<RoomRow, 'joinPolicy'>, member: Member | undefined): boolean {
  if (member?.banned) return false;
  return room.joinPolicy === 'public' || isActive(member);
}

/** Reading history and subscribing need membership. */
export const canRead = (member: Member | undefined) => isActive(member);

export function isMuted(member: Member, now: Date): boolean {
  return member.mutedUntil !== null && member.mutedUntil > now;
}

export const canSend = (room: RoomRow, member: Member | undefined, now: Date) =>
  room.closedAt === null && isActive(member) && !isMuted(member, now);

/**
 * Moderation (mute, kick, ban, delete others' messages, pin): admins over members, the owner over everyone;
 * nobody over the owner or over themselves.
 */
export function canModerate(actor: Member | undefined, target: Member | undefined): boolean {
  if (!isAdmin(actor)) return false;
  if (!target) return true;
  if (target.role === 'owner') return false;
  return actor!.role === 'owner' || target.role === 'member';
}

/** Direct rooms have no settings: they are the two people's conversation. */
export const canEditSettings = (room: RoomRow, member: Member | undefined) => room.kind !== 'direct' && isAdmin(member);
export const canSetRoles = (member: Member | undefined) => isActive(member) && member.role === 'owner';
export const canDeleteMessage = (member: Member | undefined, senderId: number | null, userId: number) =>
  isActive(member) && (senderId === userId || isAdmin(member));

/**
 * Public rooms may be shared by any member, invite-only ones by their admins. Never a direct room, nor an activity
 * room: its members are its ticket holders, so a link could not let anyone in.
 */
export const canShare = (room: RoomRow, member: Member | undefined) =>
  room.kind !== 'direct' &&
  room.kind !== 'activity' &&
  isActive(member) &&
  (room.joinPolicy === 'public' || isAdmin(member));

type Refusal = AppError | null;

const unknownRoom = () => new AppError(Status.notFound, 'chat.notFound');
const conflict = (key: string) => new AppError(Status.conflict, key);

type Room = Pick<RoomRow, 'kind' | 'joinPolicy'>;

/**
 * Joining by the room's id (`viaInvite`: by its invite link's token, which opens an invite-only room too). Joining
 * again changes nothing, so it is no refusal. A room one may not see by id is unknown, as everywhere; an activity
 * room takes its members from the tickets, so its link lets no one in (403); a direct room is its two people's.
 */
export function joinRefusal(room: Room, member: Member | undefined, viaInvite: boolean): Refusal {
  if (member?.banned) return unknownRoom();
  if (isActive(member)) return null;
  if (room.kind === 'direct') return unknownRoom();
  if (!viaInvite && room.joinPolicy !== 'public') return unknownRoom();
  if (room.kind === 'activity') return new AppError(Status.noPermission, 'chat.noPermission');
  return null;
}

/**
 * Leaving: a member of a community or city room, but not its owner (it would have no one to run it). A place in an
 * activity room follows the ticket: it goes when the ticket does, and one who left could not come back (the room
 * takes no one by id or link), so it is refused; to hear less, the room's notices can be muted. A direct room is the
 * two people's conversation: either opening it again brings both back, so leaving it could not do what it says.
 */
export function leaveRefusal(room: Room, member: Member | undefined): Refusal {
  if (!canSee(room, member)) return unknownRoom();
  if (!isActive(member)) return new AppError(Status.noPermission, 'chat.notMember');
  if (member.role === 'owner') return conflict('chat.ownerCannotLeave');
  if (room.kind === 'activity') return conflict('chat.activityRoomLeave');
  if (room.kind === 'direct') return conflict('chat.directRoomLeave');
  return null;
}

/** What the caller may do in the room: the rules above, as the room's answer carries them. */
export function canOf(room: RoomRow, member: Member | undefined, now: Date): ChatRoom['can'] {
  return {
    // Joining again returns the room (idempotent, not refused): a member has nothing to join.
    join: joinRefusal(room, member, false) === null && !isActive(member),
    send: canSend(room, member, now),
    leave: leaveRefusal(room, member) === null,
    moderate: isAdmin(member),
    setRoles: canSetRoles(member),
    editSettings: canEditSettings(room, member),
    share: canShare(room, member),
    goLive: isActive(member) && roomStageRefusal(member.role) === null,
    postPoll: canPostPoll(room, member, now),
  };
}

/** Posting a poll: whoever may send, and only admins when the room says so (docs/chat.md "Polls"). */
export const canPostPoll = (room: RoomRow, member: Member | undefined, now: Date) =>
  canSend(room, member, now) && (!room.pollsByAdmins || isAdmin(member));

/** Closing a poll early: its author, or the room's admins. */
export const canClosePoll = (member: Member | undefined, authorId: number, userId: number) =>
  isActive(member) && (authorId === userId || isAdmin(member));

/** Throws 404 when the caller may not see the room, 403 when they see it but may not act. */
export function authorize(visible: boolean, allowed: boolean, messageKey = 'chat.noPermission'): void {
  if (!visible) throw new AppError(Status.notFound, 'chat.notFound');
  if (!allowed) throw new AppError(Status.noPermission, messageKey);
}

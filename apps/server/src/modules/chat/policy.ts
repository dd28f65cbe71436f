import { Status } from '@polaris/contract';
import { AppError } from '../../platform/errors.ts';
import type { MemberRow, RoomRow } from './store.ts';

/** Who may do what in a chat room, over loaded rows. A room the caller may not see answers "not found". */

export type Member = Pick<MemberRow, 'role' | 'banned' | 'mutedUntil'>;

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

/** What the caller may do in the room: the rules above, as the room's answer carries them. */
export function canOf(room: RoomRow, member: Member | undefined, now: Date) {
  return {
    send: canSend(room, member, now),
    moderate: isAdmin(member),
    editSettings: canEditSettings(room, member),
    share: canShare(room, member),
  };
}

/** Throws 404 when the caller may not see the room, 403 when they see it but may not act. */
export function authorize(visible: boolean, allowed: boolean, messageKey = 'chat.noPermission'): void {
  if (!visible) throw new AppError(Status.notFound, 'chat.notFound');
  if (!allowed) throw new AppError(Status.noPermission, messageKey);
}

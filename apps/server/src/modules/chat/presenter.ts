import type { ChatMessage, ChatRoom } from '@polaris/contract';
import { cityNames } from '../../platform/places/cities.ts';
import { canOf, canShare, isActive, type Member } from './policy.ts';
import type { MemberListRow, MessageWithNames, RoomRow } from './store.ts';

/** The outward shapes of chat: rooms as their viewer sees them, messages, members. */

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();
const idText = (value: number | string | null) => (value === null || value === undefined ? null : String(value));

export function presentMessage(row: MessageWithNames): ChatMessage {
  const deleted = row.deletedAt !== null && row.deletedAt !== undefined;
  return {
    roomId: String(row.roomId),
    seq: Number(row.seq),
    kind: row.kind,
    senderUid: idText(row.senderUid),
    senderName: row.senderName ?? null,
    senderAvatar: row.senderAvatar ?? null,
    text: deleted ? '' : row.body,
    imageId: deleted ? null : (row.imageId ?? null),
    replyTo: row.replyTo === null ? null : Number(row.replyTo),
    mentions: deleted ? [] : (row.mentions ?? []),
    event: (row.event as ChatMessage['event']) ?? null,
    targetUid: idText(row.targetUid),
    targetName: row.targetName ?? null,
    ref: deleted ? null : (row.ref ?? null),
    deleted,
    createdAt: iso(row.createdAt),
    editedAt: row.editedAt ? iso(row.editedAt) : null,
  };
}

/** What a room's answer needs beyond its row: the other person of a direct room, the stage on air. */
export interface RoomExtras {
  peer: ChatRoom['peer'];
  liveStageId: number | null;
  activityCode: string | null;
}

export function presentRoom(
  room: RoomRow,
  member: Member | undefined,
  memberCount: number,
  now: Date,
  extras: RoomExtras,
): ChatRoom {
  return {
    id: String(room.id),
    kind: room.kind,
    // A direct room is called by the other person's name, as in every messenger.
    name: room.kind === 'direct' ? (extras.peer?.name ?? `UID ${extras.peer?.uid ?? ''}`) : room.name,
    description: room.description,
    avatar: room.avatar,
    joinPolicy: room.joinPolicy,
    slowModeSeconds: room.slowModeSeconds,
    announcement: room.announcement,
    lastSeq: Number(room.lastSeq),
    memberCount,
    role: isActive(member) ? member.role : null,
    inviteToken: canShare(room, member) ? room.inviteToken : null,
    can: canOf(room, member, now),
    city: room.city,
    cityNames: room.kind === 'city' ? cityNames(room.city) : null,
    activityId: extras.activityCode,
    peer: extras.peer,
    liveStageId: idText(extras.liveStageId),
    closedAt: room.closedAt ? iso(room.closedAt) : null,
    pollsByAdmins: room.pollsByAdmins,
  };
}

export function presentMember(row: MemberListRow, now: Date) {
  return {
    uid: String(row.uid),
    name: row.name,
    avatar: row.avatar,
    role: row.role,
    mutedUntil: row.mutedUntil && row.mutedUntil > now ? iso(row.mutedUntil) : null,
  };
}

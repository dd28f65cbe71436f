import type { ChatMessage, ChatRoom } from '@polaris/contract';
import { abilities, canShare, isActive, type Member } from './policy.ts';
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
    text: deleted ? '' : row.body,
    imageId: deleted ? null : (row.imageId ?? null),
    replyTo: row.replyTo === null ? null : Number(row.replyTo),
    mentions: deleted ? [] : (row.mentions ?? []),
    event: (row.event as ChatMessage['event']) ?? null,
    targetUid: idText(row.targetUid),
    deleted,
    createdAt: iso(row.createdAt),
  };
}

export function presentRoom(room: RoomRow, member: Member | undefined, memberCount: number, now: Date): ChatRoom {
  return {
    id: String(room.id),
    kind: room.kind,
    name: room.name,
    description: room.description,
    avatar: room.avatar,
    joinPolicy: room.joinPolicy,
    slowModeSeconds: room.slowModeSeconds,
    announcement: room.announcement,
    lastSeq: Number(room.lastSeq),
    memberCount,
    role: isActive(member) ? member.role : null,
    inviteToken: canShare(room, member) ? room.inviteToken : null,
    abilities: abilities(room, member, now),
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

import { formatAmount, type RED_PACKET_STATES, type RedPacket } from '@polaris/contract';
import { type AudienceFacts, canOf } from './policy.ts';
import type { PacketRow } from './store.ts';

/** What a packet's answer needs beyond its row, gathered once per request or batch. */
export interface PacketContext {
  decimals: Map<string, number>;
  people: Map<number, { uid: string; name: string; avatar: string | null }>;
  activities: Map<number, { id: string; title: string }>;
  /** The viewer's shares by packet id. */
  mine: Map<number, { amount: bigint; claimedAt: Date }>;
  viewerId: number | null;
  /** Who of the viewer is in which audience: loaded for a packet's own page, where it may be opened. */
  audience: AudienceFacts;
  now: Date;
  shareUrl: (code: string) => string;
}

export function packetState(packet: PacketRow, now: Date): (typeof RED_PACKET_STATES)[number] {
  if (packet.settledAt !== null && packet.refundEntryId !== null) return 'refunded';
  if (packet.remainingCount === 0) return 'claimed';
  if (packet.settledAt !== null || packet.expiresAt <= now) return 'expired';
  return 'active';
}

export function presentPacket(packet: PacketRow, context: PacketContext): RedPacket {
  const decimals = context.decimals.get(packet.assetCode) ?? 0;
  const amount = (units: bigint | string) => formatAmount(BigInt(units), decimals);
  const sender = context.people.get(packet.senderId) ?? { uid: '', name: '', avatar: null };
  const isSender = context.viewerId === packet.senderId;
  const mine = context.mine.get(packet.id);
  const refunded = packet.refundEntryId !== null;
  return {
    code: packet.code,
    kind: packet.kind,
    split: packet.split,
    audience: packet.audience,
    asset: packet.assetCode,
    amount: amount(packet.amount),
    count: packet.count,
    claimedCount: packet.count - packet.remainingCount,
    claimedAmount: amount(BigInt(packet.amount) - BigInt(packet.remainingAmount)),
    greeting: packet.greeting,
    sender,
    roomId: packet.roomId === null ? null : String(packet.roomId),
    activity: packet.activityId === null ? null : (context.activities.get(packet.activityId) ?? null),
    needsPassword: packet.passwordHash !== null,
    state: packetState(packet, context.now),
    expiresAt: packet.expiresAt.toISOString(),
    createdAt: packet.createdAt.toISOString(),
    shareUrl: context.shareUrl(packet.code),
    mine: mine ? { amount: amount(mine.amount), claimedAt: mine.claimedAt.toISOString() } : null,
    isSender,
    sendEntryId: isSender ? String(packet.sendEntryId) : null,
    refundEntryId: isSender && refunded ? String(packet.refundEntryId) : null,
    refundedAmount: isSender && refunded ? amount(packet.remainingAmount) : null,
    can: canOf(packet, context.viewerId, { mine, audience: context.audience }, context.now),
  };
}

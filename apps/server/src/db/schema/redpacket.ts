import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { activities } from './activity.ts';
import { chatRooms } from './chat.ts';
import { at, units } from './columns.ts';
import { users } from './users.ts';
import { assets } from './wallet.ts';

/**
 * A red packet: an amount held in `redpacket_escrow` from the moment it is sent, given out share by share to
 * the people it is for, and what is left given back to the sender once it expires (docs/red-packets.md).
 */
export const redPackets = pgTable(
  'red_packets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The public name in links and chat messages: random, so packets cannot be walked by number. */
    code: text('code').notNull().unique(),
    senderId: bigint('sender_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: ['password', 'share', 'social', 'chat'] }).notNull(),
    split: text('split', { enum: ['random', 'fixed'] }).notNull(),
    audience: text('audience', { enum: ['anyone', 'followers', 'room', 'attendees'] }).notNull(),
    assetCode: text('asset_code')
      .notNull()
      .references(() => assets.code),
    amount: units('amount').notNull(),
    count: integer('count').notNull(),
    /** What is still in escrow for this packet, and how many shares. Claims take from these under the row lock. */
    remainingAmount: units('remaining_amount').notNull(),
    remainingCount: integer('remaining_count').notNull(),
    /** sha256 of code and password: the password is only ever compared. */
    passwordHash: text('password_hash'),
    greeting: text('greeting').notNull().default(''),
    roomId: bigint('room_id', { mode: 'number' }).references(() => chatRooms.id),
    activityId: bigint('activity_id', { mode: 'number' }).references(() => activities.id),
    sendEntryId: bigint('send_entry_id', { mode: 'number' }).notNull(),
    expiresAt: at('expires_at').notNull(),
    createdAt: at('created_at').notNull(),
    /** Set once, by the worker that gave the remainder back (or found nothing left to give). */
    settledAt: at('settled_at'),
    refundEntryId: bigint('refund_entry_id', { mode: 'number' }),
  },
  (t) => [
    check('red_packets_remaining', sql`${t.remainingAmount} >= 0 and ${t.remainingCount} >= 0`),
    check('red_packets_shares', sql`${t.remainingAmount} >= ${t.remainingCount}`),
    index('red_packets_sender_idx').on(t.senderId, t.id),
    index('red_packets_due_idx').on(t.expiresAt).where(sql`${t.settledAt} is null`),
  ],
);

/** One share given out: one per person per packet, claimed by the unique index as much as by the service. */
export const redPacketClaims = pgTable(
  'red_packet_claims',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    packetId: bigint('packet_id', { mode: 'number' })
      .notNull()
      .references(() => redPackets.id),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    amount: units('amount').notNull(),
    /** The journal entry that moved this share from escrow to the claimer. */
    entryId: bigint('entry_id', { mode: 'number' }).notNull(),
    claimedAt: at('claimed_at').notNull(),
  },
  (t) => [
    uniqueIndex('red_packet_claims_once_idx').on(t.packetId, t.userId),
    index('red_packet_claims_user_idx').on(t.userId, t.id),
  ],
);

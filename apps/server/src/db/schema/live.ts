import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, pgTable, text } from 'drizzle-orm/pg-core';
import { at } from './columns.ts';
import { users } from './users.ts';

/** A live stage: one broadcaster's stream, its audience and where it is in its life. */
export const liveStages = pgTable(
  'live_stages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ownerId: bigint('owner_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    title: text('title').notNull(),
    coverImageId: text('cover_image_id'),
    /** `members`: signed-in members of the room; `link`: anyone with the link. */
    audience: text('audience').notNull(),
    status: text('status').notNull().default('scheduled'),
    startedAt: at('started_at'),
    endedAt: at('ended_at'),
    /** The chat room the stage belongs to (chat module); no foreign key until that table exists. */
    roomId: bigint('room_id', { mode: 'number' }),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    index('live_stages_owner_idx').on(t.ownerId, t.createdAt),
    index('live_stages_room_idx').on(t.roomId),
    check('live_stages_audience', sql`${t.audience} in ('members', 'link')`),
    check('live_stages_status', sql`${t.status} in ('scheduled', 'live', 'paused', 'ended')`),
  ],
);

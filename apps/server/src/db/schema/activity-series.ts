import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { activities } from './activity.ts';
import { at } from './columns.ts';
import { users } from './users.ts';

/**
 * What each occurrence of a series is made from: the create form's fields (the first activity's, as edited with
 * "all following" since), without the times, which come from the rule. Prices are decimals as the form has them.
 */
export interface SeriesTemplate {
  title: string;
  description: string;
  category: string;
  coverImageId: string | null;
  onlineUrl: string | null;
  city: string | null;
  address: string | null;
  latitude: number | null;
  longitude: number | null;
  capacity: number | null;
  requireApproval: boolean;
  visibility: 'public' | 'unlisted';
  /** `hidden`: shown only with a code naming it (absent in templates made before it was kept). */
  ticketTypes: { name: string; price: string; asset: string | null; capacity: number | null; hidden?: boolean }[];
  questions: { id: string; label: string; type: 'text' | 'choice'; required: boolean; options?: string[] }[];
  coHosts: string[];
  /** Codes made "for every later date": each new occurrence gets them at its creation (absent: none). */
  promoCodes?: SeriesPromoTemplate[];
}

/** A series' promo code as each occurrence is given it: ticket types by their place in the template. */
export interface SeriesPromoTemplate {
  code: string;
  kind: 'percent' | 'amount' | 'free';
  percentOff: number | null;
  /** In the asset's base units. */
  amountOff: string | null;
  assetCode: string | null;
  /** Places in `ticketTypes`; null: every type. */
  ticketTypeIndexes: number[] | null;
  maxUses: number;
  validFrom: string | null;
  validUntil: string | null;
}

/**
 * A recurring series (docs/activities.md "Recurring series"): the rule, anchored at the first occurrence's day
 * and wall-clock time in the venue's zone, and the template the next occurrences are made from. Owned by the
 * activity module.
 */
export const activitySeries = pgTable(
  'activity_series',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organizerId: bigint('organizer_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    frequency: text('frequency').notNull(),
    weekOfMonth: integer('week_of_month'),
    /** The first occurrence's day in `timezone`, YYYY-MM-DD. */
    anchorDate: text('anchor_date').notNull(),
    startMinutes: integer('start_minutes').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    timezone: text('timezone').notNull(),
    untilDate: text('until_date'),
    count: integer('count'),
    template: jsonb('template').$type<SeriesTemplate>().notNull(),
    endedAt: at('ended_at'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    check(
      'activity_series_frequency',
      sql`${t.frequency} in ('weekly', 'biweekly', 'monthlyByDate', 'monthlyByWeekday')`,
    ),
    check('activity_series_end', sql`(${t.untilDate} is null) <> (${t.count} is null)`),
  ],
);

/**
 * One occurrence per (series, index), claimed in the transaction that creates its activity: two workers racing
 * for the same occurrence make one activity, the other's insert finds the key taken and creates nothing.
 */
export const activitySeriesOccurrences = pgTable(
  'activity_series_occurrences',
  {
    seriesId: bigint('series_id', { mode: 'number' })
      .notNull()
      .references(() => activitySeries.id),
    idx: integer('idx').notNull(),
    /** Null only inside the claiming transaction, before the activity row exists. */
    activityId: bigint('activity_id', { mode: 'number' }).references(() => activities.id),
    startsAt: at('starts_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.seriesId, t.idx] }),
    uniqueIndex('activity_series_occurrences_activity').on(t.activityId),
  ],
);

/** People who follow a series: told when each new occurrence opens for sign-up. */
export const activitySeriesFollowers = pgTable(
  'activity_series_followers',
  {
    seriesId: bigint('series_id', { mode: 'number' })
      .notNull()
      .references(() => activitySeries.id),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    createdAt: at('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.seriesId, t.userId] })],
);

import { z } from 'zod';
import { UpdateActivityInput } from './activity/activities.ts';
import { activityIdField } from './activity/fields.ts';
import { PromoCodeOutput, PromoCreateInput } from './activity/promo.ts';
import { ACTIVITY_PHASES, ACTIVITY_STATUSES } from './activity-constants.ts';

/**
 * Recurring series of activities (docs/activities.md "Recurring series"): an activity that repeats weekly, every
 * two weeks or monthly, each occurrence an activity of its own made from the series' template.
 */

export const SERIES_FREQUENCIES = ['weekly', 'biweekly', 'monthlyByDate', 'monthlyByWeekday'] as const;
export type SeriesFrequency = (typeof SERIES_FREQUENCIES)[number];

export const SERIES_LIMITS = {
  /** Occurrences in all, when the series ends after a count (the first one included). */
  maxCount: 104,
  /** How far ahead occurrences are created (the rolling window), in days. */
  windowDays: 56,
} as const;

const seriesId = z.coerce
  .string()
  .trim()
  .regex(/^\d{1,15}$/, { error: 'series.notFound' });
const localDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.invalid' });

/** Makes a published activity the first occurrence of a series. One end: an `until` day or a `count`. */
export const SeriesCreateInput = z
  .object({
    activityId: activityIdField,
    frequency: z.enum(SERIES_FREQUENCIES, { error: 'validation.invalid' }),
    /** monthlyByWeekday: 1–4 or -1 (the last); absent: the week the first occurrence falls in. */
    weekOfMonth: z
      .union([z.literal(-1), z.number().int().min(1).max(4)])
      .nullable()
      .optional(),
    /** The last day (in the activity's time zone) an occurrence may fall on. */
    until: localDate.nullable().optional(),
    count: z.coerce.number().int().min(2).max(SERIES_LIMITS.maxCount).nullable().optional(),
  })
  .refine((input) => (input.until ? 1 : 0) + (input.count ? 1 : 0) === 1, {
    error: 'series.endNeeded',
    path: ['until'],
  });
export type SeriesCreate = z.output<typeof SeriesCreateInput>;

export const SeriesIdInput = z.object({ id: seriesId });
export const SeriesOfInput = z.object({ activityId: activityIdField });

/** "All following": the occurrence's edit, applied to it, every later one not yet started, and the template. */
export const SeriesUpdateFollowingInput = UpdateActivityInput;

export const SeriesOccurrenceOutput = z.object({
  index: z.number(),
  /** The occurrence's activity id (its code). */
  activityId: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  status: z.enum(ACTIVITY_STATUSES),
  phase: z.enum(ACTIVITY_PHASES),
});
export type SeriesOccurrence = z.infer<typeof SeriesOccurrenceOutput>;

export const SeriesOutput = z.object({
  id: z.string(),
  title: z.string(),
  frequency: z.enum(SERIES_FREQUENCIES),
  weekOfMonth: z.number().nullable(),
  until: z.string().nullable(),
  count: z.number().nullable(),
  timezone: z.string(),
  /** When the organizer ended it: no more occurrences are created. */
  endedAt: z.string().nullable(),
  organizer: z.object({ uid: z.string(), name: z.string() }),
  followers: z.number(),
  following: z.boolean(),
  /** The caller may end the series and edit its occurrences (its organizer). */
  canManage: z.boolean(),
  /** Occurrences not yet ended, soonest first. */
  upcoming: z.array(SeriesOccurrenceOutput),
});
export type Series = z.infer<typeof SeriesOutput>;

/** The series an activity belongs to, if any. */
export const SeriesOfOutput = z.object({
  series: z
    .object({
      id: z.string(),
      index: z.number(),
      title: z.string(),
      frequency: z.enum(SERIES_FREQUENCIES),
      /** The caller is the series' organizer (may end it, edit all following, make codes for every date). */
      canManage: z.boolean(),
    })
    .nullable(),
});
export type SeriesOf = z.infer<typeof SeriesOfOutput>;

export const SeriesFollowInput = z.object({ id: seriesId, follow: z.boolean() });

export const SeriesUpdateFollowingOutput = z.object({
  /** Occurrences changed, this one included. */
  updated: z.number(),
  /** Later occurrences the edit could not apply to (e.g. capacity below their seats taken), by activity id. */
  skipped: z.array(z.string()),
});

/**
 * A promo code for this occurrence and every later one of its series (made then or later), each date with uses of
 * its own; the ticket types it names are matched to the later dates' types in the same place.
 */
export const SeriesPromoCreateInput = PromoCreateInput;
export type SeriesPromoCreate = z.output<typeof SeriesPromoCreateInput>;

export const SeriesPromoCreateOutput = z.object({
  /** The code as made on this occurrence. */
  promo: PromoCodeOutput,
  /** Occurrences that have the code now, this one included. */
  dates: z.number(),
  /** Later occurrences it could not be made on (the code taken there already, or none of its ticket types). */
  skipped: z.array(z.string()),
});
export type SeriesPromoCreateResult = z.infer<typeof SeriesPromoCreateOutput>;

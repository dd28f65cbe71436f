import { z } from 'zod';
import { HOSTING_GROUPS } from '../activity-constants.ts';
import { timeIdCursor } from '../cursors.ts';
import { ActivitySummaryOutput } from './activities.ts';
import { limitField } from './fields.ts';

/** The activities a user hosts (organizer or co-host), by group, for my activities → hosting. */

export const HostingInput = z.object({
  group: z.enum(HOSTING_GROUPS, { error: 'validation.invalid' }).default('upcoming'),
  cursor: timeIdCursor,
  limit: limitField,
});

export const HostedActivityOutput = ActivitySummaryOutput.extend({
  /** The caller's part: the organizer, or one of the co-hosts. */
  role: z.enum(['organizer', 'cohost']),
});
export type HostedActivity = z.infer<typeof HostedActivityOutput>;

export const HostingPageOutput = z.object({
  items: z.array(HostedActivityOutput),
  nextCursor: z.string().nullable(),
  /** How many activities each group holds, for the group tabs. */
  counts: z.object({ upcoming: z.number(), drafts: z.number(), past: z.number() }),
});
export type HostingPage = z.infer<typeof HostingPageOutput>;

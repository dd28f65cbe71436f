import { z } from 'zod';
import { activityIdField, limitField, uidField } from './activity/fields.ts';
import { idCursor } from './cursors.ts';

/**
 * The split of an activity's ticket money between its organizer, co-hosts and referrers
 * (docs/creator-earnings.md "Distribution"). Percentages have at most two decimals (basis points on the server).
 */

export const SPLIT_ROLES = ['organizer', 'cohost', 'referrer'] as const;
export type SplitRole = (typeof SPLIT_ROLES)[number];

/** Percent → basis points; the schema has already refused more than two decimals. */
export const percentToBp = (percent: number) => Math.round(percent * 100);
export const bpToPercent = (bp: number) => bp / 100;

const percentField = z
  .number()
  .min(0)
  .max(100)
  .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, { error: 'split.percentStep' });

/**
 * `POST /open/master/split`: the whole rule of one activity. A co-host left out has no share. The referral share
 * and the co-host shares together may not pass 100 %, so the organizer always keeps what the rounding leaves.
 */
export const SplitInput = z
  .object({
    activityId: activityIdField,
    referralPercent: percentField,
    cohosts: z.array(z.object({ uid: uidField, percent: percentField })).max(10),
  })
  .superRefine((input, ctx) => {
    const total = percentToBp(input.referralPercent) + input.cohosts.reduce((s, c) => s + percentToBp(c.percent), 0);
    if (total > 10_000) ctx.addIssue({ code: 'custom', path: ['referralPercent'], message: 'split.totalAbove' });
    const seen = new Set<string>();
    input.cohosts.forEach((c, i) => {
      if (seen.has(c.uid)) ctx.addIssue({ code: 'custom', path: ['cohosts', i, 'uid'], message: 'split.cohostTwice' });
      seen.add(c.uid);
    });
  });
export type SplitRequest = z.infer<typeof SplitInput>;

const person = z.object({ uid: z.string(), name: z.string() });

/** One activity as the distribution screen shows it to the caller. */
export const ActivitySplitOutput = z.object({
  activity: z.object({ id: z.string(), title: z.string(), endsAt: z.string(), status: z.string() }),
  /** The caller's roles here: organizer, co-host (current, or holding a share), referrer (was paid as one). */
  roles: z.array(z.enum(SPLIT_ROLES)),
  referralPercent: z.number(),
  /** Current co-hosts (percent 0 when they have no share) and anyone who still holds a share. */
  cohosts: z.array(person.extend({ percent: z.number(), current: z.boolean() })),
  /** The organizer may still change the rule (not settled, not cancelled). */
  editable: z.boolean(),
  /** A sign-up has paid: shares may now only be raised. */
  sold: z.boolean(),
  /** Whether the split has been applied (the activity settled after its end). */
  settled: z.boolean(),
  /** The caller's own part per asset and role, as held (frozen) and released. */
  mine: z.array(z.object({ asset: z.string(), role: z.enum(SPLIT_ROLES), frozen: z.string(), released: z.string() })),
});
export type ActivitySplit = z.infer<typeof ActivitySplitOutput>;

export const DistributionInput = z.object({ cursor: idCursor, limit: limitField });
export const DistributionOutput = z.object({ items: z.array(ActivitySplitOutput), nextCursor: z.string().nullable() });
export type Distribution = z.infer<typeof DistributionOutput>;

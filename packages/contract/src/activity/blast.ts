import { z } from 'zod';
import { text } from '../text.ts';
import { activityIdField, dateTime, PersonOutput, rowId } from './fields.ts';

/**
 * Organizer blasts: a message from the organizer or a co-host to the activity's attendees, in the inbox, by push
 * and by email, now or at a chosen time (docs/notifications.md, "blasts").
 */

/** Who a blast goes to: approved tickets (checked in or not), the waitlist, or only those checked in. */
export const BLAST_AUDIENCES = ['going', 'waitlisted', 'checkedIn'] as const;
export type BlastAudience = (typeof BLAST_AUDIENCES)[number];

export const BLAST_STATES = ['scheduled', 'sending', 'sent', 'cancelled'] as const;
export type BlastState = (typeof BLAST_STATES)[number];

export const BLAST_LIMITS = {
  /** Blasts per activity in any rolling `windowHours` (a cancelled one gives its place back). */
  perWindow: 3,
  windowHours: 24,
  /** The longest message, in characters. */
  messageMax: 1000,
  /** How far ahead a blast may be scheduled. */
  scheduleDays: 30,
} as const;

export const BlastSendInput = z.object({
  activityId: activityIdField,
  audience: z
    .array(z.enum(BLAST_AUDIENCES))
    .min(1, { error: 'notice.blastAudience' })
    .max(BLAST_AUDIENCES.length)
    .transform((values) => [...new Set(values)]),
  /** Plain text: shown as text everywhere, never as markup. */
  message: text().min(1, { error: 'notice.blastEmpty' }).max(BLAST_LIMITS.messageMax),
  /** When to send it (in the future, at most `scheduleDays` ahead); now when absent. */
  sendAt: dateTime.optional(),
});

export const BlastRefInput = z.object({ activityId: activityIdField, blastId: rowId });

export const BlastOutput = z.object({
  id: z.string(),
  audience: z.array(z.enum(BLAST_AUDIENCES)),
  message: z.string(),
  state: z.enum(BLAST_STATES),
  author: PersonOutput,
  createdAt: z.string(),
  /** When it is (or was) due. */
  sendAt: z.string(),
  sentAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  /** How many people it has reached so far: for the organizer and co-hosts; null for attendees. */
  recipients: z.number().nullable(),
});
export type Blast = z.infer<typeof BlastOutput>;

/** How many people each audience holds now (`checkedIn` is part of `going`). */
export const BlastAudienceCounts = z.object({
  going: z.number().int(),
  waitlisted: z.number().int(),
  checkedIn: z.number().int(),
});
export type BlastAudienceCounts = z.infer<typeof BlastAudienceCounts>;

export const BlastListOutput = z.object({
  /** Newest first. Hosts see every blast; attendees the sent ones addressed to them. */
  items: z.array(BlastOutput),
  /** Hosts only: how many more may be sent now, and when the oldest counted one leaves the window. */
  quota: z.object({ max: z.number(), remaining: z.number(), nextAt: z.string().nullable() }).nullable(),
  /** Hosts only: the people in each audience now, so the confirmation can say how many a blast will reach. */
  counts: BlastAudienceCounts.nullable(),
});
export type BlastList = z.infer<typeof BlastListOutput>;

/**
 * How many people a blast to `audience` reaches, each once: the checked in are among the going, and a person has
 * one place per activity (approved or waitlisted), so the approved and the waitlisted never overlap.
 */
export function blastReach(counts: BlastAudienceCounts, audience: readonly BlastAudience[]): number {
  const approved = audience.includes('going') ? counts.going : audience.includes('checkedIn') ? counts.checkedIn : 0;
  return approved + (audience.includes('waitlisted') ? counts.waitlisted : 0);
}

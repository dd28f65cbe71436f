import { z } from 'zod';
import {
  activityIdField,
  assetCodeField,
  dateTime,
  imageIdField,
  limitField,
  PersonOutput,
} from './activity/fields.ts';
import { idCursor } from './cursors.ts';
import { httpsUrl } from './links.ts';
import { text } from './text.ts';
import { amountField, idempotencyKeyField, tradePasswordField } from './wallet.ts';

/** Request and response schemas of task bounties (SPEC §2 bounty pages; docs/bounties.md). */

export const BOUNTY_CATEGORIES = ['social', 'content', 'event', 'development', 'design', 'other'] as const;
/** What a submission must carry; a bounty asks for one or more. */
export const BOUNTY_SUBMIT_KINDS = ['text', 'link', 'image'] as const;
/** Who may submit: anyone, a room's members, or checked-in attendees of an activity. */
export const BOUNTY_AUDIENCES = ['anyone', 'room', 'attendees'] as const;
/**
 * `open`: taking submissions; `reviewing`: past the deadline, the creator still approves or rejects what came in;
 * `completed`: every winner paid; `ended`: the review window passed and what was left went back to the creator.
 */
export const BOUNTY_STATES = ['open', 'reviewing', 'completed', 'ended'] as const;
export const BOUNTY_SUBMISSION_STATES = ['pending', 'approved', 'rejected', 'expired'] as const;

export const BOUNTY_LIMITS = {
  titleMax: 80,
  descriptionMax: 4000,
  maxWinners: 1000,
  /** After the deadline, the creator has this long to review before unused escrow goes back. */
  reviewWindowHours: 72,
  minDurationMinutes: 10,
  maxDurationDays: 180,
  submissionTextMax: 2000,
  linkMax: 500,
  reasonMax: 300,
} as const;

const bountyIdField = z.coerce
  .string()
  .trim()
  .regex(/^\d{1,15}$/, { error: 'bounty.notFound' });
const submissionIdField = z.coerce
  .string()
  .trim()
  .regex(/^\d{1,15}$/, { error: 'bounty.submissionNotFound' });
const chatRoomIdField = z.coerce
  .string()
  .trim()
  .regex(/^\d{1,15}$/, { error: 'validation.invalid' });

export const BountyCreateInput = z
  .object({
    title: text().min(1).max(BOUNTY_LIMITS.titleMax),
    description: text().max(BOUNTY_LIMITS.descriptionMax).default(''),
    category: z.enum(BOUNTY_CATEGORIES).default('other'),
    asset: assetCodeField,
    /** The whole pool, as a decimal string. */
    total: amountField.min(1, { error: 'bounty.totalEmpty' }),
    /** Either what each winner gets (winners = total / perWinner) or how many winners share the pool. */
    perWinner: amountField.optional(),
    /**
     * A number; its range (1 to maxWinners, a whole number) is checked by the server with the split, so the
     * message can name the maximum (`bounty.winnersRange`), which a schema's message cannot.
     */
    winners: z.coerce.number({ error: 'validation.wrongType' }).optional(),
    deadline: dateTime,
    submitKinds: z.array(z.enum(BOUNTY_SUBMIT_KINDS)).min(1).max(3),
    audience: z.enum(BOUNTY_AUDIENCES).optional(),
    /** An in-chat bounty's room: posted there as a message, and only its members submit. */
    roomId: chatRoomIdField.optional(),
    /** An activity bounty (the manage page's task-bounty tab): its organizers create it, its page shows it. */
    activityId: activityIdField.optional(),
    tradePassword: tradePasswordField,
    idempotencyKey: idempotencyKeyField,
  })
  .superRefine((value, context) => {
    if (value.perWinner === undefined && value.winners === undefined) {
      context.addIssue({ code: 'custom', path: ['winners'], message: 'validation.required' });
    }
    if (value.audience === 'room' && !value.roomId) {
      context.addIssue({ code: 'custom', path: ['roomId'], message: 'validation.required' });
    }
    if (value.audience === 'attendees' && !value.activityId) {
      context.addIssue({ code: 'custom', path: ['activityId'], message: 'validation.required' });
    }
  });
export type BountyCreate = z.infer<typeof BountyCreateInput>;

export const BountyRefInput = z.object({ id: bountyIdField });
export const BountyListInput = z.object({
  q: text().max(60).default(''),
  category: z.enum(BOUNTY_CATEGORIES).optional(),
  /** `open` by default: what can still be done. */
  state: z.enum(['open', 'all']).default('open'),
  activityId: activityIdField.optional(),
  roomId: chatRoomIdField.optional(),
  cursor: idCursor,
  limit: limitField,
});
export const BountySubmitInput = z.object({
  id: bountyIdField,
  text: text().max(BOUNTY_LIMITS.submissionTextMax).default(''),
  link: httpsUrl({ max: BOUNTY_LIMITS.linkMax, error: 'bounty.linkInvalid' }).optional(),
  imageId: imageIdField.optional(),
});
export const BountySubmissionsInput = z.object({
  id: bountyIdField,
  state: z.enum(BOUNTY_SUBMISSION_STATES).optional(),
  cursor: idCursor,
  limit: limitField,
});
export const BountyReviewInput = z
  .object({
    submissionId: submissionIdField,
    decision: z.enum(['approve', 'reject']),
    reason: text().max(BOUNTY_LIMITS.reasonMax).optional(),
  })
  .superRefine((value, context) => {
    if (value.decision === 'reject' && !value.reason) {
      context.addIssue({ code: 'custom', path: ['reason'], message: 'validation.required' });
    }
  });
export const BountyMineInput = z.object({
  role: z.enum(['created', 'submitted']),
  cursor: idCursor,
  limit: limitField,
});

export const BountyOutput = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.enum(BOUNTY_CATEGORIES),
  asset: z.string(),
  total: z.string(),
  perWinner: z.string(),
  winners: z.number(),
  paidCount: z.number(),
  /** Submissions waiting for review. */
  pendingCount: z.number(),
  submitKinds: z.array(z.enum(BOUNTY_SUBMIT_KINDS)),
  audience: z.enum(BOUNTY_AUDIENCES),
  roomId: z.string().nullable(),
  activity: z.object({ id: z.string(), title: z.string() }).nullable(),
  creator: PersonOutput,
  deadline: z.string(),
  reviewUntil: z.string(),
  state: z.enum(BOUNTY_STATES),
  createdAt: z.string(),
  shareUrl: z.string(),
  isCreator: z.boolean(),
  /** The caller's latest submission's state, if they submitted. */
  mySubmission: z
    .object({ id: z.string(), state: z.enum(BOUNTY_SUBMISSION_STATES), reason: z.string().nullable() })
    .nullable(),
  /** What the caller may do with the bounty, as the server's policy answers it (bounty/policy.ts). */
  can: z.object({
    /** Submit work now: open, in the audience, not the creator, nothing pending or approved already. */
    submit: z.boolean(),
    /** Open the review queue (every submission, the refund): the creator. */
    manage: z.boolean(),
    /** Approve or reject waiting submissions: the creator, while the review window is open and winners are left. */
    review: z.boolean(),
  }),
  /** For the creator only: the journal entries of the funding and of the refund (auditing). */
  fundEntryId: z.string().nullable(),
  refundEntryId: z.string().nullable(),
});
export type Bounty = z.infer<typeof BountyOutput>;
export const BountiesOutput = z.object({ items: z.array(BountyOutput), nextCursor: z.string().nullable() });

export const BountySubmissionOutput = z.object({
  id: z.string(),
  bountyId: z.string(),
  person: PersonOutput,
  text: z.string(),
  link: z.string().nullable(),
  imageId: z.string().nullable(),
  state: z.enum(BOUNTY_SUBMISSION_STATES),
  reason: z.string().nullable(),
  amount: z.string().nullable(),
  /** The payout's journal entry, shown to the creator and the winner. */
  entryId: z.string().nullable(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
});
export const BountySubmissionsOutput = z.object({
  items: z.array(BountySubmissionOutput),
  nextCursor: z.string().nullable(),
});
/** `bounty-mine`: bounties I created, or my submissions with their bounty. */
export const BountyMineOutput = z.object({
  items: z.array(z.object({ bounty: BountyOutput, submission: BountySubmissionOutput.nullable() })),
  nextCursor: z.string().nullable(),
});

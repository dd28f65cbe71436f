import { z } from 'zod';
import { limitField } from './activity/fields.ts';
import { idCursor } from './cursors.ts';
import { inviteCodeField } from './validation.ts';

/**
 * Invite gift (docs/invite-gift.md). The one place the reward rule is configured: when an invitee first does
 * something real (checks in at an activity someone else organises, or has a deposit of at least `minDeposit`
 * credited), the inviter and the invitee each get their amount from the `referral_pool` system account, once.
 */
export const INVITE_REWARD = {
  asset: 'USDT',
  inviterAmount: '5',
  inviteeAmount: '2',
  /** The smallest credited deposit (in `asset`) that qualifies; deposits of other assets do not. */
  minDeposit: '20',
  /** An inviter may be named after sign-up for this many days, until the first qualifying action. */
  bindDays: 7,
} as const;

/** The invite code typed by hand: required here (at sign-up it is optional). */
export const InviteBindInput = z.object({
  inviteCode: inviteCodeField.pipe(z.string().min(1, { error: 'validation.required' })),
});
export const InviteBindOutput = z.object({ inviter: z.string() });

export const InvitedInfoInput = z.object({ cursor: idCursor, limit: limitField });

/** `joined`: signed up through me, not yet qualified; `owed`: qualified, waiting for the pool; `rewarded`: paid. */
export const INVITEE_STATES = ['joined', 'owed', 'rewarded'] as const;
export type InviteeState = (typeof INVITEE_STATES)[number];

export const InviteeOutput = z.object({
  id: z.string(),
  /** The invitee's name, or their email masked (`ab***@example.com`); null for a deleted account. */
  name: z.string().nullable(),
  joinedAt: z.string(),
  state: z.enum(INVITEE_STATES),
  /** What I (the inviter) earned through them; "0" until qualified. */
  amount: z.string(),
});
export type Invitee = z.infer<typeof InviteeOutput>;

export const InvitedInfoOutput = z.object({
  inviteCode: z.string(),
  link: z.string(),
  asset: z.string(),
  rule: z.object({
    inviterAmount: z.string(),
    inviteeAmount: z.string(),
    minDeposit: z.string(),
    bindDays: z.number(),
  }),
  totals: z.object({
    invited: z.number(),
    rewarded: z.number(),
    /** Paid to me as an inviter. */
    earned: z.string(),
    /** Qualified but waiting for the pool. */
    owed: z.string(),
  }),
  /** My own side as an invitee: who invited me (masked), and my reward's state and amount. */
  invitedBy: z.object({ name: z.string().nullable(), state: z.enum(INVITEE_STATES), amount: z.string() }).nullable(),
  /** Whether I may still name an inviter (`POST /user/invite/bind`). */
  canBind: z.boolean(),
  items: z.array(InviteeOutput),
  nextCursor: z.string().nullable(),
});
export type InvitedInfo = z.infer<typeof InvitedInfoOutput>;

/** Operator: move money into the pool (from chain clearing, as a deposit does) and pay what is owed. */
export const InviteFundInput = z.object({ amount: z.string().regex(/^\d{1,30}(\.\d{1,30})?$/) });
export const InviteFundOutput = z.object({ pool: z.string(), paid: z.number(), stillOwed: z.number() });

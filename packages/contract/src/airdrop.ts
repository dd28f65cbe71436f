import { z } from 'zod';
import { activityIdField, assetCodeField, limitField } from './activity/fields.ts';
import { idCursor } from './cursors.ts';
import { instantField } from './dates.ts';
import { httpsUrl } from './links.ts';
import { text } from './text.ts';
import { VIP_TIERS } from './vip.ts';
import { amountField } from './wallet.ts';

/** Airdrops (docs/airdrops.md): funded by an operator, signed up for by users, paid out once by a worker. */

/** `fixed`: every sign-up receives `perPerson`, for at most `maxParticipants` people; `prorata`: the pool split equally. */
export const AIRDROP_MODES = ['fixed', 'prorata'] as const;
export type AirdropMode = (typeof AIRDROP_MODES)[number];

/**
 * What a viewer sees: `upcoming` before the sign-up window, `open` during it, `ended` after it until the
 * distribution starts, `distributing` while it is paid out, `distributed` once everyone is paid.
 */
export const AIRDROP_PHASES = ['upcoming', 'open', 'ended', 'distributing', 'distributed'] as const;
export type AirdropPhase = (typeof AIRDROP_PHASES)[number];

/** Qualification rules the server checks itself at sign-up. */
export const AirdropRequirementsOutput = z.object({
  /** Holds at least `min` of `asset` (available balance) when signing up. */
  holds: z.object({ asset: z.string(), min: z.string() }).nullable(),
  /** Was checked in at this activity. */
  attended: z.object({ activityId: z.string(), title: z.string() }).nullable(),
  /** A running membership of at least this tier. */
  vipTier: z.enum(VIP_TIERS).nullable(),
});
export type AirdropRequirements = z.infer<typeof AirdropRequirementsOutput>;

export const AirdropOutput = z.object({
  id: z.string(),
  project: z.string(),
  description: z.string(),
  website: z.string().nullable(),
  asset: z.string(),
  mode: z.enum(AIRDROP_MODES),
  /** The whole pool funded for this airdrop. */
  pool: z.string(),
  /** `fixed` only: what each sign-up receives. */
  perPerson: z.string().nullable(),
  /** `fixed` only: how many may sign up (the pool divided by the per-person amount). */
  maxParticipants: z.number().nullable(),
  participants: z.number(),
  signupStartsAt: z.string(),
  signupEndsAt: z.string(),
  distributeAt: z.string(),
  phase: z.enum(AIRDROP_PHASES),
  requirements: AirdropRequirementsOutput,
  /** The viewer's sign-up (null for a guest or someone not signed up), and what was paid to them once paid. */
  mine: z.object({ signedUpAt: z.string(), paid: z.string().nullable() }).nullable(),
});
export type Airdrop = z.infer<typeof AirdropOutput>;

export const AirdropListInput = z.object({
  /** `current`: not yet distributed; `past`: distributed. */
  filter: z.enum(['current', 'past'], { error: 'validation.invalid' }).default('current'),
  cursor: idCursor,
  limit: limitField,
});
export const AirdropListOutput = z.object({ items: z.array(AirdropOutput), nextCursor: z.string().nullable() });

export const airdropIdField = z.coerce
  .string()
  .trim()
  .regex(/^\d{1,15}$/, { error: 'airdrop.notFound' });
export const AirdropIdInput = z.object({ id: airdropIdField });

/** Detail adds, for a logged-in viewer, whether each rule is met now (null for a guest). */
export const AirdropDetailOutput = AirdropOutput.extend({
  eligibility: z
    .object({
      holds: z.boolean().nullable(),
      attended: z.boolean().nullable(),
      vipTier: z.boolean().nullable(),
    })
    .nullable(),
  /** What the viewer may do, as the server's policy answers it (airdrop/policy.ts). */
  can: z.object({
    /**
     * Sign up: someone signed in, within the window, meeting every rule, not signed up yet, while places are left.
     */
    signUp: z.boolean(),
  }),
});
export type AirdropDetail = z.infer<typeof AirdropDetailOutput>;

export const AirdropSignupOutput = z.object({ id: z.string(), signedUpAt: z.string(), participants: z.number() });

export const AIRDROP_LIMITS = { projectMax: 60, descriptionMax: 2000, websiteMax: 200 } as const;

const isoTime = instantField('activity.dateInvalid');

/** Operator route behind `npm run airdrop:create` (docs/airdrops.md). */
export const AirdropCreateInput = z.object({
  project: text().min(1, { error: 'validation.required' }).max(AIRDROP_LIMITS.projectMax),
  description: text().max(AIRDROP_LIMITS.descriptionMax).default(''),
  /** Opened by everyone who reads the airdrop: a safe link (links.ts), refused otherwise. */
  website: httpsUrl({ max: AIRDROP_LIMITS.websiteMax }).optional(),
  asset: assetCodeField,
  mode: z.enum(AIRDROP_MODES, { error: 'validation.invalid' }),
  /** `prorata`: the pool to split. */
  pool: amountField.optional(),
  /** `fixed`: the amount per person; the pool is this times `maxParticipants`. */
  perPerson: amountField.optional(),
  maxParticipants: z.coerce.number().int().min(1).max(1_000_000).optional(),
  signupStartsAt: isoTime,
  signupEndsAt: isoTime,
  distributeAt: isoTime,
  /** Whose wallet funds the pool; without it the pool is credited from outside (chain clearing), as a deposit is. */
  funderEmail: text().max(254).optional(),
  holdsAsset: assetCodeField.optional(),
  holdsMin: amountField.optional(),
  attendedActivityId: activityIdField.optional(),
  vipTier: z.enum(VIP_TIERS, { error: 'vip.tierUnknown' }).optional(),
});
export type AirdropCreate = z.infer<typeof AirdropCreateInput>;
export const AirdropCreateOutput = z.object({ id: z.string(), pool: z.string(), asset: z.string() });

import { z } from 'zod';
import { SECURITY_HOLD_REASONS } from './money-out.ts';
import { text } from './text.ts';
import { passwordHashField, vcodeField } from './validation.ts';

/** Google Authenticator (TOTP) and the login password of the security centre (issue 12). */

/** A 6-digit code from the authenticator app, or one of the recovery codes shown when it was switched on. */
export const TOTP_CODE_PATTERN = /^(\d{6}|[A-Za-z0-9]{5}-?[A-Za-z0-9]{5})$/;
export const totpCodeField = z.string().trim().regex(TOTP_CODE_PATTERN, { error: 'security.totpFormat' });

/** How many recovery codes are issued when TOTP is switched on. */
export const TOTP_RECOVERY_CODES = 10;
/** Wrong TOTP codes allowed per user in the window below before further tries are refused. */
export const TOTP_MAX_TRIES = 5;
export const TOTP_TRY_WINDOW_MS = 15 * 60_000;

export const TotpStatusOutput = z.object({
  enabled: z.boolean(),
  /** Unused recovery codes left (0 while off). */
  recoveryCodesLeft: z.number().int(),
});

/** Enrolment: the secret to copy and the otpauth:// URI the web app draws as a QR code. */
export const TotpEnrolOutput = z.object({ secret: z.string(), uri: z.string() });
export const TotpConfirmInput = z.object({ totp: totpCodeField });
export const TotpConfirmOutput = z.object({ recoveryCodes: z.array(z.string()) });
/** The code is optional in the schema so a missing one answers 468 like every operation of the second-factor table. */
export const TotpDisableInput = z.object({ totp: totpCodeField.optional() });

/** Change the login password, proven by the old one or by a code mailed to the account (purpose `reset`). */
export const ChangePasswordInput = z
  .object({
    oldPassword: passwordHashField.optional(),
    vcode: vcodeField.optional(),
    password: passwordHashField,
    totp: totpCodeField.optional(),
  })
  .refine((value) => Boolean(value.oldPassword) !== Boolean(value.vcode), {
    error: 'security.oldPasswordOrCode',
    path: ['oldPassword'],
  });

/** The 468 attachment that tells the client to ask for the authenticator code and send the request again. */
export const SECOND_FACTOR_TOTP = 'totp' as const;
export type SecondFactorAttachment = { factor: typeof SECOND_FACTOR_TOTP; lockedUntil?: string };

/** What must be settled before the account can be deleted; all empty means it may go. */
export const DeletionCheckOutput = z.object({
  canDelete: z.boolean(),
  funds: z.array(z.object({ asset: z.string(), amount: z.string() })),
  earnings: z.array(z.object({ asset: z.string(), amount: z.string() })),
  tickets: z.number().int(),
  hostedActivities: z.number().int(),
  redPackets: z.number().int(),
  bounties: z.number().int(),
  /** Airdrops the user funds that are not distributed yet (what is left goes back to them). */
  airdrops: z.number().int(),
});
export type DeletionCheck = z.infer<typeof DeletionCheckOutput>;

/** Delete the account: the login password and a code mailed for it (purpose `delete`), plus TOTP when on. */
export const DeleteAccountInput = z.object({
  password: passwordHashField,
  vcode: vcodeField,
  totp: totpCodeField.optional(),
});

/**
 * The anti-phishing code (issue 34): a short code the user chooses, written on the first line of every mail we
 * send them, so a mail without it is not ours. Letters and digits only (no spaces, punctuation, control
 * characters or anything a link could be made of), 4 to 20 of them, at least one a letter: all digits could be
 * taken for a sign-in code in the same mail.
 */
export const ANTI_PHISHING_CODE_PATTERN = /^(?=[A-Za-z0-9]*[A-Za-z])[A-Za-z0-9]{4,20}$/;
export const antiPhishingCodeField = z
  .string()
  .trim()
  .max(20, { error: 'security.antiPhishingFormat' })
  .regex(ANTI_PHISHING_CODE_PATTERN, { error: 'security.antiPhishingFormat' });

/** Whether a code is set, and it partly masked (`AB****YZ`): the whole code is only ever written in our mail. */
export const AntiPhishingStatusOutput = z.object({
  set: z.boolean(),
  masked: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type AntiPhishingStatus = z.infer<typeof AntiPhishingStatusOutput>;

/**
 * Set, change (`code`) or remove (`code: null`) the anti-phishing code, proven by a code mailed to the account
 * (purpose `antiPhishing`), plus the authenticator code when it is on (the second-factor table).
 */
export const ChangeAntiPhishingInput = z.object({
  code: antiPhishingCodeField.nullable(),
  vcode: vcodeField,
  totp: totpCodeField.optional(),
});

/**
 * What holds money in the account now (issue 34, docs/security-centre.md "Holds after security changes"): each
 * hold with its reason and end (null: frozen by the owner until an operator lifts it), newest end first.
 */
export const SecurityHoldsOutput = z.object({
  frozen: z.boolean(),
  holds: z.array(
    z.object({
      reason: z.enum(SECURITY_HOLD_REASONS),
      since: z.string(),
      until: z.string().nullable(),
    }),
  ),
});
export type SecurityHolds = z.infer<typeof SecurityHoldsOutput>;

/** Freeze my account: the login password, so a stolen phone left unlocked is not enough to lock its owner out. */
export const FreezeAccountInput = z.object({ password: passwordHashField });

/** Operator: lift a freeze after checking the owner's identity, with what was checked. */
export const UnfreezeAccountInput = z.object({
  owner: text().regex(/^\d{8,12}$/, { error: 'validation.invalid' }),
  note: text().min(1).max(500),
});
export const FrozenAccountsOutput = z.object({
  items: z.array(z.object({ uid: z.string(), since: z.string() })),
});

import { z } from 'zod';
import { captchaField } from './captcha.ts';
import { totpCodeField } from './security.ts';
import { emailField, inviteCodeField, passwordHashField, vcodeField } from './validation.ts';

/** Request and response schemas of the auth endpoints (SPEC §7 Auth). */

export const CODE_PURPOSES = ['signup', 'login', 'reset'] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];

export const SendCodeInput = z.object({
  email: emailField,
  purpose: z.enum(CODE_PURPOSES, { error: 'validation.invalid' }),
  /** Required: this route mails any address (docs/captcha.md). */
  captcha: captchaField.optional(),
});
export const SendCodeOutput = z.object({
  /** Seconds until another code may be requested for this email and purpose. */
  resendIn: z.number().int(),
});

export const CheckEmailInput = z.object({ email: emailField });
export const CheckEmailOutput = z.object({ registered: z.boolean() });

export const SignupInput = z.object({
  email: emailField,
  vcode: vcodeField,
  password: passwordHashField,
  inviteCode: inviteCodeField.optional(),
  /** Required (docs/captcha.md). */
  captcha: captchaField.optional(),
});

export const PasswordLoginInput = z.object({ email: emailField, password: passwordHashField });
export const CodeLoginInput = z.object({ email: emailField, vcode: vcodeField });
export const ResetPasswordInput = z.object({
  email: emailField,
  vcode: vcodeField,
  password: passwordHashField,
  /** Google Authenticator code or recovery code, when it is on (docs/security-centre.md, second factor). */
  totp: totpCodeField.optional(),
});

export const SessionOutput = z.object({
  uid: z.string(),
  uuid: z.string(),
  token: z.string(),
  /** Per-session HMAC key (hex) for signed calls under /user/identity and /mining. */
  signingKey: z.string(),
  expiresAt: z.string(),
});
export type SessionAttachment = z.infer<typeof SessionOutput>;

export const EmptyInput = z.object({});
export const EmptyOutput = z.object({});

/** The user's active logins (security centre); signed calls under /user/identity. */
export const ActiveSessionsOutput = z.object({
  items: z.array(
    z.object({ id: z.number(), userAgent: z.string().nullable(), createdAt: z.string(), current: z.boolean() }),
  ),
});
export const RevokeSessionInput = z.object({
  id: z.coerce.number().int().positive(),
  /** Google Authenticator code or recovery code, when it is on (docs/security-centre.md, second factor). */
  totp: totpCodeField.optional(),
});
export const RevokeOtherSessionsInput = z.object({
  /** Google Authenticator code or recovery code, when it is on (docs/security-centre.md, second factor). */
  totp: totpCodeField.optional(),
});

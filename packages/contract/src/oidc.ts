import { z } from 'zod';
import { SessionOutput } from './auth.ts';
import { totpCodeField } from './security.ts';
import { text, tokenText } from './text.ts';
import { passwordHashField, vcodeField } from './validation.ts';

/** Sign-in with Google and Apple (OpenID Connect, docs/sign-in-with-providers.md). */

export const OIDC_PROVIDERS = ['google', 'apple'] as const;
export type OidcProvider = (typeof OIDC_PROVIDERS)[number];

/** Why a callback did not produce a ticket; the app shows the matching message on the hyper screen. */
export const OIDC_CALLBACK_ERRORS = ['expired', 'cancelled', 'failed', 'unverified', 'noEmail'] as const;
export type OidcCallbackError = (typeof OIDC_CALLBACK_ERRORS)[number];

/** The in-app screen that finishes a sign-in (SPEC §2 login/hyper); the callback redirects to it. */
export const OIDC_FINISH_PATH = '/pages/user/login/hyper/index';

/** Random URL-safe secrets the server made (tickets, browser keys). */
const secretField = tokenText(100);

/** Starting a sign-in: where to send the browser, and the secret it keeps until it redeems the ticket. */
export const OidcStartOutput = z.object({ url: z.string(), browserKey: z.string() });

export const OidcTicketInput = z.object({ ticket: secretField, browserKey: secretField });

/** A login ticket yields a session; a link ticket names the existing account that must confirm first. */
export const OidcTicketOutput = z.object({
  session: SessionOutput.nullable(),
  link: z.object({ provider: z.enum(OIDC_PROVIDERS), email: z.string() }).nullable(),
});
export type OidcTicketResult = z.infer<typeof OidcTicketOutput>;

/** Proof that the caller holds the account: its password or an emailed login code, and the authenticator's code. */
const accountProof = {
  password: passwordHashField.optional(),
  vcode: vcodeField.optional(),
  /** Google Authenticator code or recovery code, when it is on (docs/security-centre.md, second factor). */
  totp: totpCodeField.optional(),
};
/** Exactly one of the password and the code. */
const oneProof = (value: { password?: string; vcode?: string }) => Boolean(value.password) !== Boolean(value.vcode);
const PROOF_REQUIRED = { error: 'oidc.proofRequired', path: ['password'] };

/** Linking a provider to an existing account, proven by the account's password or an emailed login code. */
export const OidcLinkInput = z
  .object({ ticket: secretField, browserKey: secretField, ...accountProof })
  .refine(oneProof, PROOF_REQUIRED);

/** The provider accounts linked to mine, for the security centre (`email` as the provider gave it when linked). */
export const LinkedProvidersOutput = z.object({
  items: z.array(z.object({ provider: z.enum(OIDC_PROVIDERS), email: z.string().nullable(), linkedAt: z.string() })),
});
export type LinkedProvider = z.infer<typeof LinkedProvidersOutput>['items'][number];

/** Unlinking a provider, proven like linking: the account's password or an emailed login code. */
export const UnlinkProviderInput = z
  .object({ provider: z.enum(OIDC_PROVIDERS), ...accountProof })
  .refine(oneProof, PROOF_REQUIRED);

/** What a provider sends back: the query (Google) or a form post (Apple, whose `user` JSON carries the name). */
export const OidcCallbackInput = z.object({
  state: text().min(1, { error: 'validation.required' }).max(200),
  code: text().max(2000).optional(),
  iss: text().max(500).optional(),
  error: text().max(200).optional(),
  error_description: text().max(2000).optional(),
  user: text().max(4000).optional(),
});

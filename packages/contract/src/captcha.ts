import { z } from 'zod';
import { text } from './text.ts';

/**
 * The self-hosted proof-of-work captcha (ALTCHA). The server hands out a signed challenge; the widget solves it
 * in the browser and the form sends the widget's payload (base64 JSON of the challenge and its solution) as
 * `captcha`. A payload is accepted once, before its challenge expires (docs/captcha.md).
 */

/** Longest payload accepted: a v2 challenge with its solution is about 700 characters in base64. */
export const CAPTCHA_PAYLOAD_MAX = 4000;

export const captchaField = text().max(CAPTCHA_PAYLOAD_MAX, { error: 'captcha.invalid' });

/** The field every protected request may carry; which requests require it is the server's call. */
export const CaptchaInput = z.object({ captcha: captchaField.optional() });

export const CaptchaChallengeOutput = z.object({
  parameters: z.object({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    expiresAt: z.number().optional(),
  }),
  signature: z.string().optional(),
});
export type CaptchaChallenge = z.infer<typeof CaptchaChallengeOutput>;

/** The path of the challenge route, for the widget's configuration. */
export const CAPTCHA_CHALLENGE_PATH = '/captcha/challenge';

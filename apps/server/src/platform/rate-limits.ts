/**
 * Rate-limit presets per client address and route. Generous enough for a person, tight enough to stop
 * scripted guessing; the per-account failure cap in the auth service is the real guard on passwords.
 */
export const RATE_LIMITS = {
  default: { max: 300, timeWindow: 60_000 },
  auth: { max: 30, timeWindow: 60_000 },
  code: { max: 10, timeWindow: 60_000 },
} as const;
export type RateLimitPreset = keyof typeof RATE_LIMITS;

/**
 * A per-account limit (claimed in the database, see attempts.ts) was hit: answered like the per-address
 * limits, HTTP 429 with the envelope.
 */
export function rateLimited(): Error {
  return Object.assign(new Error('rate limited'), { statusCode: 429 });
}

import { SECOND_FACTOR_TOTP, Status, secondFactorOf, TOTP_CODE_PATTERN } from '@polaris/contract';
import { isApiError } from '@/lib/api-error.ts';

/** Pure helpers of the security centre (docs/security-centre.md). */

/** Whether a failed call asks for the Google Authenticator code (468 with `{ factor: 'totp' }`). */
export function isTotpChallenge(error: unknown): boolean {
  if (!isApiError(error, 'quiet') || error.status !== Status.secondFactor) return false;
  const attachment = error.attachment as { factor?: unknown } | null;
  return attachment?.factor === SECOND_FACTOR_TOTP;
}

/** What a person types into the code box: six digits, or a recovery code (letters, digits and one dash). */
export function cleanTotpInput(value: string): string {
  return value
    .toUpperCase()
    .replace(/[^0-9A-Z-]/g, '')
    .slice(0, 11);
}

export function isTotpInput(value: string): boolean {
  return TOTP_CODE_PATTERN.test(value.trim());
}

/** The secret in groups of four, easier to copy by hand into an authenticator app. */
export function groupSecret(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(' ') ?? '';
}

/** A short name for a login from its browser's user agent: "Chrome · Android", or null when nothing is known. */
export function deviceLabel(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const browser =
    [
      ['Edge', /Edg\//],
      ['Opera', /OPR\//],
      ['Chrome', /Chrome\//],
      ['Firefox', /Firefox\//],
      ['Safari', /Safari\//],
    ].find(([, pattern]) => (pattern as RegExp).test(userAgent))?.[0] ?? null;
  const system =
    [
      ['Android', /Android/],
      ['iOS', /iPhone|iPad|iPod/],
      ['Windows', /Windows/],
      ['macOS', /Mac OS X|Macintosh/],
      ['Linux', /Linux/],
    ].find(([, pattern]) => (pattern as RegExp).test(userAgent))?.[0] ?? null;
  const parts = [browser, system].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : userAgent.slice(0, 40);
}

/**
 * Whether a form shows the authenticator code field up front (issue 21): its operation is in the contract's
 * second-factor table, and the account has Google Authenticator on — or, on a signed-out form (password reset,
 * provider link), where the account's state is not known, always, as an optional field. A 468 from the server
 * (the state changed since it was read) shows it too.
 */
export function secondFactorAsked(input: {
  operation: string;
  signedOut: boolean;
  enabled: boolean | undefined;
  challenged: boolean;
}): boolean {
  if (!secondFactorOf(input.operation)) return false;
  return input.signedOut || input.enabled === true || input.challenged;
}

/**
 * What the form sends in `totp`, or a problem to show: a signed-in form with the field shown needs a code; a
 * signed-out one sends a code only when one was typed.
 */
export function secondFactorValue(
  code: string,
  options: { asked: boolean; signedOut: boolean },
): { value?: string; problem?: 'format' } {
  if (!options.asked) return {};
  const typed = code.trim();
  if (typed === '' && options.signedOut) return {};
  return isTotpInput(typed) ? { value: typed } : { problem: 'format' };
}

import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { SIGN_CODE_WINDOW_MS } from '@polaris/contract';
import { randomToken } from '../../platform/secrets.ts';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Public activity ids: 12 characters of 62, about 71 bits, so an unlisted link cannot be guessed. */
export function newActivityCode(): string {
  let code = '';
  for (let i = 0; i < 12; i++) code += ALPHANUMERIC[randomInt(0, ALPHANUMERIC.length)];
  return code;
}

export const newSecret = () => randomToken(32);
export const newTicketCode = () => randomToken(18);
export const newInviteCode = () => randomToken(12);

const QR_PREFIX = 'PLX1';

function mac(secret: string, message: string): Buffer {
  return createHmac('sha256', secret).update(message).digest();
}

/** What the ticket's QR code holds: the random code and an HMAC of it under the activity's secret. */
export function ticketQr(secret: string, code: string): string {
  return `${QR_PREFIX}.${code}.${mac(secret, `ticket:${code}`).subarray(0, 12).toString('base64url')}`;
}

/** The ticket code inside a scanned payload when its signature holds; null otherwise. */
export function verifyTicketQr(secret: string, payload: string): string | null {
  const [prefix, code, signature] = payload.trim().split('.');
  if (prefix !== QR_PREFIX || !code || !signature) return null;
  const expected = mac(secret, `ticket:${code}`).subarray(0, 12);
  const given = Buffer.from(signature, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected) ? code : null;
}

/** The 6-digit sign-in code of a 60-second window: HMAC(activity secret, window), truncated like TOTP. */
export function signCodeAt(secret: string, window: number): string {
  const digest = mac(secret, `sign:${window}`);
  const offset = digest[digest.length - 1]! & 0x0f;
  const value = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(value % 1_000_000).padStart(6, '0');
}

export const signWindow = (now: Date) => Math.floor(now.getTime() / SIGN_CODE_WINDOW_MS);

/** The current window's code is accepted, and the previous one (a code read out just before it changed). */
export function signCodeMatches(secret: string, code: string, now: Date): boolean {
  const window = signWindow(now);
  return [window, window - 1].some((w) => timingSafeEqual(Buffer.from(signCodeAt(secret, w)), Buffer.from(code)));
}

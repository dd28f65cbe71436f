import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';

/** Calls under these paths carry a timestamp, a nonce and an HMAC signature (ARCHITECTURE "Signed calls"). */
export const SIGNED_PATH_PREFIXES = ['/user/identity', '/mining'] as const;
export const SIGNATURE_MAX_SKEW_MS = 5 * 60_000;
export const SIGNATURE_SCHEME = 'HMAC-SHA256';

export function needsSignature(path: string): boolean {
  return SIGNED_PATH_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/**
 * The attachment of a refused signed call (status 401): `stale` when the timestamp is too far from the server's
 * clock, `refused` for everything else (no signing key on the session, a wrong one, a reused nonce).
 */
export interface SignatureRefusal {
  signature: 'stale' | 'refused';
}

export function signatureRefusalOf(attachment: unknown): SignatureRefusal['signature'] | null {
  const reason = (attachment as Partial<SignatureRefusal> | null)?.signature;
  return reason === 'stale' || reason === 'refused' ? reason : null;
}

/** What is signed: method, path (below the API base, no query), timestamp, nonce and the body's SHA-256. */
export function signatureBase(parts: { method: string; path: string; timestamp: string; nonce: string; body: string }) {
  const bodyHash = bytesToHex(sha256(utf8ToBytes(parts.body)));
  return [parts.method.toUpperCase(), parts.path, parts.timestamp, parts.nonce, bodyHash].join('\n');
}

/** The Authorization header value for a call, signed with the session's signing key (hex). */
export function signRequest(
  signingKeyHex: string,
  parts: { method: string; path: string; timestamp: string; nonce: string; body: string },
): string {
  const mac = hmac(sha256, hexToBytes(signingKeyHex), utf8ToBytes(signatureBase(parts)));
  return `${SIGNATURE_SCHEME} ${bytesToHex(mac)}`;
}

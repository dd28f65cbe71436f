import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * Passwords are hashed on the client before they are sent (SPEC §5), so the server and its logs never see
 * the typed password. The hash depends only on the password and a fixed domain string, never on the email,
 * so it stays valid when the email changes. The server hashes this value again with argon2id.
 */
export function hashLoginPassword(password: string): string {
  return bytesToHex(sha256(utf8ToBytes(`polarisex/login/v1:${password}`)));
}

/** Trade passwords use a different domain and the user's uid as the extra value (SPEC §5). */
export function hashTradePassword(password: string, uid: string | number): string {
  return bytesToHex(sha256(utf8ToBytes(`polarisex/trade/v1:${uid}:${password}`)));
}

export const CLIENT_HASH_PATTERN = /^[0-9a-f]{64}$/;

import { createPublicKey } from 'node:crypto';

/**
 * What a subscription may name. An endpoint is a URL this server will POST to, so it must be `https:` on a known
 * push service (or a host the operator allowed in PUSH_ENDPOINT_ALLOW): anything else would let a user make the
 * server call an address of their choosing (inside the network, or someone else's).
 */

/** Push services of the browsers people use: exact hosts, and suffixes (Windows gives each region its own host). */
const KNOWN_HOSTS = new Set(['fcm.googleapis.com', 'updates.push.services.mozilla.com', 'web.push.apple.com']);
const KNOWN_SUFFIXES = ['.notify.windows.com'];

/** Whether `endpoint` is a push service address we may POST to; `allow` is PUSH_ENDPOINT_ALLOW (host[:port]). */
export function acceptableEndpoint(endpoint: string, allow: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password || /\s/.test(endpoint)) return false;
  const host = url.hostname.toLowerCase();
  // `url.host` leaves out the default port: an allowed `host` matches only on 443, `host:port` only on that port.
  if (allow.includes(url.host.toLowerCase())) return true;
  if (url.port !== '') return false;
  return KNOWN_HOSTS.has(host) || KNOWN_SUFFIXES.some((suffix) => host.endsWith(suffix) && host.length > suffix.length);
}

function bytes(value: string): Buffer {
  return Buffer.from(value.replace(/=+$/, ''), 'base64url');
}

/** A browser's public key: an uncompressed point (65 bytes, 0x04 first) on P-256. */
export function validP256dh(value: string): boolean {
  const raw = bytes(value);
  if (raw.length !== 65 || raw[0] !== 4) return false;
  try {
    createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: raw.subarray(1, 33).toString('base64url'),
        y: raw.subarray(33).toString('base64url'),
      },
      format: 'jwk',
    });
    return true;
  } catch {
    return false;
  }
}

/** The auth secret: 16 bytes. */
export function validAuth(value: string): boolean {
  return bytes(value).length === 16;
}

/** Keys as stored: base64url without padding, which web-push reads. */
export function unpadded(value: string): string {
  return value.replace(/=+$/, '');
}

/** FCM registration tokens: URL-safe characters and colons; APNs device tokens: hex (32 bytes today, up to 100). */
export function validNativeToken(kind: 'fcm' | 'apns', token: string): boolean {
  return kind === 'fcm' ? /^[A-Za-z0-9_:-]{20,4096}$/.test(token) : /^[0-9a-fA-F]{64,200}$/.test(token);
}

import { timingSafeEqual } from 'node:crypto';
import { SIGNATURE_MAX_SKEW_MS, type SignatureRefusal, Status, signRequest } from '@polaris/contract';
import type { FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { AppError } from './errors.ts';
import type { SessionUser } from './session.ts';

/** Remembers nonces for as long as a signature could still be accepted, so none is used twice. */
export interface NonceStore {
  /** True the first time a key is claimed within `ttlMs`. */
  claim(key: string, ttlMs: number): Promise<boolean>;
}

export class MemoryNonceStore implements NonceStore {
  private readonly seen = new Map<string, number>();

  async claim(key: string, ttlMs: number): Promise<boolean> {
    const now = Date.now();
    if (this.seen.size > 50_000) {
      for (const [k, expires] of this.seen) if (expires <= now) this.seen.delete(k);
    }
    const expires = this.seen.get(key);
    if (expires !== undefined && expires > now) return false;
    this.seen.set(key, now + ttlMs);
    return true;
  }
}

/**
 * Shared between server processes, so a nonce used on one node is refused on every other. Keys carry the
 * database's name (`scope`): session ids of two databases sharing one Redis are different sessions.
 */
export class RedisNonceStore implements NonceStore {
  constructor(
    private readonly redis: Redis,
    private readonly scope: string,
  ) {}

  async claim(key: string, ttlMs: number): Promise<boolean> {
    return (await this.redis.set(`polaris-nonce:${this.scope}:${key}`, '1', 'PX', ttlMs, 'NX')) === 'OK';
  }
}

/**
 * The attachment says why, for the client to act on: a clock too far off is the device's to correct, anything else
 * (no key, a wrong one, a reused nonce) only a new sign-in on that browser mends.
 */
const refused = () =>
  new AppError(Status.notAllowed, 'auth.signatureInvalid', {}, { signature: 'refused' } satisfies SignatureRefusal);
const stale = () =>
  new AppError(Status.notAllowed, 'auth.signatureStale', {}, { signature: 'stale' } satisfies SignatureRefusal);

/**
 * Checks a signed call: `timestamp` (ms) within 5 minutes of now, a `nonce` never seen for this session, and
 * `Authorization: HMAC-SHA256 <hex>` over method, path, timestamp, nonce and the raw body's SHA-256.
 */
export async function verifySignedRequest(
  request: FastifyRequest & { rawBody?: string },
  user: SessionUser,
  path: string,
  now: Date,
  nonces: NonceStore,
): Promise<void> {
  const { timestamp, nonce, authorization } = request.headers;
  if (!user.signingKey || typeof timestamp !== 'string' || typeof nonce !== 'string') throw refused();
  if (typeof authorization !== 'string' || !/^[A-Za-z0-9_-]{8,64}$/.test(nonce)) throw refused();
  const sentAt = Number(timestamp);
  if (!/^\d{10,16}$/.test(timestamp)) throw refused();
  if (Math.abs(now.getTime() - sentAt) > SIGNATURE_MAX_SKEW_MS) throw stale();
  const expected = signRequest(user.signingKey, {
    method: request.method,
    path,
    timestamp,
    nonce,
    body: request.rawBody ?? '',
  });
  const given = Buffer.from(authorization);
  const wanted = Buffer.from(expected);
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) throw refused();
  // Claimed only for a valid signature, so nobody can burn another session's nonces.
  if (!(await nonces.claim(`${user.sessionId}:${nonce}`, 2 * SIGNATURE_MAX_SKEW_MS))) throw refused();
}

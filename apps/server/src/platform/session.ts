import { Status } from '@polaris/contract';
import type { FastifyRequest } from 'fastify';
import { currentLane, inLane, type Lane } from '../db/fair-gate.ts';
import { AppError } from './errors.ts';

/** Who may call a route: anyone, a logged-in user, or anyone with the user when a token is sent. */
export type AuthMode = 'public' | 'user' | 'optional';

/** The caller behind a valid session token. */
export interface SessionUser {
  id: number;
  uid: number;
  uuid: string;
  email: string;
  sessionId: number;
  /** HMAC key of the session, for signed calls. */
  signingKey: string | null;
  /** When the session expires (a chat socket closes then); every session looked up by its token has it. */
  expiresAt?: Date;
}

export type Authenticate = (request: FastifyRequest, mode: AuthMode) => Promise<SessionUser | null>;

/** The `token` header, or the `token` query parameter that old clients still send. */
function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.token;
  if (typeof header === 'string' && header) return header;
  const query = (request.query ?? {}) as Record<string, unknown>;
  return typeof query.token === 'string' && query.token ? query.token : undefined;
}

/**
 * Session authentication for every route: no token answers 401 where a user is needed; an unknown, expired or
 * revoked token, or a `uid` header naming someone else, answers 9999.
 */
export function sessionAuthenticator(sessionUser: (token: string) => Promise<SessionUser | null>): Authenticate {
  return async (request, mode) => {
    if (mode === 'public') return null;
    const token = tokenOf(request);
    if (!token) {
      if (mode === 'optional') return null;
      throw new AppError(Status.notAllowed, 'http.401');
    }
    const user = await sessionUser(token);
    const claimedUid = request.headers.uid;
    if (!user || (typeof claimedUid === 'string' && claimedUid !== '' && claimedUid !== String(user.uid))) {
      throw new AppError(Status.sessionInvalid, 'auth.sessionInvalid');
    }
    return user;
  };
}

/**
 * One lookup per token, answered from batches: every lookup asked while one batch is being read waits for the
 * next, and a batch is one statement whatever its size. A crowd (a thousand people opening one red packet) then
 * costs a few statements instead of a thousand in single file on the embedded database's one connection; a lone
 * request waits one turn of the event loop. The database stays the truth: nothing is remembered between batches,
 * so a revoked session is refused by the next batch after its revocation commits. Lookups are batched with those of
 * their own lane (db/fair-gate.ts) and read in it, so a payment's lookup never waits behind a crowd of reads.
 */
export function batchedLookup<T>(
  many: (keys: string[]) => Promise<(T | null)[]>,
  maxBatch = 500,
): (key: string) => Promise<T | null> {
  type Waiting = { key: string; resolve: (value: T | null) => void; reject: (error: unknown) => void };
  const queues = new Map<Lane | undefined, { items: Waiting[]; draining: boolean }>();
  const drain = async (lane: Lane | undefined) => {
    const queue = queues.get(lane)!;
    while (queue.items.length > 0) {
      const batch = queue.items.splice(0, maxBatch);
      try {
        const keys = [...new Set(batch.map((item) => item.key))];
        const found = await (lane ? inLane(lane, () => many(keys)) : many(keys));
        const byKey = new Map(keys.map((key, i) => [key, found[i] ?? null]));
        for (const item of batch) item.resolve(byKey.get(item.key) ?? null);
      } catch (error) {
        for (const item of batch) item.reject(error);
      }
    }
    queue.draining = false;
  };
  return (key) =>
    new Promise((resolve, reject) => {
      const lane = currentLane();
      let queue = queues.get(lane);
      if (!queue) {
        queue = { items: [], draining: false };
        queues.set(lane, queue);
      }
      queue.items.push({ key, resolve, reject });
      if (queue.draining) return;
      queue.draining = true;
      setImmediate(() => void drain(lane));
    });
}

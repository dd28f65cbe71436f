import { Status } from '@polaris/contract';
import type { FastifyRequest } from 'fastify';
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

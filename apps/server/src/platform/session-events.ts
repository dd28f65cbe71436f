import type { RealtimeBus } from './realtime.ts';

/**
 * Which sessions ended: the ones named, or every session of a user (an account deleted or banned). Whoever
 * holds something bound to a session (a chat socket, a live media session) lets it go on hearing this.
 */
export type SessionsEnded = { sessionIds: number[] } | { userId: number };

/** Where the announcements go: one channel for the whole deployment, prefixed like the chat's channels. */
const channelOf = (scope: string) => `sessions:${scope}:ended`;

/**
 * "These sessions ended", announced after the revoking transaction commits, to every server process through
 * the realtime bus (Redis pub/sub when there is one). The database stays the truth: a process that misses an
 * announcement (pub/sub is at most once) finds the session revoked when its chat heartbeat looks again, and a
 * chat frame that acts checks the session first (docs/security-centre.md "When a session ends").
 */
export class SessionEvents {
  private readonly channel: string;
  /** This process's handlers, told at once by `ended` (the bus brings the same announcement again: they are idempotent). */
  private readonly local = new Set<(event: SessionsEnded) => void>();

  constructor(
    private readonly deps: {
      bus: RealtimeBus;
      /** Keeps deployments (or test runs) sharing one Redis apart: the database's name. */
      scope: string;
      /** A failed publish is logged, never thrown: the revocation has committed and stands. */
      onError?: (error: unknown) => void;
    },
  ) {
    this.channel = channelOf(deps.scope);
  }

  /**
   * Announces ended sessions; call it after the transaction that revoked them commits, before answering. This
   * process's holders are told before it returns, so a chat frame sent after the logout's answer on a socket of
   * this process finds the socket ended (through Redis it could arrive first: seen on CI, a message stored after
   * the logout). Other processes hear it through the bus, a moment later.
   */
  async ended(event: SessionsEnded): Promise<void> {
    if ('sessionIds' in event && event.sessionIds.length === 0) return;
    for (const handler of this.local) {
      try {
        handler(event);
      } catch (error) {
        this.deps.onError?.(error);
      }
    }
    try {
      await this.deps.bus.publish(this.channel, JSON.stringify(event));
    } catch (error) {
      this.deps.onError?.(error);
    }
  }

  /** Calls `handler` for every announcement from any process until the returned function is called. */
  async subscribe(handler: (event: SessionsEnded) => void): Promise<() => Promise<void>> {
    this.local.add(handler);
    const stop = await this.deps.bus.subscribe(this.channel, (payload) => {
      const event = parse(payload);
      if (event) handler(event);
    });
    return async () => {
      this.local.delete(handler);
      await stop();
    };
  }
}

function parse(payload: string): SessionsEnded | null {
  try {
    const value = JSON.parse(payload) as Record<string, unknown>;
    if (Array.isArray(value.sessionIds) && value.sessionIds.every(Number.isSafeInteger)) {
      return { sessionIds: value.sessionIds as number[] };
    }
    if (Number.isSafeInteger(value.userId)) return { userId: value.userId as number };
  } catch {
    // Not ours: nothing to do.
  }
  return null;
}

/** Whether a session (`sessionId` of user `userId`) is among those that ended. */
export function endsSession(event: SessionsEnded, session: { sessionId: number; userId: number }): boolean {
  return 'sessionIds' in event ? event.sessionIds.includes(session.sessionId) : event.userId === session.userId;
}

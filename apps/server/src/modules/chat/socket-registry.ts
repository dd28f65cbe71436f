import type { SessionsEnded } from '../../platform/session-events.ts';

/** A socket as the registry sees it: whose session it is on, and how to end it. */
export interface HeldSocket {
  userId: number;
  sessionId: number;
  /** Closes the socket because its session ended. */
  endSession(): void;
}

/** This process's chat sockets by session and by account, so an ended session finds its sockets here. */
export class SocketRegistry {
  private readonly bySession = new Map<number, Set<HeldSocket>>();
  private readonly byUser = new Map<number, Set<HeldSocket>>();

  add(socket: HeldSocket): void {
    add(this.bySession, socket.sessionId, socket);
    add(this.byUser, socket.userId, socket);
  }

  release(socket: HeldSocket): void {
    remove(this.bySession, socket.sessionId, socket);
    remove(this.byUser, socket.userId, socket);
  }

  /** The sockets on sessions that ended. */
  ending(event: SessionsEnded): HeldSocket[] {
    if ('userId' in event) return [...(this.byUser.get(event.userId) ?? [])];
    return event.sessionIds.flatMap((id) => [...(this.bySession.get(id) ?? [])]);
  }

  /** The sessions that hold a socket here (the heartbeat asks the database which still work). */
  sessionIds(): number[] {
    return [...this.bySession.keys()];
  }
}

function add(map: Map<number, Set<HeldSocket>>, key: number, socket: HeldSocket) {
  let set = map.get(key);
  if (!set) {
    set = new Set();
    map.set(key, set);
  }
  set.add(socket);
}

function remove(map: Map<number, Set<HeldSocket>>, key: number, socket: HeldSocket) {
  const set = map.get(key);
  if (!set) return;
  set.delete(socket);
  if (set.size === 0) map.delete(key);
}

import type { ChatServerFrame, LiveTopic, NoticeCategory, NoticeUnread } from '@polaris/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { RealtimeBus } from '../../platform/realtime.ts';
import type { FollowingSocket, NoticeFollower } from './events.ts';
import { presentNotice, type StoredNotice } from './presenter.ts';

/** Which notices were marked read: some by id, or all (of one category). */
export type ReadTarget = { ids: string[] } | { all: true; category?: NoticeCategory };

/**
 * What a user's bus channel carries. A notice travels as stored and is written in each socket's language; a read
 * carries what was read. Both go out with the unread counts after them, so no screen asks for the inbox again.
 */
export type UserEvent =
  | { type: 'notice'; notice: StoredNotice }
  | { type: 'read'; target: ReadTarget }
  | { type: 'changed'; topic: LiveTopic; ref: string | null };

interface Followed {
  sockets: Set<FollowingSocket>;
  subscribed: Promise<() => Promise<void>>;
  /** Events of one user are handled in order (a notice waits for its unread counts). */
  chain: Promise<void>;
}

/**
 * The per-user channels on the realtime bus (`user:<scope>:<userId>`), so a notice or a "changed" published by any
 * process reaches every socket of the user on every process. One bus subscription per user with sockets here; a
 * notice's unread counts are read once per process, then the notice is written in each socket's language.
 */

export class NoticeHub implements NoticeFollower {
  private readonly users = new Map<number, Followed>();

  constructor(
    private readonly deps: {
      bus: RealtimeBus;
      /** The deployment's scope on a shared Redis (chat's: the database's name). */
      scope: string;
      unread(userId: number): Promise<NoticeUnread>;
      log: FastifyBaseLogger;
    },
  ) {}

  channel(userId: number): string {
    return `user:${this.deps.scope}:${userId}`;
  }

  async publish(userId: number, event: UserEvent): Promise<void> {
    await this.deps.bus.publish(this.channel(userId), JSON.stringify(event));
  }

  async follow(userId: number, socket: FollowingSocket): Promise<() => Promise<void>> {
    let entry = this.users.get(userId);
    if (!entry) {
      const created: Followed = {
        sockets: new Set(),
        chain: Promise.resolve(),
        subscribed: this.deps.bus.subscribe(this.channel(userId), (payload) =>
          this.onPayload(created, userId, payload),
        ),
      };
      entry = created;
      this.users.set(userId, entry);
      created.subscribed.catch(() => {
        if (this.users.get(userId) === created) this.users.delete(userId);
      });
    }
    const followed = entry;
    followed.sockets.add(socket);
    try {
      await followed.subscribed;
    } catch (error) {
      followed.sockets.delete(socket);
      throw error;
    }
    let stopped = false;
    return async () => {
      if (stopped) return;
      stopped = true;
      followed.sockets.delete(socket);
      if (followed.sockets.size > 0 || this.users.get(userId) !== followed) return;
      this.users.delete(userId);
      await (await followed.subscribed)();
    };
  }

  /** Users followed by a socket on this process (tests and metrics). */
  get followedUsers(): number {
    return this.users.size;
  }

  private onPayload(followed: Followed, userId: number, payload: string) {
    followed.chain = followed.chain
      .then(async () => {
        const event = JSON.parse(payload) as UserEvent;
        if (event.type === 'changed') {
          const frame: ChatServerFrame = { type: 'changed', topic: event.topic, ref: event.ref };
          for (const socket of followed.sockets) socket.send(frame);
          return;
        }
        if (followed.sockets.size === 0) return;
        const unread = await this.deps.unread(userId);
        if (event.type === 'read') {
          const frame: ChatServerFrame = { type: 'read', ...event.target, unread };
          for (const socket of followed.sockets) socket.send(frame);
          return;
        }
        for (const socket of followed.sockets) {
          socket.send({ type: 'notice', notice: presentNotice(event.notice, socket.language), unread });
        }
      })
      .catch((error: unknown) => this.deps.log.warn({ err: error, userId }, 'notice: could not forward to sockets'));
  }
}

import { type Language, type LiveTopic, NOTICE_KINDS, type NoticeCategory, type NoticeUnread } from '@polaris/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Tx } from '../../db/client.ts';
import type { Links } from '../../platform/links.ts';
import type { MailQueue } from '../../platform/mail-queue.ts';
import type { RealtimeBus } from '../../platform/realtime.ts';
import { PushDeliveryService } from './deliveries.service.ts';
import { type NoticeRecord, recordNotices } from './deliveries.store.ts';
import type { NoticeEvent, Notifier } from './events.ts';
import { NoticeHub, type ReadTarget } from './live.ts';
import { NoticeMails } from './notice-mail.ts';
import { NoticePreferenceService } from './preferences.service.ts';
import { channelEnabled, fixedChannel } from './preferences.ts';
import { presentNotice, presentUnread, type StoredNotice } from './presenter.ts';
import type { PushSender } from './push.port.ts';
import {
  forgetRecipient,
  listNotices,
  markRead,
  recordLanguage,
  roomMuted,
  setRoomMute,
  unreadByCategory,
} from './store.ts';
import { UnsubscribeTokens } from './tokens.ts';

/** Recipients per insert statement: a blast to 10,000 is ten statements in one transaction. */
const FAN_OUT_CHUNK = 1000;
/** Per-user publishes in flight at once after a fan-out. */
const PUBLISH_CONCURRENCY = 64;
/** The channels a notice goes out on beyond the inbox, each a delivery row its worker sends. */
const OUTSIDE_CHANNELS = ['push', 'email'] as const;

export interface NotificationDeps {
  db: Database;
  now: () => Date;
  log: FastifyBaseLogger;
  bus: RealtimeBus;
  /** The bus scope (chat's): channels are `user:<scope>:<userId>`. */
  scope: string;
  links: Links;
  push: PushSender;
  /** A server key every node shares (the SecretBox key): unsubscribe links are keyed by a key derived from it. */
  serverKey: string;
  /** The mail worker: it asks for the notices' mail, written as it goes out, before each claim. */
  mailQueue: Pick<MailQueue, 'feedFrom'>;
  /** The accounts' email addresses by id, read in the caller's transaction (the user module's `UserService.emailsOf`). */
  emailsOf: (tx: Tx, userIds: number[]) => Promise<Map<number, string>>;
  chat: {
    /** Unread chat messages over the user's rooms (the Community tab's badge). */
    unreadMessages(userId: number): Promise<number>;
    /** Throws (404/403) unless the user is a member of the room. */
    assertMember(userId: number, roomId: number): Promise<void>;
  };
}

/**
 * The notifications module (docs/notifications.md): every announced event becomes one inbox row per recipient,
 * exactly once (unique user + key), then goes out on the channels the recipient allows: live on the WebSocket, push
 * and email (a delivery row each, written with the inbox row in one statement; their workers write and send them).
 */
export class NotificationService implements Omit<Notifier, 'later' | 'notifyIn'> {
  readonly live: NoticeHub;
  readonly preferences: NoticePreferenceService;
  readonly deliveries: PushDeliveryService;
  readonly tokens: UnsubscribeTokens;
  readonly mails: NoticeMails;

  constructor(private readonly deps: NotificationDeps) {
    this.live = new NoticeHub({ bus: deps.bus, scope: deps.scope, unread: (id) => this.unread(id), log: deps.log });
    this.tokens = new UnsubscribeTokens(deps.serverKey);
    this.preferences = new NoticePreferenceService({ ...deps, tokens: this.tokens });
    this.deliveries = new PushDeliveryService(deps);
    this.mails = new NoticeMails({ ...deps, tokens: this.tokens });
    deps.mailQueue.feedFrom((limit) => this.mails.queueDue(limit));
  }

  /** Deleting an account, inside its transaction: the inbox, preferences and muted rooms. */
  forgetUser(tx: Tx, userId: number): Promise<void> {
    return forgetRecipient(tx, userId);
  }

  async notify(events: NoticeEvent[]): Promise<void> {
    try {
      await this.deliver(events);
    } catch (error) {
      this.deps.log.error(
        { err: error, keys: events.map((event) => event.key).slice(0, 20) },
        'notice: could not record or deliver events',
      );
    }
  }

  async deliver(events: NoticeEvent[]): Promise<void> {
    await this.publishLive(await this.record(events));
  }

  async recordIn(tx: Tx, events: NoticeEvent[]): Promise<() => Promise<void>> {
    const live = await this.record(events, tx);
    return () => this.publishLive(live);
  }

  /** Recorded: a live frame that cannot go out is only a missed refresh (the inbox and the badge have it). */
  private async publishLive(live: { userId: number; notice: StoredNotice }[]): Promise<void> {
    await this.publishEach(
      live.map(
        ({ userId, notice }) =>
          () =>
            this.live.publish(userId, { type: 'notice', notice }),
      ),
    ).catch((error) => this.deps.log.warn({ err: error }, 'notice: live frames not sent'));
  }

  async changed(userIds: number[], topic: LiveTopic, ref: string | null = null): Promise<void> {
    try {
      const ids = [...new Set(userIds)].filter((id) => Number.isSafeInteger(id) && id > 0);
      await this.publishEach(ids.map((userId) => () => this.live.publish(userId, { type: 'changed', topic, ref })));
    } catch (error) {
      this.deps.log.warn({ err: error, topic }, 'notice: could not announce a change');
    }
  }

  /**
   * One transaction for the call, one statement per chunk of recipients: the inbox rows and a delivery row per
   * outside channel each recipient allows (the push and the mail are written when their workers send them).
   * Answers what goes out live.
   */
  private async record(events: NoticeEvent[], inTx?: Tx) {
    const now = this.deps.now();
    const live: { userId: number; notice: StoredNotice }[] = [];
    // Every transaction takes the notices' row locks in one order (key, then user id), so two calls announcing
    // overlapping events wait for each other and never deadlock.
    const ordered = [...events].sort((x, y) => (x.key < y.key ? -1 : x.key > y.key ? 1 : 0));
    const statements: NoticeRecord[] = [];
    for (const event of ordered) {
      const category = NOTICE_KINDS[event.kind] as NoticeCategory | undefined;
      if (!category) {
        this.deps.log.error({ kind: event.kind, key: event.key }, 'notice: unknown kind, not recorded');
        continue;
      }
      const userIds = [...new Set(event.userIds)]
        .filter((id) => Number.isSafeInteger(id) && id > 0)
        .sort((x, y) => x - y);
      for (let i = 0; i < userIds.length; i += FAN_OUT_CHUNK) {
        statements.push({
          category,
          kind: event.kind,
          key: event.key,
          params: event.params,
          link: event.link,
          userIds: userIds.slice(i, i + FAN_OUT_CHUNK),
          roomId: event.roomId ?? null,
          inappDefault: channelEnabled(category, 'inapp', undefined),
          inappFixed: channelEnabled(category, 'inapp', false),
          channels: OUTSIDE_CHANNELS.map((channel) => ({
            channel,
            fixed: fixedChannel(category, channel),
            byDefault: channelEnabled(category, channel, undefined),
          })),
          attachments: event.attachments ?? null,
          now,
        });
      }
    }
    const run = async (db: Database | Tx) => {
      for (const statement of statements) {
        const inserted = await recordNotices(db, statement);
        for (const row of inserted) {
          if (row.read) continue;
          live.push({
            userId: row.userId,
            notice: {
              id: row.id,
              kind: statement.kind,
              category: statement.category,
              params: statement.params,
              link: statement.link,
              createdAt: now.toISOString(),
              readAt: null,
            },
          });
        }
      }
    };
    // One statement (most events) is atomic on its own: no BEGIN and COMMIT around it.
    if (inTx) await run(inTx);
    else if (statements.length === 1) await run(this.deps.db);
    else if (statements.length > 1) await this.deps.db.transaction((tx) => run(tx));
    return live;
  }

  /** The one-click unsubscribe URL of a user's email in a category. */
  unsubscribeUrl(userId: number, category: NoticeCategory): string {
    return this.mails.unsubscribeUrl(userId, category);
  }

  /** An in-app path as a link to the web app (hash routes). */
  appUrl(path: string): string {
    return this.mails.appUrl(path);
  }

  private async publishEach(work: (() => Promise<void>)[]) {
    for (let i = 0; i < work.length; i += PUBLISH_CONCURRENCY) {
      const results = await Promise.allSettled(work.slice(i, i + PUBLISH_CONCURRENCY).map((publish) => publish()));
      const failed = results.filter((result) => result.status === 'rejected');
      if (failed.length > 0) {
        this.deps.log.warn(
          { err: (failed[0] as PromiseRejectedResult).reason, failed: failed.length },
          'notice: publish failed',
        );
      }
    }
  }

  /** A page of the user's inbox, written in the request's language (which outside channels then write in too). */
  async list(userId: number, input: { cursor?: string; limit: number; category?: NoticeCategory }, language: Language) {
    await recordLanguage(this.deps.db, userId, language);
    const rows = await listNotices(this.deps.db, userId, {
      after: input.cursor === undefined ? undefined : cursorPosition(input.cursor),
      limit: input.limit + 1,
      category: input.category,
    });
    const page = rows.slice(0, input.limit);
    const last = page[page.length - 1];
    return {
      items: page.map((row) => presentNotice(row, language)),
      nextCursor: rows.length > input.limit && last ? `${new Date(last.createdAt).getTime()}_${last.id}` : null,
    };
  }

  /** Unread counts (and the request's language recorded when given). */
  async unread(userId: number, language?: Language): Promise<NoticeUnread> {
    if (language) await recordLanguage(this.deps.db, userId, language);
    const [counts, chatMessages] = await Promise.all([
      unreadByCategory(this.deps.db, [userId]),
      this.deps.chat.unreadMessages(userId),
    ]);
    return presentUnread(counts, chatMessages);
  }

  /** Marks notices read; every tab of the user is told which, with the counts after (a `read` frame). */
  async read(
    userId: number,
    input: { ids?: string[]; all?: boolean; category?: NoticeCategory },
  ): Promise<NoticeUnread> {
    const target = input.all === true ? { category: input.category } : { ids: (input.ids ?? []).map(Number) };
    const changed = await markRead(this.deps.db, userId, target, this.deps.now());
    if (changed > 0) {
      // Every tab of the user (this one too) applies what was read from the frame, asking nothing again.
      const read: ReadTarget =
        input.all === true ? { all: true, category: input.category } : { ids: (input.ids ?? []).map(String) };
      await this.live
        .publish(userId, { type: 'read', target: read })
        .catch((error) => this.deps.log.warn({ err: error }, 'notice: read frame not sent'));
    }
    return this.unread(userId);
  }

  /** Mutes (or unmutes) a chat room's notices for a member of it. */
  async muteRoom(userId: number, input: { roomId: string; muted: boolean }) {
    const roomId = Number(input.roomId);
    await this.deps.chat.assertMember(userId, roomId);
    await setRoomMute(this.deps.db, userId, roomId, input.muted);
    return { roomId: String(roomId), muted: input.muted };
  }

  /** Whether a member muted a chat room's notices (the room page's switch). */
  async roomMute(userId: number, input: { roomId: string }) {
    const roomId = Number(input.roomId);
    await this.deps.chat.assertMember(userId, roomId);
    return { roomId: String(roomId), muted: await roomMuted(this.deps.db, userId, roomId) };
  }

  /** Sends due push deliveries (the `notice` worker). */
  deliverDue(limit?: number) {
    return this.deliveries.deliverDue(limit);
  }

  backlog() {
    return this.deliveries.backlog();
  }
}

/** A `timeId` cursor (`<ms>_<id>`, already checked by the contract) as the position it names. */
function cursorPosition(cursor: string): { at: Date; id: number } {
  const [ms, id] = cursor.split('_');
  return { at: new Date(Number(ms)), id: Number(id) };
}

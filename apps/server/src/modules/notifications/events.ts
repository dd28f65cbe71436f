import type { ChatServerFrame, Language, LiveTopic, NoticeKind } from '@polaris/contract';
import type { Tx } from '../../db/client.ts';
import type { NoticeParams } from '../../platform/notice-format.ts';

/**
 * What other modules tell the notifications module (docs/notifications.md). A module is given a `Notifier` in its
 * dependencies and never touches the notices' tables: inside the transaction of a change it writes what must be
 * announced (`later`), and its handler for that topic, run by the outbox worker after the commit, hands the events
 * to `deliver`.
 */
export interface NoticeEvent {
  kind: NoticeKind;
  /**
   * The event's identity, the same however often it is announced: `<kind>:<object id>[:<more>]`, e.g.
   * `registrationApproved:1042`. A recipient gets at most one notice per key, so retries, replays and a second
   * server process announcing the same thing notify nobody twice.
   */
  key: string;
  /** Who is told (user ids); a deleted account is skipped. */
  userIds: number[];
  /**
   * Values for the kind's text (`notice.<kind>.title` / `.body`): names, amounts and titles as literal strings;
   * dates, words and places as what they mean (platform/notice-format.ts), written in the reader's language.
   */
  params: NoticeParams;
  /** The in-app path a tap opens, a page of the contract's `PATHS` (`href(PATHS.activityDetails, { id })`); null for none. */
  link: string | null;
  /**
   * The chat room the event happened in (a mention, a reply, a live stream, a red packet posted to a room): members
   * who muted the room (`POST /notice/mute`) are not told.
   */
  roomId?: number;
  /** Files the email carries (a calendar invite). */
  attachments?: { filename: string; contentType: string; content: string }[];
}

/**
 * A module's outbox handlers by topic (`<module>.<what>`): each gets the payload its module wrote with `later`,
 * announces with keyed events (so a second run tells nobody twice) and throws when it should be tried again.
 */
export type OutboxHandlers = Record<string, (payload: never) => Promise<void>>;

/** When a row runs, and whether it is written once per key while it waits (`NoticeOutbox.add`). */
export interface OutboxTiming {
  /** Not before this (a batched notice due at its window's end); at once without it. */
  at?: Date;
  /** While a row of this key waits, another write of it does nothing (the key is unique). */
  once?: string;
}

export interface Notifier {
  /**
   * Inside the transaction of a change: `topic`'s handler runs with `payload` (JSON) once the transaction has
   * committed (or once `timing.at` has come), in whichever process claims it, even if this one dies first. The
   * request does not wait for it.
   */
  later(tx: Tx, topic: string, payload: unknown, timing?: OutboxTiming): Promise<void>;
  /**
   * Inside the transaction of a change, events already known in full: delivered once it commits (the outbox's
   * `notices.events` topic).
   */
  notifyIn(tx: Tx, events: NoticeEvent[]): Promise<void>;
  /** Record and deliver; never throws (a failure is logged: the change that caused it has committed). */
  notify(events: NoticeEvent[]): Promise<void>;
  /**
   * The same, for a worker that must know: throws when the notices could not be recorded (the database away), so
   * the worker keeps its place and tries the batch again (the keys make a retried batch harmless).
   */
  deliver(events: NoticeEvent[]): Promise<void>;
  /**
   * The same, inside the caller's transaction (a worker that records its own progress with the notices, in one
   * turn of the database): the notices are written now; the answer sends their live frames, to be called once
   * the transaction has committed (before, a screen could ask for a notice not yet visible).
   */
  recordIn(tx: Tx, events: NoticeEvent[]): Promise<() => Promise<void>>;
  /** Tell these users' open screens that something they see changed (no notice, no badge). Never throws. */
  changed(userIds: number[], topic: LiveTopic, ref?: string | null): Promise<void>;
}

/** One socket following its user's channel: the chat WebSocket (modules/chat/ws.routes.ts). */
export interface FollowingSocket {
  language: Language;
  send(frame: ChatServerFrame): void;
}

/** What the chat WebSocket asks of notifications: each authenticated socket follows its user's channel for its life. */
export interface NoticeFollower {
  /** Answers the function that stops following (the socket closed). */
  follow(userId: number, socket: FollowingSocket): Promise<() => Promise<void>>;
}

import { href, PATHS } from '@polaris/contract';
import type { Database } from '../../db/client.ts';
import type { Notifier } from '../notifications/events.ts';
import { reactionsSince } from './actions.store.ts';
import { messageBySeq } from './messages.store.ts';
import { roomById } from './store.ts';

/** Reactions to one message are told to its author at most once per window (the key names the window). */
const REACTION_NOTICE_WINDOW_MS = 60_000;
/** A window's notice is written this long after the window ends, so every reaction committed in it is counted. */
const REACTION_NOTICE_GRACE_MS = 1000;
const QUOTE_LENGTH = 80;

/**
 * The author of a message hears of its reactions in batches (docs/chat.md "Reactions, editing and pins"), as a red
 * packet's sender hears of claims: the first reaction of a window starts a timer for the window's end; then one
 * `reactions` notice counts the people who reacted in that window (`reactions:<room>:<seq>:<window>`, so two
 * processes write one notice). Never for one's own reaction; the notice names its room, so an author who muted the
 * room hears nothing. Written after the commit: a process that dies inside a window loses that window's notice.
 */
export class ReactionNotices {
  private readonly windows = new Map<string, { roomId: number; seq: number; window: number; timer: NodeJS.Timeout }>();
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly deps: { db: Database; now: () => Date; notifier?: Notifier },
    private readonly windowMs = REACTION_NOTICE_WINDOW_MS,
  ) {}

  private track(work: () => Promise<void>) {
    const running = work().catch(() => {});
    this.running.add(running);
    void running.finally(() => this.running.delete(running));
  }

  /** A member other than the author reacted to the message: its window's notice is due at the window's end. */
  reacted(roomId: number, seq: number) {
    if (!this.deps.notifier) return;
    const key = `${roomId}:${seq}`;
    if (this.windows.has(key)) return;
    const now = this.deps.now().getTime();
    const window = Math.floor(now / this.windowMs);
    const wait = (window + 1) * this.windowMs - now + REACTION_NOTICE_GRACE_MS;
    const timer = setTimeout(() => {
      this.windows.delete(key);
      this.track(() => this.tell(roomId, seq, window));
    }, wait);
    timer.unref();
    this.windows.set(key, { roomId, seq, window, timer });
  }

  /** Writes the notices of windows still open, now (tests, and a process shutting down). */
  async flush() {
    for (const [key, { roomId, seq, window, timer }] of this.windows) {
      clearTimeout(timer);
      this.windows.delete(key);
      this.track(() => this.tell(roomId, seq, window));
    }
    while (this.running.size > 0) await Promise.all([...this.running]);
  }

  private async tell(roomId: number, seq: number, window: number) {
    const notifier = this.deps.notifier;
    const [room, message] = await Promise.all([
      roomById(this.deps.db, roomId),
      messageBySeq(this.deps.db, roomId, seq),
    ]);
    if (!notifier || !room || !message || message.senderId === null || message.deletedAt !== null) return;
    const since = new Date(window * this.windowMs);
    const { people, emojis } = await reactionsSince(this.deps.db, roomId, seq, message.senderId, since);
    if (people === 0) return;
    const text = message.body.trim();
    await notifier.notify([
      {
        kind: 'reactions',
        key: `reactions:${roomId}:${seq}:${window}`,
        userIds: [message.senderId],
        params: {
          room: room.name,
          count: String(people),
          emoji: emojis.join(''),
          text: text.length > QUOTE_LENGTH ? `${text.slice(0, QUOTE_LENGTH - 1)}…` : text,
        },
        link: href(PATHS.chat, { id: roomId }),
        roomId,
      },
    ]);
  }
}

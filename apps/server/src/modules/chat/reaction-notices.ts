import { href, PATHS } from '@polaris/contract';
import type { Database, Tx } from '../../db/client.ts';
import type { Notifier, OutboxHandlers } from '../notifications/events.ts';
import { reactionsSince } from './actions.store.ts';
import { messageBySeq } from './messages.store.ts';
import { roomById } from './store.ts';

/** Reactions to one message are told to its author at most once per window (the key names the window). */
const REACTION_NOTICE_WINDOW_MS = 60_000;
/** A window's notice is due this long after the window ends, so every reaction committed in it is counted. */
const REACTION_NOTICE_GRACE_MS = 1000;
const QUOTE_LENGTH = 80;

/**
 * The author of a message hears of its reactions in batches (docs/chat.md "Reactions, editing and pins"): a
 * reaction's transaction writes its window's `chat.reactions` row into the notice outbox, due at the window's end and
 * written once per (message, window) (`once`), so a hundred taps write one row, and a process that dies inside the
 * window loses nothing. Whichever process's outbox worker runs the row writes one `reactions` notice counting the
 * people who reacted in that window (`reactions:<room>:<seq>:<window>`, so a row run twice tells nobody twice).
 * Never for one's own reaction; the notice names its room, so an author who muted the room hears nothing.
 */
export class ReactionNotices {
  constructor(
    private readonly deps: { db: Database; now: () => Date; notifier?: Notifier },
    private readonly windowMs = REACTION_NOTICE_WINDOW_MS,
  ) {}

  /** The outbox handler (registered in app-modules.ts). */
  readonly topics = {
    'chat.reactions': (p: { roomId: number; seq: number; window: number }) => this.tell(p.roomId, p.seq, p.window),
  } satisfies OutboxHandlers;

  /** Inside the reaction's transaction: a member other than the author reacted; the window's notice is due. */
  async reactedIn(tx: Tx, roomId: number, seq: number) {
    const window = Math.floor(this.deps.now().getTime() / this.windowMs);
    await this.deps.notifier?.later(
      tx,
      'chat.reactions',
      { roomId, seq, window },
      {
        at: new Date((window + 1) * this.windowMs + REACTION_NOTICE_GRACE_MS),
        once: `chat.reactions:${roomId}:${seq}:${window}`,
      },
    );
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

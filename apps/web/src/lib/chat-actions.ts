import {
  CHAT_EDIT_WINDOW_HOURS,
  CHAT_REACTIONS,
  type ChatMessage,
  type ChatReaction,
  type ChatServerFrame,
} from '@polaris/contract';
import type { History } from './chat-messages.ts';

/**
 * Actions on a message as the client keeps them (docs/chat.md "Reactions, editing and pins"): reactions from the
 * socket's frames or a tap, edits, and the rules for what the message's sheet offers. Pure, over the room's history.
 */

export type ReactionsFrame = Extract<ChatServerFrame, { type: 'reactions' }>;
export type EditedFrame = Extract<ChatServerFrame, { type: 'edited' }>;

/** The history with one message changed (the same object when it is not loaded or `change` keeps it). */
export function updateMessage(
  history: History | undefined,
  seq: number,
  change: (message: ChatMessage) => ChatMessage,
): History | undefined {
  if (!history) return history;
  let changed = false;
  const pages = history.pages.map((page) => {
    const index = page.items.findIndex((message) => message.seq === seq);
    if (index < 0) return page;
    const next = change(page.items[index]!);
    if (next === page.items[index]) return page;
    changed = true;
    const items = [...page.items];
    items[index] = next;
    return { ...page, items };
  });
  return changed ? { ...history, pages } : history;
}

const rank = (emoji: string) => CHAT_REACTIONS.indexOf(emoji as ChatReaction['emoji']);
const ordered = (reactions: ChatReaction[]) =>
  reactions.filter((r) => r.count > 0).sort((a, b) => b.count - a.count || rank(a.emoji) - rank(b.emoji));

/**
 * A `reactions` frame applied to a message: the counts it carries (unless what is held is newer, by `rev`), and
 * `mine` kept from what the reader had, changed only when the frame's change is the reader's own.
 */
export function applyReactionsFrame(message: ChatMessage, frame: ReactionsFrame, selfUid: string | null): ChatMessage {
  if ((message.reactionsRev ?? 0) >= frame.rev) return message;
  const mine = new Set((message.reactions ?? []).filter((r) => r.mine).map((r) => r.emoji));
  if (frame.uid === selfUid) {
    if (frame.on) mine.add(frame.emoji as ChatReaction['emoji']);
    else mine.delete(frame.emoji as ChatReaction['emoji']);
  }
  return {
    ...message,
    reactions: frame.reactions.map((r) => ({ ...r, mine: mine.has(r.emoji) })),
    reactionsRev: frame.rev,
  };
}

/** The server's answer to the reader's own tap: it has `mine` right; kept unless something newer is held. */
export function applyOwnReactions(message: ChatMessage, reactions: ChatReaction[], rev: number): ChatMessage {
  if ((message.reactionsRev ?? 0) > rev) return message;
  return { ...message, reactions, reactionsRev: rev };
}

/** What a tap shows at once, before the server answers: one more (or fewer) of the kind, mine or not. */
export function toggledReactions(reactions: readonly ChatReaction[], emoji: ChatReaction['emoji'], on: boolean) {
  const current = reactions.find((r) => r.emoji === emoji);
  if (current && current.mine === on) return [...reactions];
  const others = reactions.filter((r) => r.emoji !== emoji);
  const count = (current?.count ?? 0) + (on ? 1 : -1);
  return ordered([...others, { emoji, count, mine: on }]);
}

export function applyEdit(message: ChatMessage, frame: Pick<EditedFrame, 'text' | 'mentions' | 'editedAt'>) {
  return { ...message, text: frame.text, mentions: frame.mentions, editedAt: frame.editedAt };
}

/** The author's own text message, not deleted, within the edit window: what the sheet offers to edit. */
export function canEditMessage(message: ChatMessage, selfUid: string | null, now = Date.now()): boolean {
  if (message.kind !== 'text' || message.deleted || selfUid === null || message.senderUid !== selfUid) return false;
  return now - new Date(message.createdAt).getTime() < CHAT_EDIT_WINDOW_HOURS * 3600_000;
}

/** Whether a message can take reactions: anything but a system line or a deleted message, once stored. */
export const canReactTo = (message: ChatMessage) => message.kind !== 'system' && !message.deleted && message.seq > 0;

import { z } from 'zod';
import { CHAT_LIMITS, ChatMessageOutput, ChatMessageRefInput } from './chat.ts';
import { CHAT_REACTIONS, ChatReactionOutput } from './chat-reaction-set.ts';
import { text } from './text.ts';

/** Actions on one message of a room: reactions, editing, pins (docs/chat.md "Reactions, editing and pins"). */

/** How long after sending its author may edit a text message. */
export const CHAT_EDIT_WINDOW_HOURS = 48;
/** Messages a room may have pinned at once. */
export const CHAT_PIN_LIMIT = 10;
/** Reactors a "who reacted" answer lists at most. */
export const CHAT_REACTORS_LIMIT = 100;

const emoji = z.enum(CHAT_REACTIONS, { error: 'chat.reactionUnknown' });

/** `on`: add the reaction (true) or take it back (false); the same again changes nothing. */
export const ChatReactInput = ChatMessageRefInput.extend({ emoji, on: z.boolean() });
/** The message's reactions after the change, with `rev`, the message's reaction revision (higher is newer). */
export const ChatReactOutput = z.object({ reactions: z.array(ChatReactionOutput), rev: z.number() });

export const ChatReactorsInput = ChatMessageRefInput.extend({ emoji: emoji.optional() });
export const ChatReactorsOutput = z.object({
  items: z.array(
    z.object({
      uid: z.string(),
      name: z.string().nullable(),
      avatar: z.string().nullable(),
      emoji: z.enum(CHAT_REACTIONS),
    }),
  ),
});

export const ChatEditInput = ChatMessageRefInput.extend({ text: text().min(1).max(CHAT_LIMITS.messageLength) });
export const ChatEditOutput = z.object({ message: ChatMessageOutput });

/** Earlier versions of an edited message, oldest first (moderators only). */
export const ChatVersionsOutput = z.object({
  items: z.array(
    z.object({ version: z.number(), text: z.string(), mentions: z.array(z.string()), replacedAt: z.string() }),
  ),
});

export const ChatPinOutput = z.object({
  message: ChatMessageOutput,
  pinnedAt: z.string(),
  pinnedByUid: z.string().nullable(),
});
export type ChatPin = z.infer<typeof ChatPinOutput>;
/** A room's pinned messages, the latest pinned first. */
export const ChatPinsOutput = z.object({ items: z.array(ChatPinOutput) });

import { z } from 'zod';

/**
 * The reactions a member may put on a message (docs/chat.md "Reactions, editing and pins"): a small fixed set,
 * like Telegram's quick reactions, so a reaction is one of a few known words and never text a user typed.
 */
export const CHAT_REACTIONS = ['👍', '❤️', '😂', '😮', '😢', '🙏', '🔥', '🎉'] as const;

/** One kind of reaction on a message: how many members gave it, and whether the reader is one of them. */
export const ChatReactionOutput = z.object({
  emoji: z.enum(CHAT_REACTIONS),
  count: z.number(),
  mine: z.boolean(),
});
export type ChatReaction = z.infer<typeof ChatReactionOutput>;

/** The same without `mine`: what a `reactions` frame carries, the same for every socket of the room. */
export const ChatReactionCountOutput = ChatReactionOutput.omit({ mine: true });

import { z } from 'zod';
import { ChatHeldMessageOutput } from './chat.ts';
import { text } from './text.ts';

/** Blocks, reports and their queues in chat (docs/chat.md "Blocks, reports and automatic moderation"). */

/** Why a message or a person is reported: a fixed list, shown in the user's language; `note` says more. */
export const CHAT_REPORT_REASONS = ['spam', 'scam', 'harassment', 'hate', 'impersonation', 'other'] as const;
export type ChatReportReason = (typeof CHAT_REPORT_REASONS)[number];
/** What a room's admins do with a report: the moderation they already have, or nothing (`dismiss`). */
export const CHAT_REPORT_ACTIONS = ['delete', 'mute', 'ban', 'dismiss'] as const;
/** What an operator does with a report about a direct conversation's message. */
export const CHAT_OPERATOR_REPORT_ACTIONS = ['delete', 'dismiss'] as const;

const digits = z.coerce
  .string()
  .trim()
  .regex(/^\d{1,15}$/, { error: 'validation.invalid' });
const seq = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

export const ChatBlockInput = z.object({ uid: digits });
export const ChatBlockedPerson = z.object({
  uid: z.string(),
  name: z.string().nullable(),
  avatar: z.string().nullable(),
  blockedAt: z.string(),
});
export const ChatBlocksOutput = z.object({ items: z.array(ChatBlockedPerson) });
export type ChatBlockedPerson = z.infer<typeof ChatBlockedPerson>;

/** A message (`seq`) or a person (`uid`, a member of the room) reported in a room. */
export const ChatReportInput = z
  .object({
    roomId: digits,
    seq: seq.optional(),
    uid: digits.optional(),
    reason: z.enum(CHAT_REPORT_REASONS),
    note: text().max(500).default(''),
  })
  .refine((v) => (v.seq === undefined) !== (v.uid === undefined), { error: 'validation.required', path: ['seq'] });
export const ChatReportOutput = z.object({ id: z.string() });

const person = z.object({ uid: z.string(), name: z.string().nullable() });
export const ChatReportItem = z.object({
  id: z.string(),
  roomId: z.string(),
  /** The reported message, null for a report of a person. */
  seq: z.number().nullable(),
  reason: z.enum(CHAT_REPORT_REASONS),
  note: z.string(),
  reporter: person,
  target: person,
  /** The reported message as it is now (its text blanked once deleted). */
  message: z.object({ text: z.string(), imageId: z.string().nullable(), deleted: z.boolean() }).nullable(),
  createdAt: z.string(),
});
export type ChatReportItem = z.infer<typeof ChatReportItem>;
export const ChatReportsOutput = z.object({ items: z.array(ChatReportItem) });
export const ChatReportActionInput = z.object({
  roomId: digits,
  id: digits,
  action: z.enum(CHAT_REPORT_ACTIONS),
  /** How long a `mute` lasts. */
  minutes: z.coerce.number().int().min(1).max(525_600).default(60),
});
export const ChatReportActionOutput = z.object({ id: z.string(), status: z.enum(['resolved', 'dismissed']) });
export const ChatOperatorReportActionInput = z.object({ id: digits, action: z.enum(CHAT_OPERATOR_REPORT_ACTIONS) });

/** A room's automatic moderation (docs/chat.md): blocked words, and the hours before a new member may post links. */
export const CHAT_RULE_LIMITS = { words: 50, wordLength: 40, linkMinHoursMax: 720 } as const;
export const ChatRoomRulesOutput = z.object({
  blockedWords: z.array(z.string()),
  linkMinHours: z.number(),
  /** A link from a member who has never had a message published in the room waits for an admin's approval. */
  holdFirstLinks: z.boolean(),
});
export type ChatRoomRules = z.infer<typeof ChatRoomRulesOutput>;
export const ChatRoomRulesInput = z.object({
  roomId: digits,
  blockedWords: z.array(text().min(1).max(CHAT_RULE_LIMITS.wordLength)).max(CHAT_RULE_LIMITS.words),
  linkMinHours: z.coerce.number().int().min(0).max(CHAT_RULE_LIMITS.linkMinHoursMax),
  holdFirstLinks: z.boolean().default(false),
});

/** A room's held messages (admins), oldest first; and the caller's own that wait or were refused. */
export const ChatHeldListOutput = z.object({ items: z.array(ChatHeldMessageOutput) });
export const CHAT_HELD_ACTIONS = ['approve', 'reject'] as const;
export const ChatHeldActionInput = z.object({ roomId: digits, id: digits, action: z.enum(CHAT_HELD_ACTIONS) });

/** The search backfill's operator call (`npm run chat:search-backfill`): what it indexed, and whether all is done. */
export const ChatSearchBackfillOutput = z.object({ indexed: z.number(), done: z.boolean() });

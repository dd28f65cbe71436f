import { z } from 'zod';
import { instantField } from './dates.ts';
import { text } from './text.ts';

/** Polls in chat rooms (docs/chat.md "Polls"): a `poll` message points at its poll by id in `ref`. */

export const CHAT_POLL_LIMITS = {
  questionLength: 300,
  optionLength: 100,
  minOptions: 2,
  maxOptions: 10,
  /** The latest close time, from now. */
  maxOpenDays: 30,
} as const;

/**
 * Who may vote: the room's members, or (in an activity's room) only its ticket holders, or only those checked in.
 * The activity module answers who holds a ticket (its `activity_attendance` view).
 */
export const CHAT_POLL_AUDIENCES = ['members', 'ticketHolders', 'checkedIn'] as const;
export type ChatPollAudience = (typeof CHAT_POLL_AUDIENCES)[number];

const id = z.coerce
  .string()
  .trim()
  .regex(/^\d{1,15}$/, { error: 'validation.invalid' });

/** Options are compared trimmed and case-insensitively: "Yes" and "yes " are the same answer. */
const optionKey = (option: string) => option.trim().toLocaleLowerCase();

export const ChatPollCreateInput = z.object({
  roomId: id,
  question: text().min(1).max(CHAT_POLL_LIMITS.questionLength),
  options: z
    .array(text().min(1).max(CHAT_POLL_LIMITS.optionLength))
    .min(CHAT_POLL_LIMITS.minOptions, { error: 'chatPoll.tooFewOptions' })
    .max(CHAT_POLL_LIMITS.maxOptions, { error: 'chatPoll.tooManyOptions' })
    .superRefine((options, ctx) => {
      const seen = new Set<string>();
      options.forEach((option, index) => {
        const key = optionKey(option);
        if (key !== '' && seen.has(key))
          ctx.addIssue({ code: 'custom', path: [index], message: 'chatPoll.optionRepeated' });
        seen.add(key);
      });
    }),
  multiple: z.boolean().default(false),
  anonymous: z.boolean().default(false),
  audience: z.enum(CHAT_POLL_AUDIENCES).default('members'),
  /** When voting ends: in the future, at most `maxOpenDays` ahead (checked against the server's clock). */
  closesAt: instantField().optional(),
  /** As a message's: sending the same poll again stores nothing new and answers the first. */
  clientId: text().max(64).optional(),
});
export type ChatPollCreateInput = z.infer<typeof ChatPollCreateInput>;

export const ChatPollRefInput = z.object({ pollId: id });
/** The chosen options' indexes: exactly one in a single-choice poll; a new vote replaces the member's last. */
export const ChatPollVoteInput = z.object({
  pollId: id,
  choices: z
    .array(
      z.coerce
        .number()
        .int()
        .min(0)
        .max(CHAT_POLL_LIMITS.maxOptions - 1),
    )
    .min(1, { error: 'chatPoll.noChoice' })
    .max(CHAT_POLL_LIMITS.maxOptions),
});

/** A poll's results as every member sees them: what its live frame carries, the same for all. */
export const ChatPollResultsOutput = z.object({
  id: z.string(),
  /** Grows with every vote and the closing: of two copies the higher is the newer. */
  version: z.number(),
  /** Votes per option, in the options' order (a multiple-choice voter counts once per chosen option). */
  tallies: z.array(z.number()),
  /** How many members voted. */
  voters: z.number(),
  /** When it stopped taking votes (closed early, or its close time passed); null while open. */
  closedAt: z.string().nullable(),
});
export type ChatPollResults = z.infer<typeof ChatPollResultsOutput>;

export const ChatPollOutput = ChatPollResultsOutput.extend({
  roomId: z.string(),
  /** The message that shows it. */
  seq: z.number(),
  authorUid: z.string().nullable(),
  question: z.string(),
  options: z.array(z.string()),
  multiple: z.boolean(),
  /** Anonymous: counts only, never who voted for what (not even to admins). */
  anonymous: z.boolean(),
  audience: z.enum(CHAT_POLL_AUDIENCES),
  closesAt: z.string().nullable(),
  /**
   * The reader's own vote (option indexes; null: not voted), in answers to one reader (history, a vote); absent in
   * live frames, which are the same for everyone.
   */
  mine: z.array(z.number()).nullable().optional(),
});
export type ChatPoll = z.infer<typeof ChatPollOutput>;
export const ChatPollAnswer = z.object({ poll: ChatPollOutput });

/** Who voted for what in a named poll (members only; an anonymous poll answers 403). */
export const ChatPollVotersOutput = z.object({
  items: z.array(
    z.object({
      uid: z.string(),
      name: z.string().nullable(),
      avatar: z.string().nullable(),
      choices: z.array(z.number()),
    }),
  ),
});

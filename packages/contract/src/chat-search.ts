import { z } from 'zod';
import { CHAT_ROOM_KINDS, ChatMessageOutput } from './chat.ts';
import { searchCursor } from './cursors.ts';
import { CityNamesOutput } from './places.ts';
import { text } from './text.ts';

/** Message search (docs/chat.md "Search"): in one room, or in every room the reader is in. */

export const CHAT_SEARCH_LIMITS = {
  /** Longest query, in UTF-16 units. */
  queryLength: 100,
  page: 20,
} as const;

export const ChatMessageSearchInput = z.object({
  /** Words or characters to find; at least two characters of one word, or two Chinese characters side by side. */
  q: text().min(1).max(CHAT_SEARCH_LIMITS.queryLength),
  /** One room (a room the caller may not see answers 404 as an unknown one); without it, every room the caller is in. */
  roomId: z.coerce
    .string()
    .trim()
    .regex(/^\d{1,15}$/, { error: 'validation.invalid' })
    .optional(),
  cursor: searchCursor,
  limit: z.coerce.number().int().min(1).max(50).default(CHAT_SEARCH_LIMITS.page),
});

/** Where the query occurs in the message's text: [start, end) in UTF-16 units, for highlighting (never HTML). */
export const ChatSearchRange = z.object({ start: z.number().int(), end: z.number().int() });

export const ChatSearchHit = z.object({
  message: ChatMessageOutput,
  room: z.object({
    id: z.string(),
    kind: z.enum(CHAT_ROOM_KINDS),
    name: z.string(),
    city: z.string().nullable(),
    cityNames: CityNamesOutput.nullable(),
    /** A direct room's other person: the room is called by their name. */
    peer: z.object({ uid: z.string(), name: z.string().nullable(), avatar: z.string().nullable() }).nullable(),
  }),
  highlights: z.array(ChatSearchRange),
});
export type ChatSearchHit = z.infer<typeof ChatSearchHit>;

export const ChatMessageSearchOutput = z.object({
  items: z.array(ChatSearchHit),
  /** The next page's position, null at the end. */
  nextCursor: z.string().nullable(),
});

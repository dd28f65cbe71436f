import { z } from 'zod';
import { offsetCursor } from './cursors.ts';
import { text } from './text.ts';

/** Request and response schemas of the DAO games tab (SPEC §2 /pages/daogame, §7 "A DAO game API"). */

/** `demo`: the catalogue shipped with the server, labelled on screen. `live`: the DAO game API. */
export const DAOGAME_SOURCES = ['demo', 'live'] as const;
export type DaogameSource = (typeof DAOGAME_SOURCES)[number];

export const DAOGAME_QUERY_MAX = 40;
export const DAOGAME_PAGE_SIZE = 20;
/** The rank lists the best-scored games, at most this many. */
export const DAOGAME_RANK_SIZE = 50;

/** Game and category ids: the source's own short keys ("star-miner", "puzzle"). */
const idField = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, { error: 'validation.invalid' });

export const DaogameCategory = z.object({ id: z.string(), name: z.string() });
export type DaogameCategory = z.infer<typeof DaogameCategory>;

export const DaogameGame = z.object({
  id: z.string(),
  name: z.string(),
  /** Icon URL: our own server for the demo catalogue, the API's for live data. */
  icon: z.string(),
  categoryId: z.string(),
  /** Average rating out of 5, one decimal ("4.7"). */
  score: z.string(),
  /** Players in the last 30 days. */
  players: z.number().int().nonnegative(),
  /** One line under the name, in the request's language. */
  tagline: z.string(),
  featured: z.boolean(),
});
export type DaogameGame = z.infer<typeof DaogameGame>;

export const DaogameHomeOutput = z.object({
  source: z.enum(DAOGAME_SOURCES),
  featured: z.array(DaogameGame),
  categories: z.array(DaogameCategory),
  /** The first few of the rank, for the tab's "top" strip. */
  top: z.array(DaogameGame),
});
export type DaogameHome = z.infer<typeof DaogameHomeOutput>;

export const DaogameListInput = z.object({
  category: idField.optional(),
  /** Matches a name or tagline, case-insensitively. */
  q: text().max(DAOGAME_QUERY_MAX).optional(),
  /** An offset into the filtered list, as a string; opaque to the client. */
  cursor: offsetCursor,
});

export const DaogameListOutput = z.object({
  source: z.enum(DAOGAME_SOURCES),
  items: z.array(DaogameGame),
  nextCursor: z.string().nullable(),
});
export type DaogameList = z.infer<typeof DaogameListOutput>;

export const DaogameRankInput = z.object({ category: idField.optional() });

export const DaogameRankOutput = z.object({
  source: z.enum(DAOGAME_SOURCES),
  items: z.array(DaogameGame.extend({ rank: z.number().int().positive() })),
});
export type DaogameRank = z.infer<typeof DaogameRankOutput>;

export const DaogameDetailInput = z.object({ id: idField });

export const DaogameDetailOutput = DaogameGame.extend({
  source: z.enum(DAOGAME_SOURCES),
  category: DaogameCategory,
  description: z.string(),
  developer: z.string(),
  /** ISO date (YYYY-MM-DD) of the first release. */
  releasedAt: z.string(),
  /** The game shell on the configured host; the client opens it in the web-view. */
  playUrl: z.string(),
});
export type DaogameDetail = z.infer<typeof DaogameDetailOutput>;

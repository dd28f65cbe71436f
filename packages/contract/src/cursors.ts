import { DATE_RANGE } from './dates.ts';
import { text } from './text.ts';

/**
 * Page positions. Every cursor the server hands out (`nextCursor`) has one of these formats, and every route reads
 * its cursor through the named type of the format it hands out, so a cursor of another format, out of range or
 * malformed is refused with status 400 naming the field ("not a valid page position") before a service sees it:
 * no cursor reaches SQL as a number or a time it cannot be. An empty cursor is the first page.
 *
 * The OpenAPI document marks each with `x-cursor: <format>`, and the hostile-input test sends every format's
 * edges to every field so marked.
 */
export const CURSOR_FORMATS = {
  /** A row id: everything after it has a smaller (or larger) id. At most 15 digits, below 2^53. */
  id: { pattern: /^\d{1,15}$/, example: '1042' },
  /** `<milliseconds since the epoch>_<row id>`: a time-ordered list (activities by start). The time is within DATE_RANGE. */
  timeId: { pattern: /^(\d{1,15})_(\d{1,15})$/, example: '1893456000000_1042' },
  /** A ledger entry id, a PostgreSQL bigint: at most 18 digits. */
  ledgerId: { pattern: /^\d{1,18}$/, example: '1042' },
  /** An offset into a list held in memory (DAO games): at most 6 digits. */
  offset: { pattern: /^\d{1,6}$/, example: '20' },
  /** `<milliseconds since the epoch>_<room id>_<seq>`: a chat search hit (messages newest first across rooms). */
  searchHit: { pattern: /^(\d{1,15})_(\d{1,15})_(\d{1,15})$/, example: '1893456000000_12_1042' },
} as const;

export type CursorFormat = keyof typeof CURSOR_FORMATS;

function wellFormed(format: CursorFormat, value: string): boolean {
  const match = CURSOR_FORMATS[format].pattern.exec(value);
  if (!match) return false;
  if (format !== 'timeId' && format !== 'searchHit') return true;
  const ms = Number(match[1]);
  return ms >= DATE_RANGE.minMs && ms <= DATE_RANGE.maxMs;
}

/** The cursor type of one format: optional, `''` read as absent (the first page). */
function cursorOf(format: CursorFormat) {
  return text()
    .max(40)
    .refine((value) => value === '' || wellFormed(format, value), { error: 'validation.cursor' })
    .meta({ 'x-cursor': format, examples: [CURSOR_FORMATS[format].example] })
    .transform((value) => (value === '' ? undefined : value))
    .optional();
}

/** A list paged by row id (most lists). */
export const idCursor = cursorOf('id');
/** A list paged by a time and a row id (activities). */
export const timeIdCursor = cursorOf('timeId');
/** Wallet records, paged by ledger entry id. */
export const ledgerCursor = cursorOf('ledgerId');
/** A list held in memory, paged by offset (DAO games). */
export const offsetCursor = cursorOf('offset');
/** Chat message search, paged by a hit's time, room and seq. */
export const searchCursor = cursorOf('searchHit');

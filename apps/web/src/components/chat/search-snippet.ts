/** A part of a found message's snippet: plain text, or the query where it occurs (shown in a <mark>). */
export interface SnippetPart {
  text: string;
  mark: boolean;
}

/**
 * The part of a found message worth showing: from a little before its first hit to the end (the row's CSS cuts
 * the rest), the hits marked. Ranges are the server's (UTF-16 units of the message text); overlapping or out-of-range
 * ones are ignored, so a hostile answer cannot make the text wrong, only unmarked.
 */
export function snippetParts(
  text: string,
  highlights: readonly { start: number; end: number }[],
  lead = 12,
): SnippetPart[] {
  const ranges = [...highlights]
    .filter((range) => range.start >= 0 && range.end > range.start && range.end <= text.length)
    .sort((a, b) => a.start - b.start);
  const first = ranges[0];
  let from = first ? Math.max(0, first.start - lead) : 0;
  // Do not start in the middle of a surrogate pair.
  if (from > 0 && /[\uDC00-\uDFFF]/.test(text[from] ?? '')) from--;
  const parts: SnippetPart[] = [];
  if (from > 0) parts.push({ text: '…', mark: false });
  let at = from;
  for (const range of ranges) {
    if (range.start < at) continue;
    if (range.start > at) parts.push({ text: text.slice(at, range.start), mark: false });
    parts.push({ text: text.slice(range.start, range.end), mark: true });
    at = range.end;
  }
  if (at < text.length) parts.push({ text: text.slice(at), mark: false });
  return parts;
}

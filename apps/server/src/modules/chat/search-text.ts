/**
 * How message search splits text (docs/chat.md "Search"). Pure: the same rules index a message and read a query,
 * so a query's grams are always a subset of the grams of every text that contains it.
 *
 * - Normalised: each character by NFKC (full-width Ａ and half-width ｶ become A and カ), then lower case.
 * - Chinese, Japanese and Korean characters, written without spaces, give every pair of neighbours (台北, 北見);
 *   a run of one character gives none (a query must give at least one gram).
 * - Other letters and digits form words; a word gives its prefixes of 2 to `PREFIX_MAX` characters, so a query
 *   word finds the words it starts (meet finds meeting). A mention `@<uid>` is the word of its digits.
 * - Two words side by side give a pair gram, the first word and the second's first two letters (`see yo`): a
 *   phrase of common words ("see you") is found through its pairs, not by walking every message holding "see".
 * Grams only narrow the candidates: a hit is a message whose normalised text contains the normalised query.
 */

const PREFIX_MAX = 10;
/** Grams a query uses at most (the longest first): more would only narrow what the substring check decides anyway. */
const QUERY_GRAMS_MAX = 6;

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const WORD = /[\p{L}\p{N}\p{M}]/u;

interface Normalised {
  /** The normalised text. */
  text: string;
  /** For each UTF-16 unit of `text`, where its character starts in the original, and one more entry: its length. */
  origin: number[];
}

/** The text as search compares it, with where each of its units came from (for highlights in the original). */
function normaliseWithOrigin(original: string): Normalised {
  let text = '';
  const origin: number[] = [];
  let index = 0;
  for (const char of original) {
    const normal = char.normalize('NFKC').toLowerCase();
    text += normal;
    for (let unit = 0; unit < normal.length; unit++) origin.push(index);
    index += char.length;
  }
  origin.push(index);
  return { text, origin };
}

export function normalise(original: string): string {
  return normaliseWithOrigin(original).text;
}

type Run = { cjk: boolean; chars: string[] };

/** The text's runs of CJK characters and of word characters, in order. */
function runs(normal: string): Run[] {
  const found: Run[] = [];
  let current: Run | null = null;
  for (const char of normal) {
    const cjk = CJK.test(char);
    if (!cjk && !WORD.test(char)) {
      current = null;
      continue;
    }
    if (!current || current.cjk !== cjk) {
      current = { cjk, chars: [] };
      found.push(current);
    }
    current.chars.push(char);
  }
  return found;
}

/** Every gram of a normalised text, each once: what indexing a message stores. */
export function textGrams(normal: string): string[] {
  const grams = new Set<string>();
  for (const run of runs(normal)) {
    if (run.cjk) {
      for (let i = 0; i + 1 < run.chars.length; i++) grams.add(run.chars[i]! + run.chars[i + 1]!);
    } else {
      const top = Math.min(run.chars.length, PREFIX_MAX);
      for (let length = 2; length <= top; length++) grams.add(run.chars.slice(0, length).join(''));
    }
  }
  for (const pair of pairGrams(runs(normal))) grams.add(pair);
  return [...grams];
}

/** The pair grams of neighbouring words (no CJK run between them), the second word of two letters at least. */
function pairGrams(found: Run[]): string[] {
  const pairs: string[] = [];
  for (let i = 0; i + 1 < found.length; i++) {
    const [first, second] = [found[i]!, found[i + 1]!];
    if (first.cjk || second.cjk || second.chars.length < 2) continue;
    pairs.push(`${first.chars.slice(0, PREFIX_MAX).join('')} ${second.chars.slice(0, 2).join('')}`);
  }
  return pairs;
}

/**
 * The grams a query needs, the most selective (longest) first: CJK pairs, and each word's own prefix (cut at
 * `PREFIX_MAX`). Empty when the query gives none (only single characters): such a query is refused.
 */
export function queryGrams(normal: string): string[] {
  const grams = new Set<string>();
  for (const run of runs(normal)) {
    if (run.cjk) {
      for (let i = 0; i + 1 < run.chars.length; i++) grams.add(run.chars[i]! + run.chars[i + 1]!);
    } else if (run.chars.length >= 2) {
      grams.add(run.chars.slice(0, PREFIX_MAX).join(''));
    }
  }
  // Every word of a query but the last is whole (something follows it), so its pairs are in the text as written.
  for (const pair of pairGrams(runs(normal.trimEnd()))) grams.add(pair);
  return [...grams].sort((a, b) => b.length - a.length).slice(0, QUERY_GRAMS_MAX);
}

/** Where the normalised query occurs in the original text, as [start, end) ranges of UTF-16 units, at most `max`. */
export function highlights(original: string, normalQuery: string, max = 20): { start: number; end: number }[] {
  if (normalQuery === '') return [];
  const { text, origin } = normaliseWithOrigin(original);
  const found: { start: number; end: number }[] = [];
  let from = 0;
  while (found.length < max) {
    const at = text.indexOf(normalQuery, from);
    if (at < 0) break;
    const end = at + normalQuery.length;
    // The end is where the character after the match starts (a character that normalised to several units ends
    // the match only as a whole).
    let stop = end;
    while (stop < text.length && origin[stop] === origin[end - 1]) stop++;
    found.push({ start: origin[at]!, end: origin[stop]! });
    from = end;
  }
  return found;
}

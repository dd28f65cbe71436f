/**
 * A display name reduced to how it looks (docs/chat.md "Blocks, reports and automatic moderation"): NFKC (full-width
 * letters and digits become plain ones), lower case, no spaces, zero-width or soft-hyphen characters, and letters that
 * look alike written as one (Cyrillic а е о р с х, Greek ο α ρ, digits 0 1 3 5, `rn` as `m`, `I` and `l`). Two names
 * with the same key cannot be told apart at a glance. Pure: no database, no locale.
 */

const INVISIBLE = /[\s\u00AD\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\uFEFF]/gu;

const LOOKALIKES: Record<string, string> = {
  // Cyrillic
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'e',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  і: 'l',
  ї: 'l',
  ј: 'j',
  ѕ: 's',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  // Greek
  α: 'a',
  β: 'b',
  ε: 'e',
  η: 'n',
  ι: 'l',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  // Digits and marks that pass for letters
  '0': 'o',
  '1': 'l',
  '3': 'e',
  '5': 's',
  '|': 'l',
  // `I` (lower-cased `i`), `l` and dotless `ı` look the same in most fonts
  i: 'l',
  ı: 'l',
};

export function confusableKey(name: string): string {
  const plain = name.normalize('NFKC').toLowerCase().replace(INVISIBLE, '');
  const mapped = Array.from(plain, (char) => LOOKALIKES[char] ?? char).join('');
  return mapped.replaceAll('rn', 'm').replaceAll('vv', 'w');
}

/** Whether two display names look the same (`confusableKey`); an empty name looks like nothing. */
export function looksAlike(a: string | null, b: string | null): boolean {
  if (!a || !b) return false;
  const key = confusableKey(a);
  return key !== '' && key === confusableKey(b);
}

import { describe, expect, it } from 'vitest';
import { snippetParts } from './search-snippet.ts';

describe('snippetParts', () => {
  it('marks each hit and keeps the text around it', () => {
    expect(snippetParts('我們在台北見', [{ start: 3, end: 5 }])).toEqual([
      { text: '我們在', mark: false },
      { text: '台北', mark: true },
      { text: '見', mark: false },
    ]);
  });

  it('starts a little before the first hit of a long message, with an ellipsis', () => {
    const text = `${'x'.repeat(40)} meeting here`;
    const parts = snippetParts(text, [{ start: 41, end: 48 }], 5);
    expect(parts[0]).toEqual({ text: '…', mark: false });
    expect(parts.map((part) => part.text).join('')).toBe(`…${text.slice(36)}`);
    expect(parts.find((part) => part.mark)?.text).toBe('meeting');
  });

  it('ignores ranges out of the text or overlapping, so the text itself stays whole', () => {
    const parts = snippetParts('abc <b>def</b>', [
      { start: 4, end: 7 },
      { start: 5, end: 6 },
      { start: 10, end: 99 },
      { start: -1, end: 2 },
    ]);
    expect(parts.map((part) => part.text).join('')).toBe('abc <b>def</b>');
    expect(parts.filter((part) => part.mark).map((part) => part.text)).toEqual(['<b>']);
  });

  it('does not cut a character outside the basic plane in two', () => {
    const text = `${'😀'.repeat(10)}台北`;
    const parts = snippetParts(text, [{ start: 20, end: 22 }], 3);
    expect(parts[1]!.text.startsWith('\uD83D')).toBe(true);
  });
});

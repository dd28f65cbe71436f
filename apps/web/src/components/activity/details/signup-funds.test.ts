import { describe, expect, it } from 'vitest';
import { pauseSignUp, resumeSignUp, safeReturnPath, shortfallOf } from './signup-funds.ts';

class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

describe('a paid sign-up short of funds', () => {
  it('says what the balance lacks, in exact decimals, and nothing when it covers the price', () => {
    expect(shortfallOf('25', '0', 6)).toBe('25');
    expect(shortfallOf('25', '24.999999', 6)).toBe('0.000001');
    expect(shortfallOf('0.3', '0.1', 18)).toBe('0.2');
    expect(shortfallOf('25', '25', 6)).toBeNull();
    expect(shortfallOf('25', '1000', 6)).toBeNull();
  });

  it('keeps the ticket and the answers for the way back, once, and ignores anything malformed', () => {
    const storage = new MemoryStorage();
    pauseSignUp('AB12CD', { ticketTypeId: '7', answers: { level: 'Beginner' } }, storage);
    expect(resumeSignUp('AB12CD', storage)).toEqual({ ticketTypeId: '7', answers: { level: 'Beginner' } });
    expect(resumeSignUp('AB12CD', storage)).toBeNull();
    storage.setItem('polaris:signup:AB12CD', '{"ticketTypeId":7}');
    expect(resumeSignUp('AB12CD', storage)).toBeNull();
    storage.setItem('polaris:signup:AB12CD', '{"ticketTypeId":"7","answers":{"a":"x","b":{"evil":1}}}');
    expect(resumeSignUp('AB12CD', storage)).toEqual({ ticketTypeId: '7', answers: { a: 'x' } });
    storage.setItem('polaris:signup:AB12CD', 'not json');
    expect(resumeSignUp('AB12CD', storage)).toBeNull();
  });

  it('sends the deposit page back only to an activity page of this app', () => {
    const page = '/pages/activity/details/index';
    expect(safeReturnPath(`${page}?id=AB12CD&signup=7`, page)).toBe(`${page}?id=AB12CD&signup=7`);
    expect(safeReturnPath('https://evil.example/x', page)).toBeNull();
    expect(safeReturnPath('//evil.example', page)).toBeNull();
    expect(safeReturnPath(`${page}?id=AB12CD"><script>`, page)).toBeNull();
    expect(safeReturnPath('/pages/home/index', page)).toBeNull();
    expect(safeReturnPath(null, page)).toBeNull();
  });
});

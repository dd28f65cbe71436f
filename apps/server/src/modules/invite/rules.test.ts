import { describe, expect, it } from 'vitest';
import { DAY_MS, displayName, inviterRefusal, maskEmail, withinBindWindow } from './rules.ts';

describe('invite rules', () => {
  it('refuses my own code and anyone down my chain, nothing at sign-up', () => {
    expect(inviterRefusal(1, [1])).toBe('ownCode');
    expect(inviterRefusal(1, [3, 2, 1])).toBe('loop');
    expect(inviterRefusal(1, [3, 2])).toBeNull();
    expect(inviterRefusal(null, [3, 2, 1])).toBeNull();
  });

  it('the bind window ends after the configured days', () => {
    const signup = new Date('2026-01-01T00:00:00Z');
    expect(withinBindWindow(signup, new Date(signup.getTime() + 7 * DAY_MS), 7)).toBe(true);
    expect(withinBindWindow(signup, new Date(signup.getTime() + 7 * DAY_MS + 1), 7)).toBe(false);
  });

  it('masks emails and prefers names', () => {
    expect(maskEmail('alice@example.com')).toBe('al***@example.com');
    expect(maskEmail('ab@example.com')).toBe('a***@example.com');
    expect(maskEmail('a@example.com')).toBe('a***@example.com');
    const person = { email: 'alice@example.com', uname: null, openName: null, deletedAt: null };
    expect(displayName(person)).toBe('al***@example.com');
    expect(displayName({ ...person, uname: 'Alice' })).toBe('Alice');
    expect(displayName({ ...person, deletedAt: new Date() })).toBeNull();
  });
});

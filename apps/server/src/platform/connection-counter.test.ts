import { describe, expect, it } from 'vitest';
import { MemoryConnectionCounter } from './realtime.ts';

describe('connection counter (in one process)', () => {
  it("admits up to each key's limit, frees a place on release, and stops counting one not refreshed in time", async () => {
    let now = 0;
    const counter = new MemoryConnectionCounter(() => now);
    const keys = (session: string) => [
      { key: `session:${session}`, limit: 2 },
      { key: 'user:1', limit: 3 },
    ];
    expect(await counter.claim('a', keys('s1'), 1000)).toBe(true);
    expect(await counter.claim('b', keys('s1'), 1000)).toBe(true);
    // The session is full; the account is not.
    expect(await counter.claim('c', keys('s1'), 1000)).toBe(false);
    expect(await counter.claim('c', keys('s2'), 1000)).toBe(true);
    // The account is full now, whatever the session.
    expect(await counter.claim('d', keys('s3'), 1000)).toBe(false);
    await counter.release('c', ['session:s2', 'user:1']);
    expect(await counter.claim('d', keys('s3'), 1000)).toBe(true);

    // `a` is refreshed, `b` and `d` are not: a second later only `a` still counts.
    now = 900;
    await counter.refresh('a', ['session:s1', 'user:1']);
    now = 1500;
    expect(await counter.claim('e', keys('s1'), 1000)).toBe(true);
    expect(await counter.claim('f', keys('s1'), 1000)).toBe(false);
  });
});

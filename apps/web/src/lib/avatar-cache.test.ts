import { AVATAR_CACHE_LIMIT } from '@polaris/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { avatarCache } from './avatar-cache.ts';
import { readStore } from './storage.ts';

beforeEach(() => {
  localStorage.clear();
  avatarCache.clear();
});

describe('the avatar cache (SPEC §3, §4)', () => {
  it('keeps key → avatar and timestamp in the store object', () => {
    avatarCache.remember('10000001', 'https://app.example/a.webp', 5);
    expect(readStore().avatars).toEqual({ '10000001': { avatar: 'https://app.example/a.webp', timestamp: 5 } });
    expect(avatarCache.get('10000001')).toBe('https://app.example/a.webp');
    expect(avatarCache.get('10000002')).toBeUndefined();
  });

  it('holds 100, and evicts the oldest entry when the 101st arrives', () => {
    expect(AVATAR_CACHE_LIMIT).toBe(100);
    for (let i = 0; i < 100; i++) avatarCache.remember(`u${i}`, `a${i}`, 1_000 + i);
    expect(avatarCache.size()).toBe(100);
    expect(avatarCache.get('u0')).toBe('a0');
    avatarCache.remember('u100', 'a100', 5_000);
    expect(avatarCache.size()).toBe(100);
    expect(avatarCache.get('u0')).toBeUndefined();
    expect(avatarCache.get('u1')).toBe('a1');
    expect(avatarCache.get('u100')).toBe('a100');
    expect(Object.keys(readStore().avatars ?? {})).toHaveLength(100);
  });

  it('evicts by age, not by insertion: a person seen again with a new avatar is fresh', () => {
    for (let i = 0; i < 100; i++) avatarCache.remember(`u${i}`, `a${i}`, 1_000 + i);
    avatarCache.remember('u0', 'a0-new', 3_000);
    avatarCache.remember('u100', 'a100', 4_000);
    expect(avatarCache.get('u0')).toBe('a0-new');
    expect(avatarCache.get('u1')).toBeUndefined();
  });

  it('resolves what an answer gave (learning it), else what it learnt before', () => {
    expect(avatarCache.resolve('7', 'https://app.example/7.webp')).toBe('https://app.example/7.webp');
    expect(avatarCache.resolve('7', undefined)).toBe('https://app.example/7.webp');
    expect(avatarCache.resolve('8', undefined)).toBeNull();
    expect(avatarCache.resolve('7', null)).toBeNull();
    expect(avatarCache.get('7')).toBeNull();
  });
});

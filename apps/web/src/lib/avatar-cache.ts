import { AVATAR_CACHE_LIMIT } from '@polaris/contract';
import { type CachedAvatar, readStore, writeSlice } from './storage.ts';

/**
 * SPEC §3–§4: the avatar cache, key (a person's uid) → avatar and the time it was learnt. Every answer that names a
 * person with their avatar (a chat message, a member, a live host, an organizer) teaches it; a screen that knows only
 * who someone is (a live viewer, a message from before the sender had a picture) asks it. Once it holds
 * `AVATAR_CACHE_LIMIT` (100) entries, adding another evicts the oldest. It lives in the one store object
 * (`polarisex:store` → `avatars`) and is written only when something changes.
 */

let memory: Record<string, CachedAvatar> | null = null;

function entries(storage?: Storage | null): Record<string, CachedAvatar> {
  if (memory === null || storage !== undefined) memory = { ...(readStore(storage).avatars ?? {}) };
  return memory;
}

/** The newest `limit` entries, oldest dropped first. */
function evictOldest(all: Record<string, CachedAvatar>, limit = AVATAR_CACHE_LIMIT) {
  const sorted = Object.entries(all).sort(([, a], [, b]) => b.timestamp - a.timestamp);
  return Object.fromEntries(sorted.slice(0, limit));
}

export const avatarCache = {
  /** The avatar last learnt for this person; undefined when the cache has not met them. */
  get(key: string, storage?: Storage | null): string | null | undefined {
    return entries(storage)[key]?.avatar;
  },
  /** Learn a person's avatar (null: they have none); evicts the oldest entry past the limit. */
  remember(key: string, avatar: string | null, now = Date.now(), storage?: Storage | null): void {
    const all = entries(storage);
    if (key in all && all[key]!.avatar === avatar) return;
    const next = evictOldest({ ...all, [key]: { avatar, timestamp: now } });
    memory = next;
    writeSlice('avatars', next, storage);
  },
  /** What to show for a person: the avatar an answer gave (learnt on the way), else the cached one. */
  resolve(key: string | null | undefined, given: string | null | undefined): string | null {
    if (!key) return given ?? null;
    if (given !== undefined) {
      avatarCache.remember(key, given);
      return given;
    }
    return avatarCache.get(key) ?? null;
  },
  size(storage?: Storage | null): number {
    return Object.keys(entries(storage)).length;
  },
  /** Forget everything (logout, tests). */
  clear(storage?: Storage | null): void {
    memory = {};
    writeSlice('avatars', {}, storage);
  },
};

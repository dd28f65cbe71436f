import type { Redis } from 'ioredis';

/**
 * Publish/subscribe between server processes for realtime fan-out (chat). With Redis every process that
 * subscribes to a channel receives what any process publishes; without it, only this process does. A
 * subscriber receives its channel's messages in the order they were published.
 */
export interface RealtimeBus {
  publish(channel: string, payload: string): Promise<void>;
  /** Calls `handler` for every payload on the channel until the returned function is called. */
  subscribe(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

class Channels {
  private readonly handlers = new Map<string, Set<(payload: string) => void>>();
  add(channel: string, handler: (payload: string) => void): boolean {
    let set = this.handlers.get(channel);
    const first = !set;
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
    }
    set.add(handler);
    return first;
  }
  /** Removes a handler; true when it was the channel's last. */
  remove(channel: string, handler: (payload: string) => void): boolean {
    const set = this.handlers.get(channel);
    if (!set) return false;
    set.delete(handler);
    if (set.size > 0) return false;
    this.handlers.delete(channel);
    return true;
  }
  deliver(channel: string, payload: string) {
    for (const handler of this.handlers.get(channel) ?? []) handler(payload);
  }
}

export class MemoryBus implements RealtimeBus {
  private readonly channels = new Channels();
  async publish(channel: string, payload: string) {
    this.channels.deliver(channel, payload);
  }
  async subscribe(channel: string, handler: (payload: string) => void) {
    this.channels.add(channel, handler);
    return async () => {
      this.channels.remove(channel, handler);
    };
  }
  async close() {}
}

/** Redis pub/sub: one connection publishes, a second (in subscriber mode) listens for this process. */
export class RedisBus implements RealtimeBus {
  private readonly channels = new Channels();
  private readonly subscriber: Redis;
  constructor(private readonly redis: Redis) {
    this.subscriber = redis.duplicate();
    this.subscriber.on('messageBuffer', (channel: Buffer, payload: Buffer) => {
      this.channels.deliver(channel.toString(), payload.toString());
    });
  }
  async publish(channel: string, payload: string) {
    await this.redis.publish(channel, payload);
  }
  async subscribe(channel: string, handler: (payload: string) => void) {
    if (this.channels.add(channel, handler)) await this.subscriber.subscribe(channel);
    return async () => {
      if (this.channels.remove(channel, handler)) await this.subscriber.unsubscribe(channel).catch(() => {});
    };
  }
  async close() {
    this.subscriber.disconnect();
  }
}

/**
 * Counts events per key in fixed windows, shared by every process through Redis when there is one. `hit`
 * claims one event and answers the count so far in the window: the caller compares after claiming, so two
 * concurrent events cannot both see room for one more.
 */
export interface WindowCounter {
  hit(key: string, windowSeconds: number): Promise<number>;
}

export class MemoryWindowCounter implements WindowCounter {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();
  constructor(private readonly now: () => number = Date.now) {}
  async hit(key: string, windowSeconds: number) {
    const now = this.now();
    const window = this.windows.get(key);
    if (!window || window.endsAt <= now) {
      if (this.windows.size > 100_000) this.sweep(now);
      this.windows.set(key, { count: 1, endsAt: now + windowSeconds * 1000 });
      return 1;
    }
    window.count += 1;
    return window.count;
  }
  private sweep(now: number) {
    for (const [key, window] of this.windows) if (window.endsAt <= now) this.windows.delete(key);
  }
}

export class RedisWindowCounter implements WindowCounter {
  constructor(private readonly redis: Redis) {}
  async hit(key: string, windowSeconds: number) {
    const results = await this.redis.multi().incr(key).expire(key, windowSeconds, 'NX').exec();
    return Number(results?.[0]?.[1] ?? Number.MAX_SAFE_INTEGER);
  }
}

/**
 * Open connections under keys (a session, an account), shared by every process through Redis when there is one.
 * Each connection is a member stamped with the time it was last seen; one not refreshed within `ttlMs` (its
 * process died without closing it) stops counting, so a crash leaks no place for longer than that.
 */
export interface ConnectionCounter {
  /**
   * Counts `member` under every key unless one of them holds its limit already; false (nothing counted) then.
   * Atomic: two connections at once cannot both take a key's last place.
   */
  claim(member: string, keys: { key: string; limit: number }[], ttlMs: number): Promise<boolean>;
  /** The connection is still open (called every heartbeat). */
  refresh(member: string, keys: string[], ttlMs: number): Promise<void>;
  release(member: string, keys: string[]): Promise<void>;
}

export class MemoryConnectionCounter implements ConnectionCounter {
  private readonly keys = new Map<string, Map<string, number>>();
  constructor(private readonly now: () => number = Date.now) {}

  async claim(member: string, keys: { key: string; limit: number }[], ttlMs: number) {
    const now = this.now();
    for (const { key, limit } of keys) {
      const members = this.keys.get(key);
      if (!members) continue;
      for (const [other, seenAt] of members) if (seenAt <= now - ttlMs) members.delete(other);
      if (members.size >= limit) return false;
    }
    for (const { key } of keys) {
      let members = this.keys.get(key);
      if (!members) {
        members = new Map();
        this.keys.set(key, members);
      }
      members.set(member, now);
    }
    return true;
  }

  async refresh(member: string, keys: string[]) {
    const now = this.now();
    for (const key of keys) {
      const members = this.keys.get(key);
      if (members?.has(member)) members.set(member, now);
    }
  }

  async release(member: string, keys: string[]) {
    for (const key of keys) {
      const members = this.keys.get(key);
      members?.delete(member);
      if (members?.size === 0) this.keys.delete(key);
    }
  }
}

/** Sorted sets scored by Redis's own clock (one clock for every process): drop the stale, compare, then add. */
const CLAIM_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local ttl = tonumber(ARGV[1])
for i, key in ipairs(KEYS) do
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now - ttl)
  if redis.call('ZCARD', key) >= tonumber(ARGV[2 + i]) then return 0 end
end
for i, key in ipairs(KEYS) do
  redis.call('ZADD', key, now, ARGV[2])
  redis.call('PEXPIRE', key, ttl)
end
return 1`;

const REFRESH_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
for i, key in ipairs(KEYS) do
  if redis.call('ZADD', key, 'XX', 'CH', now, ARGV[2]) >= 0 then redis.call('PEXPIRE', key, tonumber(ARGV[1])) end
end
return 1`;

export class RedisConnectionCounter implements ConnectionCounter {
  constructor(private readonly redis: Redis) {}

  async claim(member: string, keys: { key: string; limit: number }[], ttlMs: number) {
    const names = keys.map((entry) => entry.key);
    const limits = keys.map((entry) => String(entry.limit));
    const answer = await this.redis.eval(CLAIM_SCRIPT, names.length, ...names, String(ttlMs), member, ...limits);
    return Number(answer) === 1;
  }

  async refresh(member: string, keys: string[], ttlMs: number) {
    await this.redis.eval(REFRESH_SCRIPT, keys.length, ...keys, String(ttlMs), member);
  }

  async release(member: string, keys: string[]) {
    const pipeline = this.redis.pipeline();
    for (const key of keys) pipeline.zrem(key, member);
    await pipeline.exec();
  }
}

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

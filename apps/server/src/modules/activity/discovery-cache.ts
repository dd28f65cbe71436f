import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';

/**
 * A short-lived cache of anonymous discovery reads (list, explore, categories, cities): what everyone sees is
 * the same, so the busiest screens need not ask the database on every request. Entries live a few seconds by
 * the app's clock and are dropped at once on any activity write. With Redis, each process keeps its own entries
 * and a write publishes an invalidation that every process applies, so no node serves a list older than the
 * write that changed it for longer than a pub/sub hop.
 */
export interface DiscoveryCache {
  /** The cached answer for `key`, or `load()` (one load at a time per key; concurrent readers share it). */
  read<T>(key: string, load: () => Promise<T>): Promise<T>;
  /** Forget every entry here and, with Redis, in every other process. */
  invalidate(): void;
  close(): Promise<void>;
}

/** Entries are keyed by anonymous input (search text, city), so their number is capped. */
const MAX_ENTRIES = 500;
/** The channel carries the deployment's scope (its database), so deployments sharing one Redis never mix. */
const channelOf = (scope: string) => `polaris:${scope}:discovery:invalidate`;

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

class MemoryDiscoveryCache implements DiscoveryCache {
  private readonly entries = new Map<string, { expiresAt: number; value: Promise<unknown> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => Date,
  ) {}

  read<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return load();
    const at = this.now().getTime();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > at) return hit.value as Promise<T>;
    if (hit) this.entries.delete(key);
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    // Frozen: readers share the answer, and the router whitelists a frozen answer only once.
    const value = load().then(deepFreeze);
    const entry = { expiresAt: at + this.ttlMs, value };
    this.entries.set(key, entry);
    // A failed load is not remembered; an invalidation during the load has already removed the entry.
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return value;
  }

  invalidate(): void {
    this.entries.clear();
  }

  async close(): Promise<void> {
    this.entries.clear();
  }
}

class RedisInvalidatedCache implements DiscoveryCache {
  private readonly node = randomUUID();

  constructor(
    private readonly local: MemoryDiscoveryCache,
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    private readonly channel: string,
    private readonly log: FastifyBaseLogger,
  ) {
    subscriber.on('message', (channel, from) => {
      if (channel === this.channel && from !== this.node) local.invalidate();
    });
    subscriber.subscribe(channel).catch((error) => log.warn({ err: error }, 'discovery cache: subscribe failed'));
  }

  read<T>(key: string, load: () => Promise<T>): Promise<T> {
    return this.local.read(key, load);
  }

  invalidate(): void {
    this.local.invalidate();
    this.publisher
      .publish(this.channel, this.node)
      .catch((error) => this.log.warn({ err: error }, 'discovery cache: invalidation not published'));
  }

  async close(): Promise<void> {
    await this.local.close();
    await this.subscriber.quit();
  }
}

export function createDiscoveryCache(options: {
  ttlMs: number;
  now: () => Date;
  redis?: Redis;
  /** The deployment's scope on Redis (its database's name, as for chat and sessions). */
  scope: string;
  log: FastifyBaseLogger;
}): DiscoveryCache {
  const local = new MemoryDiscoveryCache(options.ttlMs, options.now);
  if (!options.redis || options.ttlMs <= 0) return local;
  const { redis, scope, log } = options;
  return new RedisInvalidatedCache(local, redis, redis.duplicate(), channelOf(scope), log);
}

/**
 * Every write under `prefix` (create, edit, publish, cancel, sign-up, approval, marketing…) drops the cache
 * before its answer leaves, so the writer's next read already shows the change. Attached per route when routes
 * are registered, so reads pay nothing.
 */
export function invalidateOnWrites(app: FastifyInstance, prefix: string, cache: DiscoveryCache): void {
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!route.url.startsWith(prefix) || methods.every((method) => method === 'GET' || method === 'HEAD')) return;
    const existing = route.onSend ? (Array.isArray(route.onSend) ? route.onSend : [route.onSend]) : [];
    route.onSend = [
      ...existing,
      async (_request, _reply, payload) => {
        cache.invalidate();
        return payload;
      },
    ];
  });
}

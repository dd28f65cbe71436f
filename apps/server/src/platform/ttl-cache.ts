/**
 * Answers of an outside API kept for a while per key (market quotes, DAO games). Concurrent requests for one key
 * share one call; a failure is not kept, so the next request tries again.
 */
export class TtlCache {
  private readonly entries = new Map<string, { expiresAt: number; value: Promise<unknown> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => Date,
  ) {}

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const at = this.now().getTime();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > at) return hit.value as Promise<T>;
    const value = load();
    this.entries.set(key, { expiresAt: at + this.ttlMs, value });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }
}

import { sql } from 'drizzle-orm';
import { type Database, query, type Tx } from '../db/client.ts';

export interface AttemptRule {
  /** Tries allowed per window. */
  max: number;
  windowMs: number;
}

/**
 * Claims attempt slots atomically: one upsert that only succeeds while the window has room, so a thousand
 * simultaneous tries get exactly `max` slots on PGlite and on PostgreSQL alike. Claim first, then do the
 * work; give the slot back (`release`) when the try turns out not to count (a right password).
 */
export class AttemptLimiter {
  constructor(private readonly deps: { db: Database; now: () => Date }) {}

  /** Returns the slot number claimed (1-based), or null when the window is full. */
  async claim(key: string, rule: AttemptRule, db: Database | Tx = this.deps.db): Promise<number | null> {
    const now = this.deps.now();
    const windowStart = new Date(now.getTime() - rule.windowMs);
    const { rows } = await query<{ used: number }>(
      db,
      sql`insert into attempt_limits as a (key, window_started_at, used)
          values (${key}, ${now.toISOString()}::timestamptz, 1)
          on conflict (key) do update set
            used = case when a.window_started_at <= ${windowStart.toISOString()}::timestamptz then 1 else a.used + 1 end,
            window_started_at = case when a.window_started_at <= ${windowStart.toISOString()}::timestamptz
              then ${now.toISOString()}::timestamptz else a.window_started_at end
          where a.window_started_at <= ${windowStart.toISOString()}::timestamptz or a.used < ${rule.max}
          returning a.used`,
    );
    return rows[0] ? Number(rows[0].used) : null;
  }

  /**
   * `claim` for several distinct keys under one rule in one statement (a crowd's tries, batched): the slot number
   * claimed per key, or null where its window is full. Rows are taken in key order, so two batches never wait
   * on each other's rows in opposite orders.
   */
  async claimEach(keys: readonly string[], rule: AttemptRule): Promise<Map<string, number | null>> {
    const claimed = new Map<string, number | null>(keys.map((key) => [key, null]));
    if (claimed.size !== keys.length) throw new Error('claimEach takes distinct keys');
    if (keys.length === 0) return claimed;
    const now = this.deps.now();
    const at = now.toISOString();
    const windowStart = new Date(now.getTime() - rule.windowMs).toISOString();
    const rows = [...keys].sort().map((key) => sql`(${key}, ${at}::timestamptz, 1)`);
    const { rows: granted } = await query<{ key: string; used: number }>(
      this.deps.db,
      sql`insert into attempt_limits as a (key, window_started_at, used)
          values ${sql.join(rows, sql`, `)}
          on conflict (key) do update set
            used = case when a.window_started_at <= ${windowStart}::timestamptz then 1 else a.used + 1 end,
            window_started_at = case when a.window_started_at <= ${windowStart}::timestamptz
              then ${at}::timestamptz else a.window_started_at end
          where a.window_started_at <= ${windowStart}::timestamptz or a.used < ${rule.max}
          returning a.key, a.used`,
    );
    for (const row of granted) claimed.set(row.key, Number(row.used));
    return claimed;
  }

  /** `isFull` for several keys in one statement. */
  async fullOf(keys: readonly string[], rule: AttemptRule): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const windowStart = new Date(this.deps.now().getTime() - rule.windowMs).toISOString();
    const { rows } = await query<{ key: string }>(
      this.deps.db,
      sql`select key from attempt_limits
          where key in (${sql.join(
            keys.map((key) => sql`${key}`),
            sql`, `,
          )}) and window_started_at > ${windowStart}::timestamptz and used >= ${rule.max}`,
    );
    return new Set(rows.map((row) => row.key));
  }

  /**
   * Claims `slots` at once or none (e.g. one per mail of a batch), with the same single upsert as `claim`.
   * Returns whether they were granted.
   */
  async claimMany(key: string, rule: AttemptRule, slots: number): Promise<boolean> {
    if (slots <= 0) return true;
    if (slots > rule.max) return false;
    const now = this.deps.now().toISOString();
    const windowStart = new Date(this.deps.now().getTime() - rule.windowMs).toISOString();
    const { rows } = await query<{ used: number }>(
      this.deps.db,
      sql`insert into attempt_limits as a (key, window_started_at, used)
          values (${key}, ${now}::timestamptz, ${slots})
          on conflict (key) do update set
            used = case when a.window_started_at <= ${windowStart}::timestamptz then ${slots} else a.used + ${slots} end,
            window_started_at = case when a.window_started_at <= ${windowStart}::timestamptz
              then ${now}::timestamptz else a.window_started_at end
          where a.window_started_at <= ${windowStart}::timestamptz or a.used + ${slots} <= ${rule.max}
          returning a.used`,
    );
    return rows.length > 0;
  }

  /** Whether the window is full, without claiming (for showing a lock before asking for anything). */
  async isFull(key: string, rule: AttemptRule, db: Database | Tx = this.deps.db): Promise<boolean> {
    const windowStart = new Date(this.deps.now().getTime() - rule.windowMs);
    const { rows } = await query<{ used: number }>(
      db,
      sql`select used from attempt_limits
          where key = ${key} and window_started_at > ${windowStart.toISOString()}::timestamptz`,
    );
    return rows[0] ? Number(rows[0].used) >= rule.max : false;
  }

  async release(key: string, db: Database | Tx = this.deps.db): Promise<void> {
    await db.execute(sql`update attempt_limits set used = greatest(used - 1, 0) where key = ${key}`);
  }

  async reset(key: string, db: Database | Tx = this.deps.db): Promise<void> {
    await db.execute(sql`delete from attempt_limits where key = ${key}`);
  }
}

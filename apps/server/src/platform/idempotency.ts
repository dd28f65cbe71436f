import { Status } from '@polaris/contract';
import { sql } from 'drizzle-orm';
import { type Database, query, type Tx } from '../db/client.ts';
import { FieldsError } from './errors.ts';
import { sha256Hex } from './secrets.ts';

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => a.localeCompare(b));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

const conflict = () =>
  new FieldsError([{ field: 'idempotencyKey', messageKey: 'wallet.idempotencyConflict' }], Status.conflict);

/**
 * Runs `work` once per key. The key row is written in the same transaction as the money it guards: a repeat
 * waits for the first to commit and then returns its stored answer; a repeat with another body, another
 * operation or from another user is refused and moves nothing. A failed first attempt leaves no key behind.
 */
export async function once<T>(
  db: Database,
  options: { key: string; userId: number; operation: string; request: unknown },
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  const requestHash = sha256Hex(stableJson(options.request));
  return db.transaction(async (tx) => {
    const claimed = await query<{ key: string }>(
      tx,
      sql`
      insert into idempotency_keys (key, user_id, operation, request_hash, response)
      values (${options.key}, ${options.userId}, ${options.operation}, ${requestHash}, 'null'::jsonb)
      on conflict (key) do nothing returning key`,
    );
    if (claimed.rows.length === 0) {
      const existing = await query<{ user_id: string; operation: string; request_hash: string; response: T }>(
        tx,
        sql`select user_id, operation, request_hash, response from idempotency_keys where key = ${options.key}`,
      );
      const row = existing.rows[0];
      if (
        !row ||
        Number(row.user_id) !== options.userId ||
        row.operation !== options.operation ||
        row.request_hash !== requestHash
      ) {
        throw conflict();
      }
      return row.response;
    }
    const result = await work(tx);
    await tx.execute(
      sql`update idempotency_keys set response = ${JSON.stringify(result)}::jsonb where key = ${options.key}`,
    );
    return result;
  });
}

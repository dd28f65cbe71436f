import { sql } from 'drizzle-orm';
import { type Database, query } from '../../db/client.ts';

export interface Violation {
  rule: string;
  detail: Record<string, unknown>;
}

/**
 * Every rule the ledger promises, checked over the whole database:
 * - each entry's postings sum to zero per asset;
 * - each balance equals the sum of its postings;
 * - no balance is negative, except the chain-clearing account's available one;
 * - per asset, all balances sum to zero, so what users and system accounts hold equals net deposits;
 * - per asset, the `creator_earnings` account's frozen balance equals the creator earnings not yet released
 *   (the sub-ledger that says whose money it is and when it becomes theirs), and its available balance is zero.
 */
export async function checkLedger(db: Database): Promise<Violation[]> {
  const violations: Violation[] = [];
  const unbalanced = await query<{ entry_id: string; asset_code: string; total: string }>(
    db,
    sql`
    select entry_id, asset_code, sum(amount)::text as total from postings
    group by entry_id, asset_code having sum(amount) <> 0`,
  );
  for (const row of unbalanced.rows) violations.push({ rule: 'entry does not sum to zero', detail: { ...row } });

  const drift = await query<{ id: string; bucket: string; balance: string; posted: string }>(
    db,
    sql`
    with posted as (
      select account_id, bucket, sum(amount) as total from postings group by account_id, bucket
    )
    select a.id::text, b.bucket, (case when b.bucket = 'available' then a.available else a.frozen end)::text as balance,
           coalesce(p.total, 0)::text as posted
    from accounts a
    cross join (values ('available'), ('frozen')) as b(bucket)
    left join posted p on p.account_id = a.id and p.bucket = b.bucket
    where (case when b.bucket = 'available' then a.available else a.frozen end) <> coalesce(p.total, 0)`,
  );
  for (const row of drift.rows) violations.push({ rule: 'balance differs from its postings', detail: { ...row } });

  const negative = await query<{ id: string; available: string; frozen: string }>(
    db,
    sql`
    select id::text, available::text, frozen::text from accounts
    where frozen < 0 or (available < 0 and coalesce(system_code, '') <> 'chain_clearing')`,
  );
  for (const row of negative.rows) violations.push({ rule: 'negative balance', detail: { ...row } });

  const totals = await query<{ asset_code: string; total: string }>(
    db,
    sql`
    select asset_code, sum(available + frozen)::text as total from accounts group by asset_code
    having sum(available + frozen) <> 0`,
  );
  for (const row of totals.rows) violations.push({ rule: 'asset does not sum to zero', detail: { ...row } });

  const earnings = await query<{ asset_code: string; frozen: string; available: string; unreleased: string }>(
    db,
    sql`
    with held as (
      select asset_code, sum(amount) as total from creator_earnings where released_at is null group by asset_code
    ), account as (
      select asset_code, frozen, available from accounts where system_code = 'creator_earnings'
    )
    select coalesce(a.asset_code, h.asset_code) as asset_code, coalesce(a.frozen, 0)::text as frozen,
           coalesce(a.available, 0)::text as available, coalesce(h.total, 0)::text as unreleased
    from account a full join held h on h.asset_code = a.asset_code
    where coalesce(a.frozen, 0) <> coalesce(h.total, 0) or coalesce(a.available, 0) <> 0`,
  );
  for (const row of earnings.rows) {
    violations.push({ rule: 'creator earnings differ from their account', detail: { ...row } });
  }
  return violations;
}

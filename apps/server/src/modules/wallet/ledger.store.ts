import { sql } from 'drizzle-orm';
import { type Database, query, type Tx } from '../../db/client.ts';
import { journalEntries, postings } from '../../db/schema/index.ts';

/**
 * The ledger's SQL: accounts, journal entries and postings, and the check of every rule the ledger promises.
 * Only `ledger.ts` writes through it.
 */

/** An account as an entry sees it: by a user or by a system purpose. */
export type AccountOwner = { userId: number } | { system: string };

export interface LockedAccount {
  id: number;
  available: bigint;
  frozen: bigint;
  system: string | null;
}

/** The account of an owner in an asset, created when it does not exist yet. */
export async function ensureAccount(tx: Tx, owner: AccountOwner, asset: string): Promise<number> {
  const select =
    'userId' in owner
      ? sql`select id from accounts where user_id = ${owner.userId} and asset_code = ${asset}`
      : sql`select id from accounts where system_code = ${owner.system} and asset_code = ${asset}`;
  const found = await query<{ id: string }>(tx, select);
  if (found.rows[0]) return Number(found.rows[0].id);
  const inserted =
    'userId' in owner
      ? await query<{ id: string }>(
          tx,
          sql`insert into accounts (user_id, asset_code) values (${owner.userId}, ${asset}) on conflict (user_id, asset_code) where user_id is not null do nothing returning id`,
        )
      : await query<{ id: string }>(
          tx,
          sql`insert into accounts (system_code, asset_code) values (${owner.system}, ${asset}) on conflict (system_code, asset_code) where system_code is not null do nothing returning id`,
        );
  if (inserted.rows[0]) return Number(inserted.rows[0].id);
  // Another transaction created it between our select and insert.
  const again = await query<{ id: string }>(tx, select);
  return Number(again.rows[0]!.id);
}

/** Locks the accounts in id order (the caller passes them sorted) and reads their balances. */
export async function lockAccounts(tx: Tx, sortedIds: number[]): Promise<Map<number, LockedAccount>> {
  const locked = await query<{ id: string; available: string; frozen: string; system_code: string | null }>(
    tx,
    sql`select id, available, frozen, system_code from accounts where id in ${sql.raw(`(${sortedIds.join(',')})`)} order by id for update`,
  );
  const balances = new Map<number, LockedAccount>();
  for (const row of locked.rows) {
    balances.set(Number(row.id), {
      id: Number(row.id),
      available: BigInt(row.available),
      frozen: BigInt(row.frozen),
      system: row.system_code,
    });
  }
  return balances;
}

export async function writeBalance(tx: Tx, account: LockedAccount): Promise<void> {
  await tx.execute(
    sql`update accounts set available = ${account.available.toString()}, frozen = ${account.frozen.toString()}, updated_at = now() where id = ${account.id}`,
  );
}

/** The journal entry and its postings; answers the entry's id. */
export async function insertEntry(
  tx: Tx,
  entry: { kind: string; actorId?: number; reference?: string; memo?: Record<string, unknown> },
  lines: { accountId: number; assetCode: string; bucket: 'available' | 'frozen'; amount: bigint }[],
): Promise<number> {
  const [row] = await tx
    .insert(journalEntries)
    .values({
      kind: entry.kind,
      actorId: entry.actorId,
      reference: entry.reference,
      memo: entry.memo,
    })
    .returning({ id: journalEntries.id });
  await tx.insert(postings).values(
    lines.map((line) => ({
      entryId: row!.id,
      accountId: line.accountId,
      assetCode: line.assetCode,
      bucket: line.bucket,
      amount: line.amount.toString(),
    })),
  );
  return row!.id;
}

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

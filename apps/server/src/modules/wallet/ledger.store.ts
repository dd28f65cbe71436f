import { sql } from 'drizzle-orm';
import { pgArray } from '../../db/arrays.ts';
import { type Database, query, type Tx } from '../../db/client.ts';
import { journalEntries, postings } from '../../db/schema/index.ts';
import type { EntryPurpose } from './ports.ts';

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

/**
 * Holds the rows of the users whose accounts an entry touches, in id order, `FOR KEY SHARE` until the transaction
 * ends, and answers which of them are deleted. Account deletion takes the same row `FOR UPDATE`, so an entry and a
 * deletion of one of its users run one after the other: the entry either commits first (and the deletion sees the
 * money) or waits and then sees the deletion. Key-share locks do not wait for each other nor for ordinary updates of
 * the row, so entries never queue on a user row among themselves. Taken before any account lock, in every entry.
 */
export async function holdUsers(tx: Tx, sortedIds: number[]): Promise<Set<number>> {
  if (sortedIds.length === 0) return new Set();
  const { rows } = await query<{ id: string; deleted: boolean }>(
    tx,
    sql`select id, deleted_at is not null as deleted from public_users
        where id = any(${pgArray(sortedIds)}::bigint[]) order by id for key share`,
  );
  return new Set(rows.filter((row) => row.deleted).map((row) => Number(row.id)));
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

/**
 * The accounts of many owners in one asset each, created where missing, in three statements whatever their
 * number: the ones that exist, the missing ones inserted in key order (so two batches cannot cross), and those
 * another transaction created meanwhile. Answers ids by `ownerKey`.
 */
export async function ensureAccounts(
  tx: Tx,
  wanted: { key: string; owner: AccountOwner; asset: string }[],
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const find = async (list: typeof wanted) => {
    const users = list.filter((w) => 'userId' in w.owner);
    const systems = list.filter((w) => 'system' in w.owner);
    const found = await query<{ id: string; user_id: string | null; system_code: string | null; asset_code: string }>(
      tx,
      sql`select a.id, a.user_id, a.system_code, a.asset_code from accounts a
          join unnest(${pgArray(users.map((w) => String((w.owner as { userId: number }).userId)))}::bigint[],
                      ${pgArray(users.map((w) => w.asset))}::text[]) as w(u, s) on a.user_id = w.u and a.asset_code = w.s
          union all
          select a.id, a.user_id, a.system_code, a.asset_code from accounts a
          join unnest(${pgArray(systems.map((w) => (w.owner as { system: string }).system))}::text[],
                      ${pgArray(systems.map((w) => w.asset))}::text[]) as w(c, s) on a.system_code = w.c and a.asset_code = w.s`,
    );
    for (const row of found.rows) {
      const key =
        row.user_id !== null ? `u:${row.user_id}:${row.asset_code}` : `s:${row.system_code}:${row.asset_code}`;
      ids.set(key, Number(row.id));
    }
  };
  const keyOf = (w: (typeof wanted)[number]) =>
    'userId' in w.owner ? `u:${w.owner.userId}:${w.asset}` : `s:${w.owner.system}:${w.asset}`;
  await find(wanted);
  const missing = wanted.filter((w) => !ids.has(keyOf(w))).sort((a, b) => keyOf(a).localeCompare(keyOf(b)));
  if (missing.length > 0) {
    const users = missing.filter((w) => 'userId' in w.owner);
    const systems = missing.filter((w) => 'system' in w.owner);
    if (users.length > 0) {
      await tx.execute(
        sql`insert into accounts (user_id, asset_code)
            select u, s from unnest(${pgArray(users.map((w) => String((w.owner as { userId: number }).userId)))}::bigint[],
                                    ${pgArray(users.map((w) => w.asset))}::text[]) with ordinality as w(u, s, n) order by n
            on conflict (user_id, asset_code) where user_id is not null do nothing`,
      );
    }
    for (const w of systems) await ensureAccount(tx, w.owner, w.asset);
    await find(missing);
  }
  const answer = new Map<string, number>();
  for (const w of wanted) answer.set(w.key, ids.get(keyOf(w))!);
  return answer;
}

/** New balances of many accounts in one statement. */
export async function writeBalances(tx: Tx, accounts: LockedAccount[]): Promise<void> {
  if (accounts.length === 0) return;
  await tx.execute(
    sql`update accounts a set available = v.available, frozen = v.frozen, updated_at = now()
        from unnest(${pgArray(accounts.map((a) => String(a.id)))}::bigint[], ${pgArray(accounts.map((a) => a.available.toString()))}::numeric[],
                    ${pgArray(accounts.map((a) => a.frozen.toString()))}::numeric[]) as v(id, available, frozen)
        where a.id = v.id`,
  );
}

/** A journal entry as the ledger writes it: what it was for comes from the module its reference names. */
interface EntryRow {
  kind: string;
  actorId?: number;
  reference?: string;
  memo?: Record<string, unknown>;
  purpose: EntryPurpose | null;
}

const entryValues = (entry: EntryRow) => ({
  kind: entry.kind,
  actorId: entry.actorId,
  reference: entry.reference,
  memo: entry.memo,
  purposeType: entry.purpose?.type ?? null,
  purposeId: entry.purpose?.id ?? null,
  purposeTitle: entry.purpose?.title ?? null,
});

/** Many journal entries with their postings in two statements; answers the entries' ids in the order given. */
export async function insertEntries(
  tx: Tx,
  entries: {
    entry: EntryRow;
    lines: { accountId: number; assetCode: string; bucket: 'available' | 'frozen'; amount: bigint }[];
  }[],
): Promise<number[]> {
  const rows = await tx
    .insert(journalEntries)
    .values(entries.map(({ entry }) => entryValues(entry)))
    .returning({ id: journalEntries.id });
  // Ids are drawn from the sequence as the rows go in, in the order given.
  const ids = rows.map((row) => row.id).sort((a, b) => a - b);
  await tx.insert(postings).values(
    entries.flatMap(({ lines }, index) =>
      lines.map((line) => ({
        entryId: ids[index]!,
        accountId: line.accountId,
        assetCode: line.assetCode,
        bucket: line.bucket,
        amount: line.amount.toString(),
      })),
    ),
  );
  return ids;
}

export async function writeBalance(tx: Tx, account: LockedAccount): Promise<void> {
  await tx.execute(
    sql`update accounts set available = ${account.available.toString()}, frozen = ${account.frozen.toString()}, updated_at = now() where id = ${account.id}`,
  );
}

/** The journal entry and its postings; answers the entry's id. */
export async function insertEntry(
  tx: Tx,
  entry: EntryRow,
  lines: { accountId: number; assetCode: string; bucket: 'available' | 'frozen'; amount: bigint }[],
): Promise<number> {
  const [row] = await tx.insert(journalEntries).values(entryValues(entry)).returning({ id: journalEntries.id });
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
 * - no deleted account holds anything (docs/wallet.md "Deleted accounts receive nothing");
 * - per asset, all balances sum to zero, so what users and system accounts hold equals net deposits;
 * - per asset, the `creator_earnings` account's frozen balance equals the creator earnings not yet released
 *   (the sub-ledger that says whose money it is and when it becomes theirs), and its available balance equals the
 *   released earnings minus the organizers' withdrawals (`creator_withdrawal` entries): what they may still take.
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
    where frozen < 0 or (available < 0 and coalesce(system_code, '') not in ('chain_clearing', 'platform_gas'))`,
  );
  for (const row of negative.rows) violations.push({ rule: 'negative balance', detail: { ...row } });

  // Deletion is refused while anything is held and the ledger refuses to credit a deleted account afterwards.
  const deleted = await query<{ id: string; user_id: string; available: string; frozen: string }>(
    db,
    sql`
    select a.id::text, a.user_id::text, a.available::text, a.frozen::text from accounts a
    join public_users u on u.id = a.user_id
    where u.deleted_at is not null and (a.available <> 0 or a.frozen <> 0)`,
  );
  for (const row of deleted.rows) violations.push({ rule: 'deleted account holds money', detail: { ...row } });

  const totals = await query<{ asset_code: string; total: string }>(
    db,
    sql`
    select asset_code, sum(available + frozen)::text as total from accounts group by asset_code
    having sum(available + frozen) <> 0`,
  );
  for (const row of totals.rows) violations.push({ rule: 'asset does not sum to zero', detail: { ...row } });

  const earnings = await query<{
    asset_code: string;
    frozen: string;
    available: string;
    unreleased: string;
    withdrawable: string;
  }>(
    db,
    sql`
    with held as (
      select asset_code, unreleased, released from creator_earnings_by_asset
    ), withdrawn as (
      select p.asset_code, sum(p.amount) as total
      from journal_entries j join postings p on p.entry_id = j.id and p.amount > 0
      where j.kind = 'creator_withdrawal' group by p.asset_code
    ), account as (
      select asset_code, frozen, available from accounts where system_code = 'creator_earnings'
    ), expected as (
      select h.asset_code, h.unreleased, h.released - coalesce(w.total, 0) as withdrawable
      from held h left join withdrawn w on w.asset_code = h.asset_code
    )
    select coalesce(a.asset_code, e.asset_code) as asset_code, coalesce(a.frozen, 0)::text as frozen,
           coalesce(a.available, 0)::text as available, coalesce(e.unreleased, 0)::text as unreleased,
           coalesce(e.withdrawable, 0)::text as withdrawable
    from account a full join expected e on e.asset_code = a.asset_code
    where coalesce(a.frozen, 0) <> coalesce(e.unreleased, 0) or coalesce(a.available, 0) <> coalesce(e.withdrawable, 0)`,
  );
  for (const row of earnings.rows) {
    violations.push({ rule: 'creator earnings differ from their account', detail: { ...row } });
  }
  return violations;
}

/** A system account's available balance in an asset (0 before it has one). */
export async function systemAvailable(db: Database | Tx, system: string, asset: string): Promise<bigint> {
  const { rows } = await query<{ available: string }>(
    db,
    sql`select available::text as available from accounts where system_code = ${system} and asset_code = ${asset}`,
  );
  return BigInt(rows[0]?.available ?? '0');
}

/** What entries of one kind and reference credited, per asset (their positive postings summed). */
export async function creditsByReference(
  db: Database | Tx,
  entries: { reference: string; kind: string },
): Promise<Map<string, bigint>> {
  const { rows } = await query<{ asset_code: string; total: string }>(
    db,
    sql`select p.asset_code, sum(p.amount)::text as total
        from journal_entries j join postings p on p.entry_id = j.id and p.amount > 0
        where j.reference = ${entries.reference} and j.kind = ${entries.kind}
        group by p.asset_code`,
  );
  return new Map(rows.map((row) => [row.asset_code, BigInt(row.total)]));
}

/** One page of the entries of one kind and reference, newest first: each positive posting with the entry's time. */
export async function creditedEntries(
  db: Database | Tx,
  entries: { reference: string; kind: string },
  page: { beforeId?: number; limit: number },
): Promise<{ entryId: number; assetCode: string; amount: bigint; at: Date }[]> {
  const { rows } = await query<{ id: string; asset_code: string; amount: string; created_at: string | Date }>(
    db,
    sql`select j.id, p.asset_code, p.amount::text, j.created_at
        from journal_entries j join postings p on p.entry_id = j.id and p.amount > 0
        where j.reference = ${entries.reference} and j.kind = ${entries.kind}
          ${page.beforeId === undefined ? sql`` : sql`and j.id < ${page.beforeId}`}
        order by j.id desc limit ${page.limit}`,
  );
  return rows.map((row) => ({
    entryId: Number(row.id),
    assetCode: row.asset_code,
    amount: BigInt(row.amount),
    at: new Date(row.created_at),
  }));
}

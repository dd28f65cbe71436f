import { Status } from '@polaris/contract';
import { sql } from 'drizzle-orm';
import { query, type Tx } from '../../db/client.ts';
import { journalEntries, postings } from '../../db/schema/index.ts';
import { FieldsError } from '../../platform/errors.ts';

/** System accounts hold what is in flight or outside: escrows, fees, pools, revenue, the chains themselves. */
export const SYSTEM_ACCOUNTS = [
  'chain_clearing',
  'fees',
  'ticket_escrow',
  'redpacket_escrow',
  'bounty_escrow',
  'airdrop_pool',
  'vip_revenue',
  'creator_earnings',
] as const;
export type SystemAccount = (typeof SYSTEM_ACCOUNTS)[number];

export type AccountRef = { userId: number } | { system: SystemAccount };
export type Bucket = 'available' | 'frozen';

export interface Movement {
  account: AccountRef;
  bucket: Bucket;
  /** Signed base units: positive credits, negative debits. */
  amount: bigint;
}

export interface EntryInput {
  kind: string;
  asset: string;
  movements: Movement[];
  actorId?: number;
  /** What this entry belongs to (a withdrawal, a ticket, ...), to find its entries again. */
  reference?: string;
  memo?: Record<string, unknown>;
}

export class InsufficientBalance extends FieldsError {
  constructor() {
    super([{ field: 'amount', messageKey: 'wallet.insufficient' }], Status.invalid);
  }
}

const refKey = (ref: AccountRef) => ('userId' in ref ? `u:${ref.userId}` : `s:${ref.system}`);

interface LockedAccount {
  id: number;
  available: bigint;
  frozen: bigint;
  system: string | null;
}

/**
 * The one way money moves. Every call runs inside the caller's transaction: it locks the accounts it touches
 * in id order (so concurrent entries cannot deadlock), refuses a result below zero, updates the balances and
 * writes the journal entry with its postings, which sum to zero.
 */
export const ledger = {
  async post(tx: Tx, input: EntryInput): Promise<{ entryId: number }> {
    if (input.movements.length < 2) throw new Error('an entry needs at least two postings');
    let sum = 0n;
    for (const movement of input.movements) {
      if (movement.amount === 0n) throw new Error('a posting cannot be zero');
      sum += movement.amount;
    }
    if (sum !== 0n) throw new Error(`postings of ${input.kind} sum to ${sum}, not zero`);

    const refs = new Map<string, AccountRef>();
    for (const movement of input.movements) refs.set(refKey(movement.account), movement.account);
    const ids = new Map<string, number>();
    // Create missing accounts in a fixed order too: two entries creating the same two accounts must not cross.
    for (const key of [...refs.keys()].sort()) ids.set(key, await ensureAccount(tx, refs.get(key)!, input.asset));

    const idList = [...new Set(ids.values())].sort((a, b) => a - b);
    const locked = await query<{ id: string; available: string; frozen: string; system_code: string | null }>(
      tx,
      sql`select id, available, frozen, system_code from accounts where id in ${sql.raw(`(${idList.join(',')})`)} order by id for update`,
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
    for (const movement of input.movements) {
      const account = balances.get(ids.get(refKey(movement.account))!)!;
      account[movement.bucket] += movement.amount;
    }
    for (const account of balances.values()) {
      const mayGoNegative = account.system === 'chain_clearing';
      if (account.frozen < 0n || (account.available < 0n && !mayGoNegative)) throw new InsufficientBalance();
    }
    for (const account of balances.values()) {
      await tx.execute(
        sql`update accounts set available = ${account.available.toString()}, frozen = ${account.frozen.toString()}, updated_at = now() where id = ${account.id}`,
      );
    }
    const [entry] = await tx
      .insert(journalEntries)
      .values({
        kind: input.kind,
        actorId: input.actorId,
        reference: input.reference,
        memo: input.memo,
      })
      .returning({ id: journalEntries.id });
    await tx.insert(postings).values(
      input.movements.map((movement) => ({
        entryId: entry!.id,
        accountId: ids.get(refKey(movement.account))!,
        assetCode: input.asset,
        bucket: movement.bucket,
        amount: movement.amount.toString(),
      })),
    );
    return { entryId: entry!.id };
  },

  /** Available to available. */
  transfer(tx: Tx, o: Omit<EntryInput, 'movements'> & { from: AccountRef; to: AccountRef; amount: bigint }) {
    return ledger.post(tx, {
      ...o,
      movements: [
        { account: o.from, bucket: 'available', amount: -o.amount },
        { account: o.to, bucket: 'available', amount: o.amount },
      ],
    });
  },

  /** Hold part of an account's balance for something pending. */
  freeze(tx: Tx, o: Omit<EntryInput, 'movements'> & { account: AccountRef; amount: bigint }) {
    return ledger.post(tx, {
      ...o,
      movements: [
        { account: o.account, bucket: 'available', amount: -o.amount },
        { account: o.account, bucket: 'frozen', amount: o.amount },
      ],
    });
  },

  /** Give a hold back. */
  unfreeze(tx: Tx, o: Omit<EntryInput, 'movements'> & { account: AccountRef; amount: bigint }) {
    return ledger.post(tx, {
      ...o,
      movements: [
        { account: o.account, bucket: 'frozen', amount: -o.amount },
        { account: o.account, bucket: 'available', amount: o.amount },
      ],
    });
  },

  /** Complete a hold: the frozen amount leaves to the destination's available balance. */
  settleFrozen(tx: Tx, o: Omit<EntryInput, 'movements'> & { from: AccountRef; to: AccountRef; amount: bigint }) {
    return ledger.post(tx, {
      ...o,
      movements: [
        { account: o.from, bucket: 'frozen', amount: -o.amount },
        { account: o.to, bucket: 'available', amount: o.amount },
      ],
    });
  },
};

async function ensureAccount(tx: Tx, ref: AccountRef, asset: string): Promise<number> {
  const select =
    'userId' in ref
      ? sql`select id from accounts where user_id = ${ref.userId} and asset_code = ${asset}`
      : sql`select id from accounts where system_code = ${ref.system} and asset_code = ${asset}`;
  const found = await query<{ id: string }>(tx, select);
  if (found.rows[0]) return Number(found.rows[0].id);
  const inserted =
    'userId' in ref
      ? await query<{ id: string }>(
          tx,
          sql`insert into accounts (user_id, asset_code) values (${ref.userId}, ${asset}) on conflict (user_id, asset_code) where user_id is not null do nothing returning id`,
        )
      : await query<{ id: string }>(
          tx,
          sql`insert into accounts (system_code, asset_code) values (${ref.system}, ${asset}) on conflict (system_code, asset_code) where system_code is not null do nothing returning id`,
        );
  if (inserted.rows[0]) return Number(inserted.rows[0].id);
  // Another transaction created it between our select and insert.
  const again = await query<{ id: string }>(tx, select);
  return Number(again.rows[0]!.id);
}

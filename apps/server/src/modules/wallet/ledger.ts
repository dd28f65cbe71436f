import { Status } from '@polaris/contract';
import type { Database, Tx } from '../../db/client.ts';
import { currentContext } from '../../platform/context.ts';
import { AppError, FieldsError } from '../../platform/errors.ts';
import {
  creditedEntries,
  creditsByReference,
  ensureAccount,
  ensureAccounts,
  holdUsers,
  insertEntries,
  insertEntry,
  lockAccounts,
  systemAvailable,
  writeBalance,
  writeBalances,
} from './ledger.store.ts';
import type { EntryPurpose, PurposeSource } from './ports.ts';

/** System accounts hold what is in flight or outside: escrows, fees, pools, revenue, the chains themselves. */
const SYSTEM_ACCOUNTS = [
  'chain_clearing',
  'fees',
  'ticket_escrow',
  'redpacket_escrow',
  'bounty_escrow',
  'airdrop_pool',
  'vip_revenue',
  'creator_earnings',
  'referral_pool',
  // The platform's own coin for gas on the chains: funded by an operator, spent by every transaction it sends
  // (withdrawals, sweeps, mints). It may go below zero: gas already paid out of custody the operator owes back.
  'platform_gas',
  // Tokens the operator put into the hot wallet so withdrawals can be paid before sweeps arrive (chain:fund).
  'platform_float',
] as const;
type SystemAccount = (typeof SYSTEM_ACCOUNTS)[number];

export type AccountRef = { userId: number } | { system: SystemAccount };
type Bucket = 'available' | 'frozen';

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
  /**
   * What it was for, when the posting module hands it over itself because the module its reference names cannot
   * answer yet (a bounty's funding is written before the bounty's row). Otherwise that module is asked.
   */
  purpose?: EntryPurpose;
}

export class InsufficientBalance extends FieldsError {
  constructor() {
    super([{ field: 'amount', messageKey: 'wallet.insufficient' }], Status.invalid);
  }
}

/**
 * Money may not reach a deleted account (it could never leave it again): an entry crediting one is refused before
 * anything is written, so the caller's transaction may go on (or roll back) as it chooses. `userIds` are the
 * deleted users the entry would have credited.
 */
export class AccountDeleted extends AppError {
  constructor(readonly userIds: number[]) {
    super(Status.conflict, 'wallet.accountDeleted');
    this.name = 'AccountDeleted';
  }
}

/**
 * Holds the rows of every user the movements touch (see `holdUsers`: account deletion serialises on them) and
 * refuses when one that would be credited is deleted.
 */
async function refuseDeletedCredits(tx: Tx, movements: Movement[]): Promise<void> {
  const touched = new Set<number>();
  const credited = new Set<number>();
  for (const movement of movements) {
    if (!('userId' in movement.account)) continue;
    touched.add(movement.account.userId);
    if (movement.amount > 0n) credited.add(movement.account.userId);
  }
  const deleted = await holdUsers(
    tx,
    [...touched].sort((a, b) => a - b),
  );
  const refused = [...deleted].filter((id) => credited.has(id));
  if (refused.length > 0) throw new AccountDeleted(refused.sort((a, b) => a - b));
}

/** Who says what an entry was for, by the kind of its reference (`bounty` of `bounty:7`). */
const purposeSources = new Map<string, PurposeSource>();

const NUMBERED_REFERENCE = /^([a-z_]+):([0-9]{1,15})$/;

/**
 * What each entry was for, asked inside the posting transaction of the module its reference names: one call per
 * kind of reference however many entries, kinds in a fixed order. An entry whose reference no module describes
 * (a deposit, a transfer, a membership) has none.
 */
async function purposesOf(tx: Tx, inputs: EntryInput[]): Promise<(EntryPurpose | null)[]> {
  const refs = inputs.map((input) => {
    if (input.purpose) return null;
    const match = input.reference ? NUMBERED_REFERENCE.exec(input.reference) : null;
    return match && purposeSources.has(match[1]!) ? { kind: match[1]!, id: Number(match[2]) } : null;
  });
  const wanted = new Map<string, Set<number>>();
  for (const ref of refs) if (ref) wanted.set(ref.kind, (wanted.get(ref.kind) ?? new Set()).add(ref.id));
  const found = new Map<string, Map<number, EntryPurpose>>();
  for (const kind of [...wanted.keys()].sort()) {
    found.set(kind, await purposeSources.get(kind)!(tx, [...wanted.get(kind)!]));
  }
  return refs.map((ref, index) => inputs[index]!.purpose ?? (ref ? (found.get(ref.kind)!.get(ref.id) ?? null) : null));
}

const refKey = (ref: AccountRef) => ('userId' in ref ? `u:${ref.userId}` : `s:${ref.system}`);

function checkBalanced(input: EntryInput): void {
  if (input.movements.length < 2) throw new Error('an entry needs at least two postings');
  let sum = 0n;
  for (const movement of input.movements) {
    if (movement.amount === 0n) throw new Error('a posting cannot be zero');
    sum += movement.amount;
  }
  if (sum !== 0n) throw new Error(`postings of ${input.kind} sum to ${sum}, not zero`);
}

function refuseNegative(account: { available: bigint; frozen: bigint; system: string | null }): void {
  const mayGoNegative = account.system === 'chain_clearing' || account.system === 'platform_gas';
  if (account.frozen < 0n || (account.available < 0n && !mayGoNegative)) throw new InsufficientBalance();
}

/**
 * The one way money moves. Every call runs inside the caller's transaction: it holds the rows of the users it
 * touches (refusing to credit a deleted account), locks the accounts it touches in id order (so concurrent entries
 * cannot deadlock), refuses a result below zero, updates the balances and writes the journal entry with its
 * postings, which sum to zero.
 */
export const ledger = {
  /**
   * The modules that say what their references were for, by reference kind (`registration`, `bounty`…): set once
   * by the composition root. Entries keep the answer, so the records never read those modules' tables.
   */
  describeWith(sources: Record<string, PurposeSource>): void {
    purposeSources.clear();
    for (const [kind, source] of Object.entries(sources)) purposeSources.set(kind, source);
  },

  async post(tx: Tx, input: EntryInput): Promise<{ entryId: number }> {
    checkBalanced(input);
    // Users first, then accounts: the order account deletion takes them in too.
    await refuseDeletedCredits(tx, input.movements);

    const refs = new Map<string, AccountRef>();
    for (const movement of input.movements) refs.set(refKey(movement.account), movement.account);
    const ids = new Map<string, number>();
    // Create missing accounts in a fixed order too: two entries creating the same two accounts must not cross.
    for (const key of [...refs.keys()].sort()) ids.set(key, await ensureAccount(tx, refs.get(key)!, input.asset));

    const balances = await lockAccounts(
      tx,
      [...new Set(ids.values())].sort((a, b) => a - b),
    );
    for (const movement of input.movements) {
      const account = balances.get(ids.get(refKey(movement.account))!)!;
      account[movement.bucket] += movement.amount;
    }
    for (const account of balances.values()) refuseNegative(account);
    for (const account of balances.values()) await writeBalance(tx, account);
    const [purpose] = await purposesOf(tx, [input]);
    const entryId = await insertEntry(
      tx,
      { ...input, purpose: purpose ?? null },
      input.movements.map((movement) => ({
        accountId: ids.get(refKey(movement.account))!,
        assetCode: input.asset,
        bucket: movement.bucket,
        amount: movement.amount,
      })),
    );
    currentContext()?.metrics.ledgerEntry(input.kind);
    return { entryId };
  },

  /**
   * Many entries at once, as one batch of red packet claims needs: the same rules as `post` for each, in a fixed
   * number of statements whatever their number (accounts found or created, locked in id order, balances written,
   * entries and postings inserted). Answers the entries' ids in the order given.
   */
  async postMany(tx: Tx, inputs: EntryInput[]): Promise<number[]> {
    if (inputs.length === 0) return [];
    for (const input of inputs) checkBalanced(input);
    await refuseDeletedCredits(
      tx,
      inputs.flatMap((input) => input.movements),
    );
    const wanted = new Map<string, { key: string; owner: AccountRef; asset: string }>();
    for (const input of inputs) {
      for (const movement of input.movements) {
        const key = `${refKey(movement.account)}:${input.asset}`;
        wanted.set(key, { key, owner: movement.account, asset: input.asset });
      }
    }
    const ids = await ensureAccounts(tx, [...wanted.values()]);
    const balances = await lockAccounts(
      tx,
      [...new Set(ids.values())].sort((a, b) => a - b),
    );
    for (const input of inputs) {
      for (const movement of input.movements) {
        const account = balances.get(ids.get(`${refKey(movement.account)}:${input.asset}`)!)!;
        account[movement.bucket] += movement.amount;
      }
    }
    for (const account of balances.values()) refuseNegative(account);
    await writeBalances(tx, [...balances.values()]);
    for (const input of inputs) currentContext()?.metrics.ledgerEntry(input.kind);
    const purposes = await purposesOf(tx, inputs);
    return insertEntries(
      tx,
      inputs.map((input, index) => ({
        entry: { ...input, purpose: purposes[index] ?? null },
        lines: input.movements.map((movement) => ({
          accountId: ids.get(`${refKey(movement.account)}:${input.asset}`)!,
          assetCode: input.asset,
          bucket: movement.bucket,
          amount: movement.amount,
        })),
      })),
    );
  },

  /**
   * Holds the rows of these users as an entry does (an account deletion waits for this transaction) and answers
   * which of them are deleted. For money that becomes someone's later through a system account (creator earnings
   * recorded per payee), so a deleted payee's part can go elsewhere before it is recorded.
   */
  deletedAmong(tx: Tx, userIds: number[]): Promise<Set<number>> {
    return holdUsers(
      tx,
      [...new Set(userIds)].sort((a, b) => a - b),
    );
  },

  /** What a system account holds available in an asset, for the module that owns it (a pool's report). */
  systemAvailable(db: Database | Tx, system: SystemAccount, asset: string): Promise<bigint> {
    return systemAvailable(db, system, asset);
  },

  /**
   * What the entries of one kind and reference credited, per asset, for the module that wrote them (a
   * creator's withdrawals): the ledger's rows are read only here.
   */
  creditsOf(db: Database | Tx, entries: { reference: string; kind: string }): Promise<Map<string, bigint>> {
    return creditsByReference(db, entries);
  },

  /** A page of the entries of one kind and reference, newest first (each credit with its entry's id and time). */
  creditedEntries(
    db: Database | Tx,
    entries: { reference: string; kind: string },
    page: { beforeId?: number; limit: number },
  ) {
    return creditedEntries(db, entries, page);
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

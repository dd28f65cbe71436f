import {
  type Airdrop,
  type AirdropCreate,
  type AirdropDetail,
  AMOUNT_PROBLEM_KEYS,
  formatAmount,
  parseAmount,
  Status,
  VIP_TIERS,
  type VipMembership,
} from '@polaris/contract';
import type { Database, Tx } from '../../db/client.ts';
import { AppError, FieldsError } from '../../platform/errors.ts';
import { AccountDeleted, type AccountRef, ledger } from '../wallet/ledger.ts';
import { canOf, type Eligibility, signUpRefusal } from './policy.ts';
import { phaseOf, presentAirdrop } from './presenter.ts';
import {
  type AirdropListRow,
  addPaid,
  attended,
  claimPayouts,
  countDueAirdrops,
  findAirdrop,
  finish,
  insertAirdrop,
  insertSignup,
  listAirdrops,
  lockDistributing,
  mineAmong,
  setPayoutEntries,
  startDue,
  takePlace,
  undistributedFundedBy,
} from './store.ts';

export interface AirdropDeps {
  db: Database;
  now: () => Date;
  /** The user's running membership, if any (the VIP module). */
  vipOf: (userId: number) => Promise<VipMembership | null>;
  /** Available balance in base units (the wallet). */
  availableOf: (userId: number, asset: string) => Promise<bigint>;
  activityIdOf: (code: string) => Promise<number | undefined>;
  userIdByEmail: (email: string) => Promise<number>;
  decimalsOf: (asset: string) => Promise<number | undefined>;
}

/** How many payouts one transaction writes; a large airdrop takes several, each exactly once. */
const PAYOUT_BATCH = 500;

const notFound = () => new AppError(Status.notFound, 'airdrop.notFound');
const ended = () => new AppError(Status.conflict, 'airdrop.ended');
const field = (name: string, messageKey: string, params?: Record<string, string | number>) =>
  new FieldsError([{ field: name, messageKey, params }]);

function unitsOf(name: string, value: string | undefined, decimals: number): bigint {
  const parsed = parseAmount(value ?? '', decimals);
  if ('problem' in parsed) throw field(name, AMOUNT_PROBLEM_KEYS[parsed.problem], { max: decimals });
  return parsed.units;
}

/**
 * Airdrops (docs/airdrops.md): an operator creates and funds one into `airdrop_pool`; users sign up within its
 * window when they meet its rules (one place each, claimed by a unique row and a conditional update); at the
 * distribution time a worker pays every sign-up exactly once and gives what is left back to the funder.
 */
export class AirdropService {
  constructor(private readonly deps: AirdropDeps) {}

  private get db() {
    return this.deps.db;
  }

  /** Airdrops this person funds that are not distributed yet, for deleting the account (in its transaction). */
  undistributedFundedBy(db: Database | Tx, userId: number): Promise<number> {
    return undistributedFundedBy(db, userId);
  }

  async list(viewerId: number | null, input: { filter: 'current' | 'past'; cursor?: string; limit: number }) {
    const rows = await listAirdrops(this.db, {
      past: input.filter === 'past',
      beforeId: input.cursor ? Number(input.cursor) : null,
      limit: input.limit + 1,
    });
    const page = rows.slice(0, input.limit);
    const mine =
      viewerId === null
        ? new Map()
        : await mineAmong(
            this.db,
            viewerId,
            page.map((row) => row.id),
          );
    const now = this.deps.now();
    const items: Airdrop[] = page.map((row) => presentAirdrop(row, now, mine.get(row.id)));
    return { items, nextCursor: rows.length > input.limit ? items.at(-1)!.id : null };
  }

  async detail(viewerId: number | null, id: number): Promise<AirdropDetail> {
    const row = await findAirdrop(this.db, id);
    if (!row) throw notFound();
    const now = this.deps.now();
    if (viewerId === null) {
      return { ...presentAirdrop(row, now, null), eligibility: null, can: canOf(row, null, false, now) };
    }
    const [mine, eligibility] = await Promise.all([
      mineAmong(this.db, viewerId, [id]),
      this.eligibility(row, viewerId),
    ]);
    const signup = mine.get(id);
    return { ...presentAirdrop(row, now, signup), eligibility, can: canOf(row, eligibility, !!signup, now) };
  }

  /** Whether the user meets each of the airdrop's rules now (null where the airdrop has no such rule). */
  private async eligibility(row: AirdropListRow, userId: number): Promise<Eligibility> {
    const [holds, wasThere, vip] = await Promise.all([
      row.holdsAsset && row.holdsMin !== null
        ? this.deps.availableOf(userId, row.holdsAsset).then((units) => units >= BigInt(row.holdsMin!))
        : null,
      row.attendedActivityId !== null ? attended(this.db, row.attendedActivityId, userId) : null,
      row.vipTier ? this.deps.vipOf(userId) : null,
    ]);
    const now = this.deps.now();
    const vipTier = row.vipTier
      ? !!vip &&
        vip.status === 'active' &&
        new Date(vip.endsAt).getTime() > now.getTime() &&
        VIP_TIERS.indexOf(vip.tier) >= VIP_TIERS.indexOf(row.vipTier)
      : null;
    return { holds, attended: wasThere, vipTier };
  }

  /**
   * Sign up: what `signUpRefusal` allows (policy.ts); then one sign-up row (the unique index refuses a second) and
   * one place taken on the airdrop row, in one transaction, so a refused place leaves no sign-up behind.
   */
  async signup(userId: number, id: number) {
    const row = await findAirdrop(this.db, id);
    if (!row) throw notFound();
    const now = this.deps.now();
    const [mine, eligibility] = await Promise.all([mineAmong(this.db, userId, [id]), this.eligibility(row, userId)]);
    const refused = signUpRefusal(row, eligibility, mine.has(id), now);
    if (refused) throw refused;
    return this.db.transaction(async (tx) => {
      const signup = await insertSignup(tx, id, userId, now);
      if (!signup) throw new AppError(Status.conflict, 'airdrop.alreadySignedUp');
      const participants = await takePlace(tx, id, now);
      if (participants === null) {
        // The window closed or the last place went while this request waited for the airdrop row.
        const fresh = await findAirdrop(tx, id);
        if (fresh && phaseOf(fresh, this.deps.now()) === 'open' && fresh.status === 'open') {
          throw new AppError(Status.conflict, 'airdrop.full');
        }
        throw ended();
      }
      return { id: String(id), signedUpAt: signup.createdAt.toISOString(), participants };
    });
  }

  /** Operator: create an airdrop and move its whole pool into `airdrop_pool`, in one transaction. */
  async create(input: AirdropCreate) {
    const decimals = await this.deps.decimalsOf(input.asset);
    if (decimals === undefined) throw field('asset', 'wallet.unknownAsset');
    let pool: bigint;
    let perPerson: bigint | null = null;
    let maxParticipants: number | null = null;
    if (input.mode === 'fixed') {
      if (!input.perPerson || !input.maxParticipants) throw field('mode', 'airdrop.modeFields');
      perPerson = unitsOf('perPerson', input.perPerson, decimals);
      maxParticipants = input.maxParticipants;
      pool = perPerson * BigInt(maxParticipants);
    } else {
      if (!input.pool) throw field('mode', 'airdrop.modeFields');
      pool = unitsOf('pool', input.pool, decimals);
    }
    const starts = new Date(input.signupStartsAt);
    const ends = new Date(input.signupEndsAt);
    const distributes = new Date(input.distributeAt);
    const now = this.deps.now();
    if (!(ends > starts && ends > now && distributes >= ends)) throw field('signupEndsAt', 'airdrop.windowOrder');
    let holdsMin: bigint | null = null;
    if (!!input.holdsAsset !== !!input.holdsMin) throw field('holdsAsset', 'airdrop.holdsIncomplete');
    if (input.holdsAsset) {
      const holdsDecimals = await this.deps.decimalsOf(input.holdsAsset);
      if (holdsDecimals === undefined) throw field('holdsAsset', 'wallet.unknownAsset');
      holdsMin = unitsOf('holdsMin', input.holdsMin, holdsDecimals);
    }
    let activityId: number | null = null;
    if (input.attendedActivityId) {
      activityId = (await this.deps.activityIdOf(input.attendedActivityId)) ?? null;
      if (activityId === null) throw field('attendedActivityId', 'activity.notFound');
    }
    const funderUserId = input.funderEmail ? await this.deps.userIdByEmail(input.funderEmail) : null;
    return this.db.transaction(async (tx) => {
      const row = await insertAirdrop(tx, {
        project: input.project,
        description: input.description,
        website: input.website ?? null,
        assetCode: input.asset,
        mode: input.mode,
        pool: pool.toString(),
        perPerson: perPerson?.toString() ?? null,
        maxParticipants,
        signupStartsAt: starts,
        signupEndsAt: ends,
        distributeAt: distributes,
        holdsAsset: input.holdsAsset ?? null,
        holdsMin: holdsMin?.toString() ?? null,
        attendedActivityId: activityId,
        vipTier: input.vipTier ?? null,
        funderUserId,
        status: 'open',
        createdAt: now,
      });
      await ledger.transfer(tx, {
        kind: 'airdrop_fund',
        asset: input.asset,
        from: this.funder(funderUserId),
        to: { system: 'airdrop_pool' },
        amount: pool,
        reference: `airdrop:${row.id}`,
        memo: { airdrop: row.id, project: row.project },
      });
      return { id: String(row.id), pool: formatAmount(pool, decimals), asset: input.asset };
    });
  }

  private funder(userId: number | null): AccountRef {
    return userId === null ? { system: 'chain_clearing' } : { userId };
  }

  /** Airdrops due or being distributed (`distributeDue`), counted up to `limit`: the backlog metric (docs/jobs.md). */
  backlog(limit = 10_000): Promise<number> {
    return countDueAirdrops(this.db, this.deps.now(), limit);
  }

  /**
   * The distribution worker: start what is due (open → distributing, claimed by a conditional update), then pay
   * batches of sign-ups. Each batch locks one airdrop (others' are skipped), claims payout rows and posts their
   * ledger entries in the same transaction; when none are left the remainder goes back to the funder and the
   * airdrop is done. Safe with any number of processes: a payout row exists once, with the entry that paid it.
   */
  async distributeDue(): Promise<{ paid: number; finished: number }> {
    for (let round = 0; round < 100; round++) {
      if ((await startDue(this.db, this.deps.now(), 20)).length < 20) break;
    }
    let paid = 0;
    let finished = 0;
    // Bounded, so one call ends; what is left is taken by the next run.
    for (let round = 0; round < 1000; round++) {
      let step: Awaited<ReturnType<AirdropService['payBatch']>>;
      try {
        step = await this.db.transaction((tx) => this.payBatch(tx));
      } catch (error) {
        // Someone in the batch deleted their account after it was chosen: the batch is undone, and the next one
        // leaves them out (their share stays in the pool and goes back to the funder).
        if (error instanceof AccountDeleted) continue;
        throw error;
      }
      if (step === null) break;
      paid += step.paid;
      finished += step.finished ? 1 : 0;
    }
    return { paid, finished };
  }

  private async payBatch(tx: Tx): Promise<{ paid: number; finished: boolean } | null> {
    const airdrop = await lockDistributing(tx);
    if (!airdrop) return null;
    const now = this.deps.now();
    const share = BigInt(airdrop.share ?? '0');
    const claimed = share > 0n ? await claimPayouts(tx, airdrop.id, share, now, PAYOUT_BATCH) : [];
    if (claimed.length > 0) {
      const entryIds = await ledger.postMany(
        tx,
        claimed.map(({ userId }) => ({
          kind: 'airdrop_payout',
          asset: airdrop.assetCode,
          reference: `airdrop:${airdrop.id}`,
          memo: { airdrop: airdrop.id, project: airdrop.project },
          movements: [
            { account: { system: 'airdrop_pool' as const }, bucket: 'available' as const, amount: -share },
            { account: { userId }, bucket: 'available' as const, amount: share },
          ],
        })),
      );
      await setPayoutEntries(
        tx,
        airdrop.id,
        claimed.map((c) => c.userId),
        entryIds,
      );
      await addPaid(tx, airdrop.id, share * BigInt(claimed.length));
      return { paid: claimed.length, finished: false };
    }
    // Everyone is paid: what is left of this airdrop's pool goes back to whoever funded it.
    const left = BigInt(airdrop.pool) - BigInt(airdrop.paid) - BigInt(airdrop.returned);
    if (left > 0n) {
      await ledger.transfer(tx, {
        kind: 'airdrop_return',
        asset: airdrop.assetCode,
        from: { system: 'airdrop_pool' },
        to: this.funder(airdrop.funderUserId),
        amount: left,
        reference: `airdrop:${airdrop.id}`,
        memo: { airdrop: airdrop.id, project: airdrop.project },
      });
    }
    await finish(tx, airdrop.id, BigInt(airdrop.returned) + (left > 0n ? left : 0n), now);
    return { paid: 0, finished: true };
  }
}

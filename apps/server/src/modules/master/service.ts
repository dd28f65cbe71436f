import {
  type ActivityEarning,
  formatAmount,
  type MasterBalance,
  type MasterCount,
  type MasterEarnings,
  type MasterInfo,
  type MasterWithdraw,
  type MasterWithdrawal,
  Status,
} from '@polaris/contract';
import type { Database, Tx } from '../../db/client.ts';
import { AppError, FieldsError } from '../../platform/errors.ts';
import { once } from '../../platform/idempotency.ts';
import { eachClaimed, FailingItems } from '../../platform/worker.ts';
import type { TradePasswordService } from '../security/service.ts';
import { ledger } from '../wallet/ledger.ts';
import { amountUnits, assetOf, type Catalog } from '../wallet/service.ts';
import { type EarningPart, withoutDeletedPayees } from './payees.ts';
import { presentBalance, presentEarning, presentWithdrawal } from './presenter.ts';
import {
  activitiesByDay,
  activitiesEarnedFrom,
  type CreatorEarningRow,
  claimDueEarning,
  countDueEarnings,
  creatorCounts,
  type EarningTotals,
  earnedTotals,
  earningsByDay,
  earningsOfActivity,
  earningsPage,
  insertEarning,
  lockOrganizer,
  markReleased,
  type PartRow,
  partsIn,
  promoDiscountsOf,
  signupsByDay,
  WITHDRAWAL_KIND,
  type WithdrawalRow,
  withdrawalReference,
} from './store.ts';

export type { EarningPart } from './payees.ts';
export type { CreatorEarningRow } from './store.ts';

export interface CreatorEarningsDeps {
  db: Database;
  now: () => Date;
  /** The wallet's catalogue (assets and their decimals). */
  catalog: () => Promise<Catalog>;
  /** Withdrawals need the trade password; the scheduled release does not. */
  trade?: TradePasswordService;
  /** Inside each release's transaction: the payee's "payout released" notice, announced once it commits. */
  released?: (
    tx: Tx,
    earning: { id: number; activityId: number; payeeId: number; asset: string; amount: string },
  ) => Promise<void>;
}

const DAY_MS = 86_400_000;

/** The UTC calendar days of a chart: `days` of them, ending with today's. */
function statDays(now: Date, days: number): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, i) => new Date(today - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}

function page<T extends { id: number }>(rows: T[], limit: number): { rows: T[]; nextCursor: string | null } {
  const more = rows.length > limit;
  const kept = more ? rows.slice(0, limit) : rows;
  return { rows: kept, nextCursor: more ? String(kept[kept.length - 1]!.id) : null };
}

/**
 * Per asset: what is still in the hold, what has been released, and what has been withdrawn: the organizer's side
 * of their withdrawal entries, which the ledger answers.
 */
async function earningTotals(db: Database | Tx, organizerId: number): Promise<EarningTotals[]> {
  const entries = { reference: withdrawalReference(organizerId), kind: WITHDRAWAL_KIND };
  const earned = await earnedTotals(db, organizerId);
  const withdrawn = await ledger.creditsOf(db, entries);
  return earned.map((row) => ({ ...row, withdrawn: withdrawn.get(row.asset) ?? 0n }));
}

/** One page of the organizer's withdrawals (their journal entries, the ledger's), newest first. */
function withdrawalsPage(
  db: Database | Tx,
  organizerId: number,
  page: { beforeId?: number; limit: number },
): Promise<WithdrawalRow[]> {
  return ledger.creditedEntries(db, { reference: withdrawalReference(organizerId), kind: WITHDRAWAL_KIND }, page);
}

/**
 * Creator earnings: ticket money an organizer has earned, held before it becomes theirs.
 *
 * Ledger flows (amounts in the ticket's asset, reference `activity:<id>`):
 * - the activity is settled after its end: `ticket_escrow` available → `creator_earnings` frozen
 *   (`ticket_earning_hold`), and one `creator_earnings` row per activity and asset with `release_at` = the end
 *   plus the payout hold;
 * - `release_at` has passed: `creator_earnings` frozen → `creator_earnings` available (`ticket_release`), and the
 *   row gets `released_at`: the money is now the organizer's withdrawable balance. Exactly once: the row is
 *   claimed with FOR UPDATE SKIP LOCKED and released in the same transaction as the entry;
 * - the organizer withdraws: `creator_earnings` available → their own available balance (`creator_withdrawal`,
 *   reference `creator:<organizerId>`), at most released minus already withdrawn.
 *
 * The hold is the time in which a complaint about an activity that did not happen as announced can still be
 * looked at before the money is spendable and withdrawable.
 */
export class CreatorEarningsService {
  /** Earnings whose release failed, held out of the next runs for a while (platform/worker.ts). */
  private readonly failing: FailingItems;

  constructor(private readonly deps: CreatorEarningsDeps) {
    this.failing = new FailingItems({ now: () => deps.now().getTime() });
  }

  /** A payee's earnings in these activities, per asset and role: the activity's distribution screen. */
  partsIn(userId: number, activityIds: number[]): Promise<PartRow[]> {
    return partsIn(this.deps.db, userId, activityIds);
  }

  /** The activities a payee has earnings from (as organizer, co-host or referrer). */
  activitiesEarnedFrom(userId: number): Promise<number[]> {
    return activitiesEarnedFrom(this.deps.db, userId);
  }

  /** Earnings not yet withdrawn per asset (still held, or released): what an account deletion waits for. */
  async earningsLeft(db: Database | Tx, userId: number): Promise<{ asset: string; left: bigint }[]> {
    return (await earningTotals(db, userId)).map((row) => ({
      asset: row.asset,
      left: row.frozen + row.released - row.withdrawn,
    }));
  }

  /**
   * Inside the transaction that settles an activity: moves its escrowed ticket money in one asset into the hold
   * (one ledger entry for the whole) and records one earning per payee and role (activity/split.ts decides the parts). The
   * parts must sum to the amount; the unique (activity, asset, payee, role) index refuses settling twice.
   */
  async holdTicketEarnings(
    tx: Tx,
    input: {
      activityId: number;
      organizerId: number;
      asset: string;
      amount: bigint;
      parts: EarningPart[];
      releaseAt: Date;
      now: Date;
    },
  ): Promise<CreatorEarningRow[]> {
    // A payee who deleted their account gets nothing: their part goes to the organizer. Their rows are held until
    // the commit, so a deletion now waits and then sees these earnings.
    const deleted = await ledger.deletedAmong(
      tx,
      input.parts.map((part) => part.userId),
    );
    const parts = withoutDeletedPayees(input.parts, deleted, input.organizerId);
    const parted = parts.reduce((sum, part) => sum + part.amount, 0n);
    if (parted !== input.amount) throw new Error(`split of activity ${input.activityId} does not sum to its revenue`);
    const { entryId } = await ledger.post(tx, {
      kind: 'ticket_earning_hold',
      asset: input.asset,
      movements: [
        { account: { system: 'ticket_escrow' }, bucket: 'available', amount: -input.amount },
        { account: { system: 'creator_earnings' }, bucket: 'frozen', amount: input.amount },
      ],
      reference: `activity:${input.activityId}`,
      memo: {
        releaseAt: input.releaseAt.toISOString(),
        parts: parts.map((part) => ({ ...part, amount: part.amount.toString() })),
      },
    });
    const rows: CreatorEarningRow[] = [];
    for (const part of parts) {
      rows.push(
        await insertEarning(tx, {
          organizerId: part.userId,
          role: part.role,
          activityId: input.activityId,
          assetCode: input.asset,
          amount: part.amount,
          earnedAt: input.now,
          releaseAt: input.releaseAt,
          holdEntryId: entryId,
        }),
      );
    }
    return rows;
  }

  /** Earnings past their hold and not released yet (`releaseDue`), counted up to `limit`: the backlog metric (docs/jobs.md). */
  backlog(limit = 10_000): Promise<number> {
    return countDueEarnings(this.deps.db, this.deps.now(), limit);
  }

  /**
   * Scheduled work, safe in several processes: releases earnings whose hold has passed, one per transaction
   * (one ledger entry each, so no transaction holds the creator_earnings account while waiting for another).
   */
  async releaseDue(limit = 50): Promise<{ released: number }> {
    const released = await eachClaimed('earnings', this.failing, limit, async (skip, claimed) => {
      const done = await this.deps.db.transaction(async (tx) => {
        const now = this.deps.now();
        const due = await claimDueEarning(tx, now, skip);
        if (!due) return null;
        claimed(due.id);
        const { entryId } = await ledger.unfreeze(tx, {
          kind: 'ticket_release',
          asset: due.assetCode,
          account: { system: 'creator_earnings' },
          amount: due.amount,
          reference: `activity:${due.activityId}`,
          memo: { creatorEarningId: due.id, organizerId: due.organizerId },
        });
        await markReleased(tx, due.id, now, entryId);
        await this.deps.released?.(tx, {
          id: due.id,
          activityId: due.activityId,
          payeeId: due.organizerId,
          asset: due.assetCode,
          amount: due.amount.toString(),
        });
        return due;
      });
      return done !== null;
    });
    return { released };
  }

  /** One activity's earnings per asset, held or released. */
  ofActivity(activityId: number): Promise<CreatorEarningRow[]> {
    return earningsOfActivity(this.deps.db, activityId);
  }

  /**
   * `/open/master/info`: 404 for someone who has neither organized an activity nor a share or earnings from one
   * (a co-host or referrer), so the client hides the screens.
   */
  async info(organizerId: number): Promise<MasterInfo> {
    const { takesPart, ...counts } = await creatorCounts(this.deps.db, organizerId);
    if (counts.activities === 0 && !takesPart) throw new AppError(Status.notFound, 'master.notMaster');
    return { ...counts, balances: await this.balances(organizerId) };
  }

  /** Frozen, withdrawable, withdrawn and earned per asset. */
  async balances(organizerId: number): Promise<MasterBalance[]> {
    const [catalog, totals] = await Promise.all([this.deps.catalog(), earningTotals(this.deps.db, organizerId)]);
    return totals.map((row) => presentBalance(catalog, row));
  }

  async activitiesByDay(organizerId: number, days: number): Promise<MasterCount> {
    const dayList = statDays(this.deps.now(), days);
    const counts = await activitiesByDay(this.deps.db, organizerId, new Date(`${dayList[0]}T00:00:00Z`));
    return { days: dayList.map((day) => ({ day, count: counts.get(day) ?? 0 })) };
  }

  async signupsByDay(organizerId: number, days: number): Promise<MasterCount> {
    const dayList = statDays(this.deps.now(), days);
    const counts = await signupsByDay(this.deps.db, organizerId, new Date(`${dayList[0]}T00:00:00Z`));
    return { days: dayList.map((day) => ({ day, count: counts.get(day) ?? 0 })) };
  }

  async earningsByDay(organizerId: number, input: { asset: string; days: number }): Promise<MasterEarnings> {
    const catalog = await this.deps.catalog();
    const asset = assetOf(catalog, input.asset);
    const dayList = statDays(this.deps.now(), input.days);
    const sums = await earningsByDay(this.deps.db, organizerId, asset.code, new Date(`${dayList[0]}T00:00:00Z`));
    return {
      asset: asset.code,
      days: dayList.map((day) => ({ day, amount: formatAmount(sums.get(day) ?? 0n, asset.decimals) })),
    };
  }

  /** Per-activity earnings, newest first. */
  async earningsList(
    organizerId: number,
    input: { cursor?: string; limit: number },
  ): Promise<{ items: ActivityEarning[]; nextCursor: string | null }> {
    const catalog = await this.deps.catalog();
    const rows = await earningsPage(this.deps.db, organizerId, {
      beforeId: cursorId(input.cursor),
      limit: input.limit + 1,
    });
    const { rows: kept, nextCursor } = page(rows, input.limit);
    const organized = [...new Set(kept.filter((row) => row.role === 'organizer').map((row) => row.activityId))];
    const discounts = await promoDiscountsOf(this.deps.db, organized);
    return {
      items: kept.map((row) => presentEarning(catalog, row, discounts)),
      nextCursor,
    };
  }

  async withdrawals(
    organizerId: number,
    input: { cursor?: string; limit: number },
  ): Promise<{ items: MasterWithdrawal[]; nextCursor: string | null }> {
    const catalog = await this.deps.catalog();
    const rows = await withdrawalsPage(this.deps.db, organizerId, {
      beforeId: cursorId(input.cursor),
      limit: input.limit + 1,
    });
    const { rows: kept, nextCursor } = page(
      rows.map((row) => ({ ...row, id: row.entryId })),
      input.limit,
    );
    return { items: kept.map((row) => presentWithdrawal(catalog, row)), nextCursor };
  }

  /**
   * Moves part or all of one asset's withdrawable balance to the organizer's wallet, at once, by one ledger entry.
   * Behind the trade password and idempotent by key. The organizer's row is locked before the balance is read, so
   * withdrawals sent together are counted one after the other and together never exceed what was released.
   */
  async withdraw(
    organizerId: number,
    input: MasterWithdraw,
  ): Promise<{ withdrawal: MasterWithdrawal; balance: MasterBalance }> {
    const catalog = await this.deps.catalog();
    const asset = assetOf(catalog, input.asset);
    const units = amountUnits(input.amount, asset.decimals);
    if (units <= 0n) throw new FieldsError([{ field: 'amount', messageKey: 'wallet.amountNumeric' }]);
    if (!this.deps.trade) throw new Error('withdrawals need the trade password service');
    await this.deps.trade.verify(organizerId, input.tradePassword);
    const { tradePassword: _secret, ...request } = input;
    return once(
      this.deps.db,
      { key: input.idempotencyKey, userId: organizerId, operation: 'master.withdraw', request },
      async (tx) => {
        await lockOrganizer(tx, organizerId);
        const before = (await earningTotals(tx, organizerId)).find((row) => row.asset === asset.code);
        const withdrawable = before ? before.released - before.withdrawn : 0n;
        if (withdrawable <= 0n) {
          throw new FieldsError(
            [{ field: 'amount', messageKey: 'master.nothingWithdrawable', params: { asset: asset.code } }],
            Status.conflict,
          );
        }
        if (units > withdrawable) {
          throw new FieldsError([
            {
              field: 'amount',
              messageKey: 'master.aboveWithdrawable',
              params: { max: formatAmount(withdrawable, asset.decimals), asset: asset.code },
            },
          ]);
        }
        const { entryId } = await ledger.transfer(tx, {
          kind: WITHDRAWAL_KIND,
          asset: asset.code,
          from: { system: 'creator_earnings' },
          to: { userId: organizerId },
          amount: units,
          actorId: organizerId,
          reference: withdrawalReference(organizerId),
        });
        // Read back as the records list shows it (the entry's own time).
        const [written] = await withdrawalsPage(tx, organizerId, { beforeId: entryId + 1, limit: 1 });
        const after = { ...before!, withdrawn: before!.withdrawn + units };
        return {
          withdrawal: presentWithdrawal(catalog, { ...written!, id: written!.entryId }),
          balance: presentBalance(catalog, after),
        };
      },
    );
  }
}

function cursorId(cursor: string | undefined): number | undefined {
  return cursor ? Number(cursor.split('_')[0]) : undefined;
}

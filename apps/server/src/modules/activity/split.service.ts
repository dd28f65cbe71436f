import {
  type ActivitySplit,
  bpToPercent,
  type Distribution,
  formatAmount,
  percentToBp,
  type SplitRequest,
  type SplitRole,
  Status,
} from '@polaris/contract';
import type { Database } from '../../db/client.ts';
import { AppError, FieldsError } from '../../platform/errors.ts';
import type { CreatorEarningsService } from '../master/service.ts';
import { assetOf, type Catalog } from '../wallet/service.ts';
import { lockActivity, peopleById } from './activities.store.ts';
import { canChangeCohosts } from './policy.ts';
import { managedActivity } from './service.ts';
import {
  cohostsOf,
  type DistributionActivity,
  distributionPage,
  hasPaidSignup,
  idsByUid,
  saveTerms,
  termsOf,
} from './split.store.ts';
import type { SplitTerms } from './split.ts';

type FieldProblem = { field: string; messageKey: string };

export interface SplitDeps {
  db: Database;
  now: () => Date;
  /** The wallet's catalogue (assets and their decimals). */
  catalog: () => Promise<Catalog>;
  /** The creator earnings (master's `CreatorEarningsService`): what a payee earned from which activities. */
  earnings: Pick<CreatorEarningsService, 'partsIn' | 'activitiesEarnedFrom'>;
}

/**
 * The terms of the split and the distribution screen. The money itself is split by the settlement (see
 * SettlementService.settle and CreatorEarningsService.holdTicketEarnings); this only keeps the terms fair:
 * - a share may be raised at any time until the activity is settled or cancelled;
 * - once any sign-up has paid, no share may be lowered (nor a co-host's share taken away), so people who
 *   promoted or co-organized the activity on the announced terms cannot be cut out afterwards.
 * The check and the change happen under the activity's row lock, which every paid sign-up also takes, so a
 * sign-up cannot slip in between.
 */
export class SplitService {
  constructor(private readonly deps: SplitDeps) {}

  async save(organizerId: number, input: SplitRequest): Promise<ActivitySplit> {
    const activity = await managedActivity(this.deps.db, input.activityId, organizerId, canChangeCohosts);
    const ids = await idsByUid(
      this.deps.db,
      input.cohosts.map((c) => c.uid),
    );
    const next: SplitTerms = { referralBp: percentToBp(input.referralPercent), cohosts: [] };
    const problems: FieldProblem[] = [];
    const cohostIds = new Set(activity.cohostIds);
    const current = await termsOf(this.deps.db, activity.row.id);
    input.cohosts.forEach((cohost, index) => {
      const userId = ids.get(cohost.uid);
      // A former co-host keeps (and may be raised on) a share promised before; anyone else must co-host now.
      const holdsShare = current.cohosts.some((c) => c.userId === userId);
      if (userId === undefined || (!cohostIds.has(userId) && !holdsShare)) {
        problems.push({ field: `cohosts.${index}.uid`, messageKey: 'split.notCohost' });
      } else if (cohost.percent > 0) {
        next.cohosts.push({ userId, bp: percentToBp(cohost.percent) });
      }
    });
    if (problems.length > 0) throw new FieldsError(problems);

    await this.deps.db.transaction(async (tx) => {
      const row = await lockActivity(tx, activity.row.id);
      if (row.status === 'cancelled' || row.settledAt) throw new AppError(Status.conflict, 'split.closed');
      if (await hasPaidSignup(tx, row.id)) {
        const before = await termsOf(tx, row.id);
        const lowered: FieldProblem[] = [];
        if (next.referralBp < before.referralBp) {
          lowered.push({ field: 'referralPercent', messageKey: 'split.lowerAfterSales' });
        }
        for (const held of before.cohosts) {
          const now = next.cohosts.find((c) => c.userId === held.userId)?.bp ?? 0;
          if (now >= held.bp) continue;
          const index = input.cohosts.findIndex((c) => ids.get(c.uid) === held.userId);
          lowered.push({
            field: index === -1 ? 'cohosts' : `cohosts.${index}.percent`,
            messageKey: 'split.lowerAfterSales',
          });
        }
        if (lowered.length > 0) throw new FieldsError(lowered, Status.conflict);
      }
      await saveTerms(tx, row.id, next, this.deps.now());
    });
    const [saved] = await distributionPage(this.deps.db, organizerId, { only: activity.row.id, limit: 1 });
    return (await this.present(organizerId, [saved!]))[0]!;
  }

  /** The activities whose money the caller takes part in, newest first, each with the rule and their part. */
  async distribution(userId: number, input: { cursor?: string; limit: number }): Promise<Distribution> {
    const rows = await distributionPage(this.deps.db, userId, {
      beforeId: input.cursor ? Number(input.cursor) : undefined,
      limit: input.limit + 1,
      earnedFrom: await this.deps.earnings.activitiesEarnedFrom(userId),
    });
    const more = rows.length > input.limit;
    const kept = more ? rows.slice(0, input.limit) : rows;
    return {
      items: await this.present(userId, kept),
      nextCursor: more ? String(kept[kept.length - 1]!.id) : null,
    };
  }

  /** A fixed number of statements for any number of activities. */
  private async present(userId: number, rows: DistributionActivity[]): Promise<ActivitySplit[]> {
    const ids = rows.map((row) => row.id);
    const [cohosts, parts, catalog] = await Promise.all([
      cohostsOf(this.deps.db, ids),
      this.deps.earnings.partsIn(userId, ids),
      this.deps.catalog(),
    ]);
    const people = await peopleById(
      this.deps.db,
      cohosts.map((c) => c.userId),
    );
    return rows.map((row) => {
      const mine = parts.filter((part) => part.activityId === row.id);
      const theirs = cohosts.filter((c) => c.activityId === row.id);
      const roles = new Set<SplitRole>();
      if (row.organizerId === userId) roles.add('organizer');
      if (theirs.some((c) => c.userId === userId) || mine.some((p) => p.role === 'cohost')) roles.add('cohost');
      if (mine.some((p) => p.role === 'referrer')) roles.add('referrer');
      return {
        activity: { id: row.code, title: row.title, endsAt: row.endsAt.toISOString(), status: row.status },
        roles: [...roles],
        referralPercent: bpToPercent(row.referralBp),
        cohosts: theirs.map((c) => ({
          uid: String(people.get(c.userId)?.uid ?? ''),
          name: people.get(c.userId)?.name ?? '',
          percent: bpToPercent(c.bp),
          current: c.current,
        })),
        editable: row.organizerId === userId && row.status !== 'cancelled' && !row.settled,
        sold: row.sold,
        settled: row.settled,
        mine: mine.map((part) => {
          const { decimals } = assetOf(catalog, part.asset);
          return {
            asset: part.asset,
            role: part.role,
            frozen: formatAmount(part.frozen, decimals),
            released: formatAmount(part.released, decimals),
          };
        }),
      };
    });
  }
}

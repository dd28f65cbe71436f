import { type DepositSetRequest, type DepositView, formatAmount, parseAmount, Status } from '@polaris/contract';
import type { Database } from '../../db/client.ts';
import { AppError, FieldsError } from '../../platform/errors.ts';
import { assetDecimals, liveTicketTypes, lockActivity } from './activities.store.ts';
import { anySignUp, depositOf, depositTerms, dropDepositTerms, saveDepositTerms } from './deposit.store.ts';
import { canCancelActivity } from './policy.ts';
import { phaseOf } from './rules.ts';
import { managedActivity, visibleActivity } from './service.ts';

/**
 * The no-show deposit's terms (docs/activities.md "No-show deposit"): the organizer sets them on a free activity
 * before anyone signs up; everyone who may see the activity reads them, with their own deposit. The money moves
 * in deposit.ts, inside the sign-up's, check-in's and settlement's transactions.
 */
export class NoShowDepositService {
  constructor(private readonly deps: { db: Database; now: () => Date }) {}

  private get db() {
    return this.deps.db;
  }

  async view(userId: number, code: string): Promise<DepositView> {
    const activity = await visibleActivity(this.db, code, userId);
    const terms = await depositTerms(this.db, activity.row.id);
    const decimals = await assetDecimals(this.db);
    const mine = await depositOf(this.db, activity.row.id, userId);
    const format = (units: string, asset: string) => formatAmount(BigInt(units), decimals.get(asset) ?? 0);
    const editable =
      activity.organizerId === userId &&
      activity.row.status !== 'cancelled' &&
      phaseOf(activity.row, this.deps.now()) === 'upcoming' &&
      !(await this.db.transaction((tx) => anySignUp(tx, activity.row.id)));
    return {
      deposit: terms
        ? {
            asset: terms.assetCode,
            amount: format(terms.amount, terms.assetCode),
            cancelBy: terms.cancelBy.toISOString(),
            forfeit: terms.forfeit as 'split' | 'organizer',
          }
        : null,
      editable,
      mine: mine
        ? {
            state: mine.state as 'frozen' | 'kept' | 'returned' | 'forfeited',
            amount: format(mine.amount, mine.assetCode),
            asset: mine.assetCode,
            outcome: mine.outcome,
          }
        : null,
    };
  }

  /** Sets (or removes) the terms: the organizer, before the start and before anyone signed up, on a free activity. */
  async set(userId: number, input: DepositSetRequest): Promise<DepositView> {
    const activity = await managedActivity(this.db, input.activityId, userId, canCancelActivity);
    const decimals = await assetDecimals(this.db);
    const wanted = input.deposit;
    let units = 0n;
    if (wanted) {
      const places = decimals.get(wanted.asset);
      if (places === undefined) throw new FieldsError([{ field: 'deposit.asset', messageKey: 'wallet.unknownAsset' }]);
      const parsed = parseAmount(wanted.amount, places);
      if ('problem' in parsed)
        throw new FieldsError([{ field: 'deposit.amount', messageKey: 'noShowDeposit.amountInvalid' }]);
      units = parsed.units;
      if (new Date(wanted.cancelBy) > activity.row.startsAt) {
        throw new FieldsError([{ field: 'deposit.cancelBy', messageKey: 'noShowDeposit.cancelByAfterStart' }]);
      }
      const types = await liveTicketTypes(this.db, [activity.row.id]);
      if (types.some((type) => BigInt(type.price) > 0n))
        throw new AppError(Status.conflict, 'noShowDeposit.paidTickets');
    }
    await this.db.transaction(async (tx) => {
      const row = await lockActivity(tx, activity.row.id);
      const now = this.deps.now();
      if (row.status === 'cancelled' || phaseOf(row, now) !== 'upcoming') {
        throw new AppError(Status.conflict, 'activity.notEditable');
      }
      // Under the activity's lock, which every sign-up takes first: no place can be taken under other terms.
      if (await anySignUp(tx, row.id)) throw new AppError(Status.conflict, 'noShowDeposit.fixed');
      if (!wanted) return dropDepositTerms(tx, row.id);
      await saveDepositTerms(tx, {
        activityId: row.id,
        assetCode: wanted.asset,
        amount: units.toString(),
        cancelBy: new Date(wanted.cancelBy),
        forfeit: wanted.forfeit,
        updatedAt: now,
      });
    });
    return this.view(userId, input.activityId);
  }
}

import { formatAmount, INVITE_REWARD, type InvitedInfo, parseAmount, Status } from '@polaris/contract';
import type { Database, Tx } from '../../db/client.ts';
import { AppError, FieldsError } from '../../platform/errors.ts';
import type { Links } from '../../platform/links.ts';
import { AccountDeleted, InsufficientBalance, ledger } from '../wallet/ledger.ts';
import { inviteeState, presentInvitee } from './presenter.ts';
import { displayName, inviterRefusal, withinBindWindow } from './rules.ts';
import {
  assetDecimals,
  claimReward,
  countOwed,
  countOwedBounded,
  inviteesOf,
  inviterChain,
  lockBinds,
  lockOwed,
  lockOwedOf,
  lockUser,
  markPaid,
  type RewardRow,
  rewardOf,
  selfOf,
  setInviter,
  shareInviterOf,
  totalsOf,
} from './store.ts';

export interface InviteDeps {
  db: Database;
  now: () => Date;
  links: Links;
}

/**
 * Something real a user did, reported by the module where it happened, inside the transaction that did it:
 * a check-in at an activity (with its organizer) or a credited deposit.
 */
export type QualifyingAction =
  | { trigger: 'checkin'; userId: number; reference: string; organizerId: number }
  | { trigger: 'deposit'; userId: number; reference: string; assetCode: string; units: bigint };

const units = (amount: string, decimals: number) => {
  const parsed = parseAmount(amount, decimals);
  if (!('units' in parsed)) throw new Error(`invite reward amount ${amount} is not valid`);
  return parsed.units;
};
const codeError = (messageKey: string) => new FieldsError([{ field: 'inviteCode', messageKey }]);

/**
 * Invite gift (docs/invite-gift.md): naming an inviter (at sign-up or later, within a window, never oneself or
 * someone down one's own chain), the reward paid once per invitee at their first real action, from the
 * `referral_pool` system account, and what an inviter sees of it.
 */
export class InviteService {
  constructor(private readonly deps: InviteDeps) {}

  private get db() {
    return this.deps.db;
  }

  /**
   * The account a typed invite code names, refused when it is mine or belongs to someone who joined through me.
   * Sign-up passes no user (a new account has no code and nobody below it yet).
   */
  async resolveInviter(tx: Tx, inviteCode: string, meId: number | null) {
    const chain = await inviterChain(tx, inviteCode.trim().toUpperCase());
    if (chain.length === 0) throw codeError('auth.inviteCodeUnknown');
    const refusal = inviterRefusal(
      meId,
      chain.map((row) => row.id),
    );
    if (refusal) throw codeError(`invite.${refusal}`);
    return chain[0]!;
  }

  /** Name an inviter after sign-up: once, within the window, and only before the first qualifying action. */
  async bind(userId: number, inviteCode: string): Promise<{ inviter: string }> {
    return this.db.transaction(async (tx) => {
      await lockBinds(tx);
      const inviter = await this.resolveInviter(tx, inviteCode, userId);
      const me = await lockUser(tx, userId);
      if (!me) throw new AppError(Status.notFound, 'http.404');
      if (me.invitedBy !== null) throw new AppError(Status.conflict, 'invite.alreadyBound');
      if (await rewardOf(tx, userId)) throw new AppError(Status.conflict, 'invite.alreadyQualified');
      if (!withinBindWindow(me.createdAt, this.deps.now(), INVITE_REWARD.bindDays)) {
        throw new AppError(Status.conflict, 'invite.tooLate', { days: INVITE_REWARD.bindDays });
      }
      await setInviter(tx, userId, inviter.id);
      return { inviter: displayName({ ...inviter, deletedAt: null }) ?? '' };
    });
  }

  /**
   * The hook the check-in and deposit paths call inside their own transaction. The user's first action that
   * counts claims their reward row (primary key), `owed` when they have an inviter; everything after the first
   * finds the row and returns. Paying is `settle`, once that transaction has committed: the action's transaction
   * already holds the user's balance, and taking the pool after it could deadlock with a payment that took the
   * pool first.
   */
  async qualify(tx: Tx, action: QualifyingAction): Promise<void> {
    if (action.trigger === 'deposit' && action.assetCode !== INVITE_REWARD.asset) return;
    if (action.trigger === 'checkin' && action.organizerId === action.userId) return;
    if (await rewardOf(tx, action.userId)) return;
    const me = await shareInviterOf(tx, action.userId);
    if (!me) return;
    const decimals = await assetDecimals(tx, INVITE_REWARD.asset);
    if (action.trigger === 'deposit' && action.units < units(INVITE_REWARD.minDeposit, decimals)) return;
    // A check-in at the inviter's own activity proves nothing the two of them could not stage.
    if (action.trigger === 'checkin' && action.organizerId === me.invitedBy) return;
    const inviterId = me.invitedBy !== null && me.inviterDeletedAt === null ? me.invitedBy : null;
    await claimReward(tx, {
      inviteeId: action.userId,
      inviterId,
      trigger: action.trigger,
      reference: action.reference,
      status: inviterId === null ? 'none' : 'owed',
      assetCode: INVITE_REWARD.asset,
      inviterAmount: String(units(INVITE_REWARD.inviterAmount, decimals)),
      inviteeAmount: String(units(INVITE_REWARD.inviteeAmount, decimals)),
      qualifiedAt: this.deps.now(),
    });
  }

  /**
   * Pay the user's owed reward now, if there is one (the reward row is claimed `owed` → `paid` in the same
   * transaction as the ledger entry). Called right after a qualifying action commits; the worker and the fund
   * command pay whatever is still owed (the pool was short, or the process stopped in between).
   */
  async settle(inviteeId: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const reward = await lockOwedOf(tx, inviteeId);
      if (reward) await this.pay(tx, reward);
    });
  }

  /**
   * Pay one owed reward from the pool; false (nothing written) when the pool cannot cover it. The part of someone
   * who deleted their account is not paid: it stays in the pool, and the row records it as zero.
   */
  private async pay(tx: Tx, reward: RewardRow): Promise<boolean> {
    let inviterAmount = BigInt(reward.inviterAmount);
    let inviteeAmount = BigInt(reward.inviteeAmount);
    for (;;) {
      const parts = [
        { account: { userId: reward.inviterId! }, bucket: 'available' as const, amount: inviterAmount },
        { account: { userId: reward.inviteeId }, bucket: 'available' as const, amount: inviteeAmount },
      ].filter((part) => part.amount > 0n);
      if (parts.length === 0) {
        await markPaid(tx, reward.inviteeId, { entryId: null, inviterAmount, inviteeAmount }, this.deps.now());
        return true;
      }
      try {
        const { entryId } = await ledger.post(tx, {
          kind: 'invite_reward',
          asset: reward.assetCode,
          movements: [
            {
              account: { system: 'referral_pool' },
              bucket: 'available',
              amount: -(inviterAmount + inviteeAmount),
            },
            ...parts,
          ],
          reference: `invite:${reward.inviteeId}`,
          memo: { trigger: reward.trigger, qualifiedBy: reward.reference },
        });
        await markPaid(tx, reward.inviteeId, { entryId, inviterAmount, inviteeAmount }, this.deps.now());
        return true;
      } catch (error) {
        // The ledger refuses before writing anything, so the transaction goes on with the reward still owed.
        if (error instanceof InsufficientBalance) return false;
        if (!(error instanceof AccountDeleted)) throw error;
        if (error.userIds.includes(reward.inviterId!)) inviterAmount = 0n;
        if (error.userIds.includes(reward.inviteeId)) inviteeAmount = 0n;
      }
    }
  }

  /** Rewards owed and not paid yet (`payOwed`), counted up to `limit`: the backlog metric (docs/jobs.md). */
  backlog(limit = 10_000): Promise<number> {
    return countOwedBounded(this.db, limit);
  }

  /**
   * Pay owed rewards, oldest first, until the pool runs short. Rows are locked and those another process holds
   * are skipped, so the worker may run in several processes and beside the fund command.
   */
  async payOwed(limit = 100): Promise<{ paid: number }> {
    return this.db.transaction(async (tx) => {
      let paid = 0;
      for (const reward of await lockOwed(tx, limit)) {
        if (!(await this.pay(tx, reward))) break;
        paid++;
      }
      return { paid };
    });
  }

  /** Operator: money into the pool from outside (chain clearing, as a deposit), then what is owed is paid. */
  async fund(amount: string) {
    const decimals = await assetDecimals(this.db, INVITE_REWARD.asset);
    const parsed = parseAmount(amount, decimals);
    if (!('units' in parsed)) {
      throw new FieldsError([
        { field: 'amount', messageKey: 'invite.fundAsset', params: { asset: INVITE_REWARD.asset } },
      ]);
    }
    await this.db.transaction((tx) =>
      ledger.transfer(tx, {
        kind: 'referral_fund',
        asset: INVITE_REWARD.asset,
        from: { system: 'chain_clearing' },
        to: { system: 'referral_pool' },
        amount: parsed.units,
        reference: 'referral_pool',
      }),
    );
    let paid = 0;
    for (;;) {
      const batch = await this.payOwed();
      paid += batch.paid;
      if (batch.paid < 100) break;
    }
    const pool = await ledger.systemAvailable(this.db, 'referral_pool', INVITE_REWARD.asset);
    return { pool: formatAmount(pool, decimals), paid, stillOwed: await countOwed(this.db) };
  }

  /** `/user/getInvitedInfo`: my code and link, the rule, my totals, my own side, and a page of invitees. */
  async info(userId: number, page: { cursor?: string; limit: number }): Promise<InvitedInfo> {
    const decimals = await assetDecimals(this.db, INVITE_REWARD.asset);
    const [self, totals, rows] = await Promise.all([
      selfOf(this.db, userId),
      totalsOf(this.db, userId),
      inviteesOf(this.db, userId, { beforeId: page.cursor ? Number(page.cursor) : null, limit: page.limit + 1 }),
    ]);
    if (!self) throw new AppError(Status.notFound, 'http.404');
    const items = rows.slice(0, page.limit).map((row) => presentInvitee(row, decimals));
    const amount = (value: string | null) => formatAmount(BigInt(value ?? '0'), decimals);
    return {
      inviteCode: self.inviteCode,
      link: this.deps.links.share({ kind: 'register', inviteCode: self.inviteCode }),
      asset: INVITE_REWARD.asset,
      rule: {
        inviterAmount: INVITE_REWARD.inviterAmount,
        inviteeAmount: INVITE_REWARD.inviteeAmount,
        minDeposit: INVITE_REWARD.minDeposit,
        bindDays: INVITE_REWARD.bindDays,
      },
      totals: {
        invited: totals.invited,
        rewarded: totals.rewarded,
        earned: amount(totals.earned),
        owed: amount(totals.owed),
      },
      invitedBy:
        self.invitedBy === null
          ? null
          : {
              name: self.inviter ? displayName(self.inviter) : null,
              state: inviteeState(self.rewardStatus),
              amount: amount(self.rewardStatus === 'paid' || self.rewardStatus === 'owed' ? self.rewardAmount : null),
            },
      canBind:
        self.invitedBy === null &&
        self.rewardStatus === null &&
        withinBindWindow(self.createdAt, this.deps.now(), INVITE_REWARD.bindDays),
      items,
      nextCursor: rows.length > page.limit ? items.at(-1)!.id : null,
    };
  }
}

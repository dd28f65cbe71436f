import {
  formatAmount,
  type Language,
  parseAmount,
  Status,
  VIP_PERKS,
  type VipBuy,
  type VipMembership,
  type VipPurchase,
  type VipRenew,
  type VipTierCode,
  type VipTierDetail,
} from '@polaris/contract';
import type { Database, Tx } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { once } from '../../platform/idempotency.ts';
import type { Notifier } from '../notifications/events.ts';
import type { TradePasswordService } from '../security/service.ts';
import { ledger } from '../wallet/ledger.ts';
import { EXPIRING_NOTICE_MS, membershipExpiring, membershipRenewed } from './events.ts';
import { presentMembership, presentOrder, presentTier } from './presenter.ts';
import { endDateText, PERIOD_MS, renewedEnd, upgradePrice } from './rules.ts';
import {
  countDueMemberships,
  dueExpiryNotices,
  findMembership,
  insertMembership,
  insertOrder,
  listOrders,
  listTiers,
  lockDueMemberships,
  lockMembership,
  type MembershipRow,
  markExpired,
  type TierRow,
  updateMembership,
} from './store.ts';

export interface VipDeps {
  db: Database;
  now: () => Date;
  trade: TradePasswordService;
  /** Notices and live screens, told after each commit (docs/notifications.md). */
  notifier?: Notifier;
}

const tierUnknown = () => new AppError(Status.notFound, 'vip.tierUnknown');
const isRunning = (row: MembershipRow, now: Date) => row.status === 'active' && row.endsAt.getTime() > now.getTime();

/**
 * Membership (docs/membership.md): tiers bought and renewed from the wallet into `vip_revenue` behind the trade
 * password and an idempotency key, upgrades prorated, and the expiry worker. Every purchase locks the user's
 * membership row first, so purchases at once are decided one after the other against what the first left.
 */
export class VipService {
  constructor(private readonly deps: VipDeps) {}

  private get db() {
    return this.deps.db;
  }

  private async tierRow(code: string, db: Database | Tx = this.db): Promise<TierRow> {
    const tier = (await listTiers(db)).find((row) => row.code === code);
    if (!tier) throw tierUnknown();
    return tier;
  }

  async tiers() {
    return { items: (await listTiers(this.db)).map(presentTier) };
  }

  /** One tier; for a running member of a lower tier, what moving up to it costs at this moment. */
  async tier(code: VipTierCode, userId: number | null): Promise<VipTierDetail> {
    const tiers = await listTiers(this.db);
    const tier = tiers.find((row) => row.code === code);
    if (!tier) throw tierUnknown();
    let price: string | null = null;
    if (userId !== null) {
      const now = this.deps.now();
      const membership = await findMembership(this.db, userId);
      const from = membership && tiers.find((row) => row.code === membership.tierCode);
      if (membership && from && isRunning(membership, now) && from.rank < tier.rank) {
        const units = upgradePrice({
          fromMonth: BigInt(from.priceMonth),
          toMonth: BigInt(tier.priceMonth),
          endsAt: membership.endsAt,
          now,
          asset: tier.assetCode,
          decimals: tier.decimals,
        });
        price = presentTier({ ...tier, priceMonth: String(units) }).priceMonth;
      }
    }
    return { ...presentTier(tier), upgradePrice: price };
  }

  async current(userId: number): Promise<VipMembership | null> {
    const row = await findMembership(this.db, userId);
    return row ? presentMembership(row, this.deps.now()) : null;
  }

  /** What the user's membership grants now; someone without a running membership gets the plain limits. */
  async perksOf(userId: number): Promise<{ redPacketMultiplier: number; withdrawFeeDiscount: number }> {
    const row = await findMembership(this.db, userId);
    if (!row || !isRunning(row, this.deps.now())) return { redPacketMultiplier: 1, withdrawFeeDiscount: 0 };
    return VIP_PERKS[row.tierCode as VipTierCode];
  }

  async orders(userId: number, page: { cursor?: string; limit: number }) {
    const rows = await listOrders(this.db, userId, {
      beforeId: page.cursor ? Number(page.cursor) : null,
      limit: page.limit + 1,
    });
    const items = rows.slice(0, page.limit).map((row) => presentOrder(row, row.decimals));
    return { items, nextCursor: rows.length > page.limit ? items.at(-1)!.id : null };
  }

  /** Take the price from the member into `vip_revenue` and write the order (dated `now`): one entry, one order. */
  private async charge(
    tx: Tx,
    user: { id: number; uid: number },
    order: { kind: 'buy' | 'renew' | 'upgrade'; tier: TierRow; period: 'month' | 'year' | null; amount: bigint },
    membership: MembershipRow,
    now: Date,
  ): Promise<VipPurchase> {
    const { entryId } = await ledger.transfer(tx, {
      kind: `vip_${order.kind}`,
      asset: order.tier.assetCode,
      from: { userId: user.id },
      to: { system: 'vip_revenue' },
      amount: order.amount,
      actorId: user.id,
      reference: `vip:${user.id}`,
      memo: { uid: String(user.uid), tier: order.tier.code, period: order.period },
    });
    const row = await insertOrder(tx, {
      userId: user.id,
      kind: order.kind,
      tierCode: order.tier.code,
      period: order.period,
      assetCode: order.tier.assetCode,
      amount: String(order.amount),
      entryId,
      endsAt: membership.endsAt,
      createdAt: now,
    });
    const purchase = { order: presentOrder(row, order.tier.decimals), vip: presentMembership(membership, now) };
    // The member hears the tier and its end through the outbox, written with the charge.
    await this.deps.notifier?.notifyIn(tx, [
      membershipRenewed({
        userId: user.id,
        orderId: purchase.order.id,
        tier: purchase.order.tier,
        endsAt: new Date(purchase.order.endsAt),
      }),
    ]);
    return purchase;
  }

  /**
   * Buy a tier. Without a running membership it starts now for the period (full price); with a running one of
   * a lower tier it is an upgrade: the tier changes until the same end, for the prorated difference (the
   * period is not used). The same tier or a lower one while a membership runs is refused: renew instead.
   */
  async buy(user: { id: number; uid: number }, input: VipBuy, language: Language = 'en'): Promise<VipPurchase> {
    const tier = await this.tierRow(input.tier);
    await this.deps.trade.verify(user.id, input.tradePassword);
    const { tradePassword: _secret, ...request } = input;
    const purchase = await once(
      this.db,
      { key: input.idempotencyKey, userId: user.id, operation: 'vip.buy', request },
      async (tx) => {
        const now = this.deps.now();
        const price = BigInt(input.period === 'month' ? tier.priceMonth : tier.priceYear);
        const fresh = { tierCode: tier.code, status: 'active' as const, startsAt: now, updatedAt: now };
        let row = await lockMembership(tx, user.id);
        if (!row) {
          const created = await insertMembership(tx, {
            userId: user.id,
            ...fresh,
            endsAt: new Date(now.getTime() + PERIOD_MS[input.period]),
          });
          if (created)
            return this.charge(tx, user, { kind: 'buy', tier, period: input.period, amount: price }, created, now);
          // Another purchase created the row first and has committed: decide against what it left.
          row = (await lockMembership(tx, user.id))!;
        }
        if (!isRunning(row, now)) {
          const renewed = await updateMembership(tx, user.id, {
            ...fresh,
            endsAt: new Date(now.getTime() + PERIOD_MS[input.period]),
          });
          return this.charge(tx, user, { kind: 'buy', tier, period: input.period, amount: price }, renewed, now);
        }
        const from = await this.tierRow(row.tierCode, tx);
        // The message shows the end in the member's language; the attachment keeps it exact for the client.
        const params = { tier: row.tierCode, endsAt: endDateText(row.endsAt, language) };
        const exact = { endsAt: row.endsAt.toISOString() };
        if (from.rank === tier.rank) throw new AppError(Status.conflict, 'vip.alreadyMember', params, exact);
        if (from.rank > tier.rank) throw new AppError(Status.conflict, 'vip.noDowngrade', params, exact);
        const amount = upgradePrice({
          fromMonth: BigInt(from.priceMonth),
          toMonth: BigInt(tier.priceMonth),
          endsAt: row.endsAt,
          now,
          asset: tier.assetCode,
          decimals: tier.decimals,
        });
        // The figure the member confirmed, when the client names it: a different one charges nothing.
        const named = input.price === undefined ? null : parseAmount(input.price, tier.decimals);
        if (named !== null && !('units' in named && named.units === amount)) {
          const quoted = { price: formatAmount(amount, tier.decimals), asset: tier.assetCode };
          throw new AppError(Status.conflict, 'vip.priceChanged', quoted, quoted);
        }
        const upgraded = await updateMembership(tx, user.id, { ...row, tierCode: tier.code, updatedAt: now });
        return this.charge(tx, user, { kind: 'upgrade', tier, period: null, amount }, upgraded, now);
      },
    );
    await this.purchased(user.id, purchase);
    return purchase;
  }

  /** After a purchase commits (its notice went into the outbox with it): the member's screens refresh. */
  private async purchased(userId: number, _purchase: VipPurchase) {
    const notifier = this.deps.notifier;
    if (!notifier) return;
    await notifier.changed([userId], 'membership');
    await notifier.changed([userId], 'wallet');
  }

  /**
   * Renew the current (or last) tier: the period is added to the end of a running membership, or starts now
   * for one that has ended. Refused, changing nothing, when the membership is no longer the tier and end the
   * caller saw (a renewal or upgrade landed in between, e.g. the same renewal sent twice under two keys).
   */
  async renew(user: { id: number; uid: number }, input: VipRenew, language: Language = 'en'): Promise<VipPurchase> {
    await this.deps.trade.verify(user.id, input.tradePassword);
    const { tradePassword: _secret, ...request } = input;
    const purchase = await once(
      this.db,
      { key: input.idempotencyKey, userId: user.id, operation: 'vip.renew', request },
      async (tx) => {
        const now = this.deps.now();
        const row = await lockMembership(tx, user.id);
        if (!row) throw new AppError(Status.notFound, 'vip.nothingToRenew');
        if (row.tierCode !== input.tier || row.endsAt.getTime() !== new Date(input.endsAt).getTime()) {
          throw new AppError(
            Status.conflict,
            'vip.changed',
            { endsAt: endDateText(row.endsAt, language) },
            { endsAt: row.endsAt.toISOString() },
          );
        }
        const tier = await this.tierRow(row.tierCode, tx);
        const running = isRunning(row, now);
        const renewed = await updateMembership(tx, user.id, {
          tierCode: row.tierCode,
          status: 'active',
          startsAt: running ? row.startsAt : now,
          endsAt: renewedEnd(row.endsAt, now, input.period),
          updatedAt: now,
        });
        const amount = BigInt(input.period === 'month' ? tier.priceMonth : tier.priceYear);
        return this.charge(tx, user, { kind: 'renew', tier, period: input.period, amount }, renewed, now);
      },
    );
    await this.purchased(user.id, purchase);
    return purchase;
  }

  /** Memberships past their end still active (`expireDue`), counted up to `limit`: the backlog metric (docs/jobs.md). */
  backlog(limit = 10_000): Promise<number> {
    return countDueMemberships(this.db, this.deps.now(), limit);
  }

  /**
   * Mark memberships past their end as expired, once: rows are locked and those another worker holds are
   * skipped, so several processes may run this together. (Perks already stop at the end; this keeps the
   * status honest for lists and for the renewal that restarts it.)
   */
  async expireDue(limit = 100): Promise<{ expired: number }> {
    const userIds = await this.db.transaction(async (tx) => {
      const now = this.deps.now();
      const due = await lockDueMemberships(tx, now, limit);
      const ids = due.map((row) => row.userId);
      await markExpired(tx, ids, now);
      return ids;
    });
    if (userIds.length > 0) await this.deps.notifier?.changed(userIds, 'membership');
    return { expired: userIds.length };
  }

  /**
   * "Your membership ends soon", EXPIRING_NOTICE_MS (3 days) before the end, once per member and period end:
   * the notice's key `membershipExpiring:<user>:<end>` is unique per user, so processes running this together
   * tell each member once, and a member already told is not selected again (dueExpiryNotices).
   */
  async announceExpiring(limit = 100): Promise<{ announced: number }> {
    const notifier = this.deps.notifier;
    if (!notifier) return { announced: 0 };
    const now = this.deps.now();
    const due = await dueExpiryNotices(this.db, now, new Date(now.getTime() + EXPIRING_NOTICE_MS), limit);
    if (due.length > 0) {
      await notifier.notify(
        due.map((row) => membershipExpiring({ userId: row.userId, tier: row.tierCode, endsAt: row.endsAt })),
      );
    }
    return { announced: due.length };
  }
}

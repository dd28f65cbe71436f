import {
  formatAmount,
  type PromoCheck,
  type PromoCode,
  type PromoCreate,
  parseAmount,
  Status,
} from '@polaris/contract';
import type { Database, Tx } from '../../db/client.ts';
import { AppError, FieldsError } from '../../platform/errors.ts';
import { assetDecimals, liveTicketTypes, type TicketTypeRow } from './activities.store.ts';
import { editRefusal } from './policy.ts';
import { decimalsOf, presentTicketType } from './presenter.ts';
import { disablePromo, insertPromo, type NewPromo, type PromoRow, promoByCode, promosOf } from './promo.store.ts';
import { discountOf, promoAppliesTo, promoRefusal, promoUnlocks } from './promo-rules.ts';
import { seatCounts } from './registrations.store.ts';
import { activityAllowing, managedActivity, visibleActivity } from './service.ts';

/** A code the guest typed, found and usable now, for a ticket type: what it takes off. */
interface PromoQuote {
  promo: PromoRow;
  discount: bigint;
}

/**
 * Promo codes (docs/activities.md "Promo codes"): the organizer's list, new codes and disabling one; the guest's
 * check before paying; and the quote a sign-up is charged by (signup.service.ts claims the use).
 */
export class PromoService {
  constructor(private readonly deps: { db: Database; now: () => Date }) {}

  private get db() {
    return this.deps.db;
  }

  async list(hostId: number, code: string): Promise<{ items: PromoCode[] }> {
    const activity = await managedActivity(this.db, code, hostId);
    const [rows, decimals] = await Promise.all([promosOf(this.db, activity.row.id), assetDecimals(this.db)]);
    return { items: rows.map((row) => presentPromo(row, decimals)) };
  }

  async create(hostId: number, input: PromoCreate): Promise<PromoCode> {
    const { values, decimals } = await this.terms(hostId, input);
    const created = await this.db.transaction((tx) => insertPromo(tx, values));
    if (!created) throw promoTaken();
    return presentPromo(created, decimals);
  }

  /**
   * A new code's row for the activity, checked: the caller may edit it, the kind's figures are given, the ticket
   * types are the activity's and the window is a window. Nothing is written.
   */
  async terms(hostId: number, input: PromoCreate) {
    const now = this.deps.now();
    const activity = await activityAllowing(this.db, input.activityId, (found) => editRefusal(found, hostId, now));
    const [types, decimals] = await Promise.all([liveTicketTypes(this.db, [activity.row.id]), assetDecimals(this.db)]);
    const problems: { field: string; messageKey: string; params?: Record<string, number> }[] = [];
    let amountOff: bigint | null = null;
    if (input.kind === 'percent' && input.percentOff === undefined)
      problems.push({ field: 'percentOff', messageKey: 'activity.promoPercentRequired' });
    if (input.kind === 'amount') {
      const places = input.asset ? decimals.get(input.asset) : undefined;
      if (!input.asset || places === undefined || !input.amountOff)
        problems.push({ field: input.asset ? 'amountOff' : 'asset', messageKey: 'activity.promoAmountRequired' });
      else {
        const parsed = parseAmount(input.amountOff, places);
        if ('problem' in parsed || parsed.units <= 0n)
          problems.push({ field: 'amountOff', messageKey: 'activity.promoAmountRequired' });
        else amountOff = parsed.units;
      }
    }
    const typeIds = input.ticketTypeIds.map((id) => types.find((type) => String(type.id) === id)?.id);
    if (typeIds.some((id) => id === undefined))
      problems.push({ field: 'ticketTypeIds', messageKey: 'activity.ticketTypeUnknown' });
    const validFrom = input.validFrom ? new Date(input.validFrom) : null;
    const validUntil = input.validUntil ? new Date(input.validUntil) : null;
    if (validFrom && validUntil && validUntil <= validFrom)
      problems.push({ field: 'validUntil', messageKey: 'activity.promoWindow' });
    if (problems.length > 0) throw new FieldsError(problems);
    const values: NewPromo = {
      activityId: activity.row.id,
      code: input.code,
      kind: input.kind,
      percentOff: input.kind === 'percent' ? (input.percentOff ?? null) : null,
      amountOff: amountOff?.toString() ?? null,
      assetCode: input.kind === 'amount' ? (input.asset ?? null) : null,
      ticketTypeIds: typeIds.length > 0 ? [...new Set(typeIds as number[])] : null,
      maxUses: input.maxUses,
      validFrom,
      validUntil,
      createdBy: hostId,
      createdAt: now,
    };
    return { activity: activity.row, types, values, decimals };
  }

  /** A disabled code stops working at once; places already paid with it keep their price. */
  async disable(hostId: number, code: string, promoId: number): Promise<PromoCode> {
    const activity = await managedActivity(this.db, code, hostId);
    const row = await this.db.transaction((tx) => disablePromo(tx, activity.row.id, promoId, this.deps.now()));
    if (!row) throw new AppError(Status.notFound, 'http.404');
    return presentPromo(row, await assetDecimals(this.db));
  }

  /** The guest's check: the hidden types the code shows and what each type it is for costs with it. */
  async check(userId: number, input: { activityId: string; code: string }): Promise<PromoCheck> {
    const activity = await visibleActivity(this.db, input.activityId, userId);
    const now = this.deps.now();
    const promo = await promoByCode(this.db, activity.row.id, input.code);
    const refused = promoRefusal(promo, now);
    if (refused || !promo) throw new FieldsError([{ field: 'code', messageKey: refused! }]);
    const [types, decimals] = await Promise.all([liveTicketTypes(this.db, [activity.row.id]), assetDecimals(this.db)]);
    const applicable = types.filter(
      (type) => promoAppliesTo(promo, type) && (!type.hidden || promoUnlocks(promo, type)),
    );
    if (applicable.length === 0) throw new FieldsError([{ field: 'code', messageKey: 'activity.promoNotForTicket' }]);
    const counts = (await seatCounts(this.db, [activity.row.id])).get(activity.row.id);
    const amount = (type: TicketTypeRow, units: bigint) => formatAmount(units, decimalsOf(decimals, type.assetCode));
    return {
      code: promo.code,
      unlocked: applicable
        .filter((type) => type.hidden)
        .map((type) => presentTicketType(type, counts, decimals, activity.row, now)),
      prices: applicable.map((type) => {
        const price = BigInt(type.price);
        const discount = discountOf(promo, price);
        return {
          ticketTypeId: String(type.id),
          price: amount(type, price),
          discount: amount(type, discount),
          pay: amount(type, price - discount),
        };
      }),
    };
  }

  /**
   * The code a sign-up gave, for its ticket type, as of now (`field`: where a refusal is shown). Uses are checked
   * here too, so a used-up code is refused before any money moves; the claim itself is in the sign-up's transaction.
   */
  async quote(db: Database | Tx, activityId: number, code: string, type: TicketTypeRow, field: string) {
    const promo = await promoByCode(db, activityId, code);
    const refused = promoRefusal(promo, this.deps.now());
    if (refused || !promo) throw new FieldsError([{ field, messageKey: refused! }]);
    if (!promoAppliesTo(promo, type) || (type.hidden && !promoUnlocks(promo, type)))
      throw new FieldsError([{ field, messageKey: 'activity.promoNotForTicket' }]);
    return { promo, discount: discountOf(promo, BigInt(type.price)) } satisfies PromoQuote;
  }
}

export const promoTaken = () =>
  new FieldsError([{ field: 'code', messageKey: 'activity.promoCodeTaken' }], Status.conflict);

export function presentPromo(row: PromoRow, decimals: Map<string, number>): PromoCode {
  return {
    id: String(row.id),
    code: row.code,
    kind: row.kind as PromoCode['kind'],
    percentOff: row.percentOff,
    amountOff: row.amountOff === null ? null : formatAmount(BigInt(row.amountOff), decimalsOf(decimals, row.assetCode)),
    asset: row.assetCode,
    ticketTypeIds: (row.ticketTypeIds ?? []).map(String),
    maxUses: row.maxUses,
    uses: row.uses,
    validFrom: row.validFrom?.toISOString() ?? null,
    validUntil: row.validUntil?.toISOString() ?? null,
    disabled: row.disabledAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

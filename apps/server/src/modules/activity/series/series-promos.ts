import { type SeriesPromoCreateResult, Status } from '@polaris/contract';
import type { Database, Tx } from '../../../db/client.ts';
import type { SeriesPromoTemplate } from '../../../db/schema/index.ts';
import { AppError } from '../../../platform/errors.ts';
import { liveTicketTypes } from '../activities.store.ts';
import { type PromoService, presentPromo, promoTaken } from '../promo.service.ts';
import { insertPromo, type NewPromo } from '../promo.store.ts';
import { followingOccurrences, lockSeries, occurrenceOf, setTemplate, templatePromos } from './series.store.ts';

/**
 * Promo codes for a series (docs/activities.md "Recurring series"): a code made "for this and every later date"
 * is made on this occurrence, on every later one not yet started, and kept in the template, so each occurrence
 * made later gets it in its own creating transaction. Each date's code has uses of its own. Ticket types are
 * matched by their place (every occurrence's types were made from the template in its order).
 */

interface Deps {
  db: Database;
  now: () => Date;
  promos: PromoService;
}

export async function createSeriesPromo(
  deps: Deps,
  userId: number,
  input: Parameters<PromoService['terms']>[1],
): Promise<SeriesPromoCreateResult> {
  const { activity, types, values, decimals } = await deps.promos.terms(userId, input);
  const found = await occurrenceOf(deps.db, activity.id);
  if (!found) throw new AppError(Status.notFound, 'series.notFound');
  const typeIds = types.map((type) => type.id);
  const kept: SeriesPromoTemplate = {
    code: values.code,
    kind: values.kind as SeriesPromoTemplate['kind'],
    percentOff: values.percentOff,
    amountOff: values.amountOff,
    assetCode: values.assetCode,
    ticketTypeIndexes: values.ticketTypeIds?.map((id) => typeIds.indexOf(id)) ?? null,
    maxUses: values.maxUses,
    validFrom: values.validFrom?.toISOString() ?? null,
    validUntil: values.validUntil?.toISOString() ?? null,
  };
  // One transaction under the series' lock: an occurrence being made now holds the lock shared, so it either
  // commits first (and is among the later dates read below) or waits and reads the template with the code.
  return deps.db.transaction(async (tx) => {
    const series = await lockSeries(tx, found.seriesId);
    if (!series) throw new AppError(Status.notFound, 'series.notFound');
    if (series.organizerId !== userId) throw new AppError(Status.noPermission, 'http.403');
    const created = await insertPromo(tx, values);
    if (!created) throw promoTaken();
    const skipped: string[] = [];
    let dates = 1;
    for (const later of await followingOccurrences(tx, series.id, found.idx, deps.now())) {
      const promo = await promoFor(tx, later.activityId, kept, userId, values.createdAt);
      const made = promo && (await insertPromo(tx, promo));
      if (made) dates++;
      else skipped.push(later.code);
    }
    const codes = (series.template.promoCodes ?? []).filter(
      (code) => code.code.toLowerCase() !== kept.code.toLowerCase(),
    );
    await setTemplate(tx, series.id, { ...series.template, promoCodes: [...codes, kept] }, deps.now());
    return { promo: presentPromo(created, decimals), dates, skipped };
  });
}

/** Inside a new occurrence's creating transaction: the series' codes, made on it. */
export async function giveSeriesPromos(tx: Tx, seriesId: number, activityId: number, organizerId: number, now: Date) {
  for (const kept of await templatePromos(tx, seriesId)) {
    const promo = await promoFor(tx, activityId, kept, organizerId, now);
    if (promo) await insertPromo(tx, promo);
  }
}

async function promoFor(
  tx: Tx,
  activityId: number,
  kept: SeriesPromoTemplate,
  createdBy: number,
  createdAt: Date,
): Promise<NewPromo | null> {
  const types = await liveTicketTypes(tx, [activityId]);
  // A type the date does not have (its types were edited apart) is left out; when none is left the date gets no
  // code, rather than one for every type.
  const ticketTypeIds = kept.ticketTypeIndexes?.flatMap((at) => (types[at] ? [types[at].id] : [])) ?? null;
  if (ticketTypeIds?.length === 0) return null;
  return {
    activityId,
    code: kept.code,
    kind: kept.kind,
    percentOff: kept.percentOff,
    amountOff: kept.amountOff,
    assetCode: kept.assetCode,
    ticketTypeIds,
    maxUses: kept.maxUses,
    validFrom: kept.validFrom ? new Date(kept.validFrom) : null,
    validUntil: kept.validUntil ? new Date(kept.validUntil) : null,
    createdBy,
    createdAt,
  };
}

import { and, asc, eq, sql } from 'drizzle-orm';
import { type Database, query, type Tx } from '../../db/client.ts';
import { promoCodes } from '../../db/schema/index.ts';

/**
 * The SQL of promo codes (docs/activities.md "Promo codes"). A use is claimed by one conditional UPDATE, so the
 * uses never pass the maximum however many claim at once; the table's check says so too.
 */

export type PromoRow = typeof promoCodes.$inferSelect;
export type NewPromo = Omit<PromoRow, 'id' | 'uses' | 'disabledAt'>;

/** A new code; undefined when the activity already has it (in any letter case). */
export async function insertPromo(tx: Tx, values: NewPromo): Promise<PromoRow | undefined> {
  const [created] = await tx.insert(promoCodes).values(values).onConflictDoNothing().returning();
  return created;
}

export function promosOf(db: Database | Tx, activityId: number): Promise<PromoRow[]> {
  return db.select().from(promoCodes).where(eq(promoCodes.activityId, activityId)).orderBy(asc(promoCodes.id));
}

/** The activity's code as typed, in any letter case. */
export async function promoByCode(db: Database | Tx, activityId: number, code: string): Promise<PromoRow | undefined> {
  const [row] = await db
    .select()
    .from(promoCodes)
    .where(and(eq(promoCodes.activityId, activityId), sql`lower(${promoCodes.code}) = lower(${code})`));
  return row;
}

export async function promoById(db: Database | Tx, id: number): Promise<PromoRow | undefined> {
  const [row] = await db.select().from(promoCodes).where(eq(promoCodes.id, id));
  return row;
}

/** Takes one use when one is left; false when the code is used up. */
export async function claimPromoUse(tx: Tx, id: number): Promise<boolean> {
  const [claimed] = await tx
    .update(promoCodes)
    .set({ uses: sql`${promoCodes.uses} + 1` })
    .where(and(eq(promoCodes.id, id), sql`${promoCodes.uses} < ${promoCodes.maxUses}`))
    .returning({ id: promoCodes.id });
  return claimed !== undefined;
}

/** Gives a claimed use back (its place was cancelled). */
export async function releasePromoUse(tx: Tx, id: number): Promise<void> {
  await tx
    .update(promoCodes)
    .set({ uses: sql`${promoCodes.uses} - 1` })
    .where(and(eq(promoCodes.id, id), sql`${promoCodes.uses} > 0`));
}

export async function disablePromo(tx: Tx, activityId: number, id: number, now: Date): Promise<PromoRow | undefined> {
  const [row] = await tx
    .update(promoCodes)
    .set({ disabledAt: sql`coalesce(${promoCodes.disabledAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(promoCodes.id, id), eq(promoCodes.activityId, activityId)))
    .returning();
  return row;
}

/** The codes of these registrations, by promo id. */
export async function promoCodeNames(db: Database | Tx, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: promoCodes.id, code: promoCodes.code })
    .from(promoCodes)
    .where(sql`${promoCodes.id} in ${ids}`);
  return new Map(rows.map((row) => [row.id, row.code]));
}

/**
 * Per code and asset, the tickets paid with it that the organizer keeps (in escrow, or released to earnings):
 * how many, what the code took off and what is left of what they paid.
 */
export async function discountsByCode(db: Database, activityId: number) {
  const rows = await query<{ code: string; asset_code: string; n: string; discount: string; paid: string }>(
    db,
    sql`select p.code, r.asset_code, count(*)::text as n, sum(r.discount)::text as discount,
          sum(r.paid - r.refunded)::text as paid
        from registrations r join promo_codes p on p.id = r.promo_code_id
        where r.activity_id = ${activityId} and r.asset_code is not null and (r.status = 'approved' or r.payment_state in ('escrow', 'released'))
        group by p.code, r.asset_code order by p.code, r.asset_code`,
  );
  return rows.rows.map((row) => ({
    code: row.code,
    assetCode: row.asset_code,
    tickets: Number(row.n),
    discount: BigInt(row.discount),
    paid: BigInt(row.paid),
  }));
}

import { sql } from 'drizzle-orm';
import { type Database, query, type Tx } from '../../db/client.ts';
import { activityReminders } from '../../db/schema/index.ts';
import type { RegistrationRow } from './registrations.store.ts';

/**
 * What the activity's notices read after a change has committed: the holders of places with the address and
 * language they are written to, and the reminders' claims. Reads the `public_users` and `notice_languages` views in joins
 * (the name and language to write in; the address is the user module's, added by the service); writes only `activity_reminders`.
 */

export interface Holder {
  registrationId: number;
  activityId: number;
  userId: number;
  status: string;
  email: string;
  name: string;
  /**
   * The language the holder last used the app in (the one the notifications module writes the notice's title and
   * mail in), else the one the place was taken in; null when neither is known.
   */
  language: string | null;
  paymentState: string;
  paid: string;
  refunded: string;
  assetCode: string | null;
  fullRefundUntil: Date | null;
}

/** A holder as read here: the email (and the name it falls back to) is the user module's, added by the service. */
export type HolderRow = Omit<Holder, 'email' | 'name'> & { name: string | null };

interface HolderRecord {
  id: string;
  activity_id: string;
  user_id: string;
  status: string;
  name: string | null;
  language: string | null;
  payment_state: string;
  paid: string;
  refunded: string;
  asset_code: string | null;
  full_refund_until: Date | string | null;
}

const holderColumns = sql`r.id, r.activity_id, r.user_id, r.status, u.name,
  coalesce(ns.language, r.language) as language, r.payment_state, r.paid::text as paid,
  r.refunded::text as refunded, r.asset_code, r.full_refund_until`;
const holderJoins = sql`registrations r join public_users u on u.id = r.user_id
  left join notice_languages ns on ns.user_id = r.user_id`;

const holderOf = (row: HolderRecord): HolderRow => ({
  registrationId: Number(row.id),
  activityId: Number(row.activity_id),
  userId: Number(row.user_id),
  status: row.status,
  name: row.name,
  language: row.language,
  paymentState: row.payment_state,
  paid: row.paid,
  refunded: row.refunded,
  assetCode: row.asset_code,
  fullRefundUntil: row.full_refund_until === null ? null : new Date(row.full_refund_until),
});

/** The holder of one place. */
export async function holderOfPlace(db: Database | Tx, registrationId: number): Promise<HolderRow | undefined> {
  const result = await query<HolderRecord>(
    db,
    sql`select ${holderColumns} from ${holderJoins} where r.id = ${registrationId} and u.deleted_at is null`,
  );
  const row = result.rows[0];
  return row ? holderOf(row) : undefined;
}

/** The holders of an activity's places in these statuses, in place order. */
export async function holdersOf(
  db: Database | Tx,
  activityId: number,
  statuses: readonly RegistrationRow['status'][],
): Promise<HolderRow[]> {
  const result = await query<HolderRecord>(
    db,
    sql`select ${holderColumns} from ${holderJoins}
        where r.activity_id = ${activityId} and r.status in (${sql.join(
          statuses.map((status) => sql`${status}`),
          sql`, `,
        )})
          and u.deleted_at is null
        order by r.id`,
  );
  return result.rows.map(holderOf);
}

/** The people of these places, whatever their status now (a cancellation has already ended them). */
export async function holdersOfPlaces(db: Database | Tx, registrationIds: number[]): Promise<HolderRow[]> {
  if (registrationIds.length === 0) return [];
  const result = await query<HolderRecord>(
    db,
    sql`select ${holderColumns} from ${holderJoins}
        where r.id in (${sql.join(
          registrationIds.map((id) => sql`${id}`),
          sql`, `,
        )}) and u.deleted_at is null
        order by r.id`,
  );
  return result.rows.map(holderOf);
}

/**
 * Published activities whose reminder `leadMinutes` before the start is due now and not claimed yet. Due means:
 * the lead's point (start - lead) has passed, but by less than a quarter of the lead (a reminder "in 24 h" sent
 * 20 hours ahead is still true enough; one sent 2 hours ahead is not: the 1-hour one covers it), and the
 * activity was published before that point. So an activity created or published after its 24-hour point gets
 * only the reminders still ahead, and one that a worker outage left far behind is skipped rather than wrong.
 */
export async function dueReminders(db: Database, now: Date, leadMinutes: number, limit: number): Promise<number[]> {
  const at = now.toISOString();
  const lead = sql`${leadMinutes} * interval '1 minute'`;
  const result = await query<{ id: string }>(
    db,
    sql`select a.id from activities a
        where a.status = 'published'
          and a.starts_at <= ${at}::timestamptz + ${lead}
          and a.starts_at > ${at}::timestamptz + ${lead} * 0.75
          and a.published_at <= a.starts_at - ${lead}
          and not exists (select 1 from activity_reminders ar
                          where ar.activity_id = a.id and ar.lead_minutes = ${leadMinutes})
        order by a.starts_at, a.id
        limit ${limit}`,
  );
  return result.rows.map((row) => Number(row.id));
}

/**
 * Claims one activity's reminder at one lead: the primary key (activity, lead) lets exactly one process in,
 * however many race. Answers whether this caller got it.
 */
export async function claimReminder(tx: Tx, activityId: number, leadMinutes: number, now: Date): Promise<boolean> {
  const rows = await tx
    .insert(activityReminders)
    .values({ activityId, leadMinutes, doneAt: now })
    .onConflictDoNothing()
    .returning({ activityId: activityReminders.activityId });
  return rows.length > 0;
}

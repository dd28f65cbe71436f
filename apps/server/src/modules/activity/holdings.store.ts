import { sql } from 'drizzle-orm';
import { type Database, query, type Tx } from '../../db/client.ts';

/**
 * What a person still has going on at activities, for deleting their account (the security module asks through
 * `SeatService.openPlacesOf`, in its own transaction). A ticket counts while its place is live at an upcoming
 * activity, or while money paid for it is still held (a late cancellation's forfeit comes back if the organizer
 * cancels the activity before it is settled); a hosted activity while it is published and not over or not settled.
 */
export async function openPlacesOf(
  db: Database | Tx,
  userId: number,
  now: Date,
): Promise<{ tickets: number; hostedActivities: number }> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const { rows } = await query<{ tickets: number; hosted: number }>(
    db,
    sql`select
          (select count(*)::int from registrations r join activities v on v.id = r.activity_id
            where r.user_id = ${userId}
              and ((r.status in ('pending', 'approved', 'waitlisted') and v.status = 'published' and v.ends_at > ${at})
                or (r.payment_state in ('frozen', 'escrow') and r.paid > r.refunded and v.settled_at is null))) as tickets,
          (select count(*)::int from activities v
            where v.organizer_id = ${userId} and v.status = 'published'
              and (v.ends_at > ${at} or v.settled_at is null)) as hosted`,
  );
  return { tickets: Number(rows[0]?.tickets ?? 0), hostedActivities: Number(rows[0]?.hosted ?? 0) };
}

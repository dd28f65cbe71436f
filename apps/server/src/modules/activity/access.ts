import { eq, sql } from 'drizzle-orm';
import { type Database, query, type Tx } from '../../db/client.ts';
import { ticketTypes } from '../../db/schema/index.ts';
import { authorize, canManage, canView, notFound } from './policy.ts';
import { presentRegistration, type RegistrationRow } from './presenter.ts';
import { type ActivityRow, assetDecimals, findActivity, type LoadedActivity } from './store.ts';

/** The activity a caller may see, or "not found" (a missing one and someone else's draft look the same). */
export async function visibleActivity(db: Database, code: string, userId: number | null): Promise<LoadedActivity> {
  const activity = await findActivity(db, code);
  if (!activity || !canView(activity, userId)) throw notFound();
  return activity;
}

/** The activity a caller may manage: 404 when they cannot see it, 403 when they see it but may not act. */
export async function managedActivity(
  db: Database,
  code: string,
  userId: number,
  rule = canManage,
): Promise<LoadedActivity> {
  const activity = await findActivity(db, code);
  if (!activity) throw notFound();
  authorize(activity, userId, rule);
  return activity;
}

/** A registration as its holder sees it: ticket type name, waitlist position, the QR payload. */
export async function registrationView(
  db: Database | Tx,
  activity: Pick<ActivityRow, 'id' | 'code' | 'checkinSecret'>,
  registration: RegistrationRow,
  decimals?: Map<string, number>,
) {
  const [type] = await db
    .select({ name: ticketTypes.name })
    .from(ticketTypes)
    .where(eq(ticketTypes.id, registration.ticketTypeId));
  let position: number | null = null;
  if (registration.status === 'waitlisted') {
    const ahead = await query<{ n: string }>(
      db,
      sql`select count(*)::text as n from registrations
          where activity_id = ${activity.id} and status = 'waitlisted' and id < ${registration.id}`,
    );
    position = Number(ahead.rows[0]?.n ?? 0) + 1;
  }
  return presentRegistration(registration, {
    activity,
    typeName: type?.name ?? '',
    decimals: decimals ?? (await assetDecimals(db)),
    waitlistPosition: position,
  });
}

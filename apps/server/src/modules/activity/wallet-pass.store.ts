import { and, eq, sql } from 'drizzle-orm';
import { type Database, query, type Tx } from '../../db/client.ts';
import { activities, registrations, walletPassDevices, walletPasses } from '../../db/schema/index.ts';

/** The SQL of Apple Wallet passes and the phones registered for their updates (docs/activities.md "Wallet passes"). */

export interface StoredPass {
  serial: string;
  registrationId: number;
  authToken: string;
  language: string;
  updatedAt: Date;
}

/**
 * The pass of `serial`, made now unless it already was: a ticket downloaded again keeps its token and update tag,
 * so a phone that registered with the first copy goes on being answered.
 */
export async function issuePass(
  db: Database,
  pass: { serial: string; registrationId: number; authToken: string; language: string },
  now: Date,
): Promise<StoredPass> {
  await db
    .insert(walletPasses)
    .values({ ...pass, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: walletPasses.serial });
  return (await passBySerial(db, pass.serial))!;
}

export async function passBySerial(db: Database | Tx, serial: string): Promise<StoredPass | undefined> {
  const [row] = await db.select().from(walletPasses).where(eq(walletPasses.serial, serial));
  return row && { ...row };
}

/** The ticket and the activity a pass is made of, as they are now. */
export async function passSubject(db: Database, registrationId: number) {
  const [row] = await db
    .select({ registration: registrations, activity: activities })
    .from(registrations)
    .innerJoin(activities, eq(activities.id, registrations.activityId))
    .where(eq(registrations.id, registrationId));
  return row;
}

/** A phone asks to hear of a pass's updates: true when it was not registered for it yet (its token kept current). */
export async function registerDevice(
  db: Database,
  device: { deviceLibraryId: string; serial: string; pushToken: string },
  now: Date,
): Promise<boolean> {
  const made = await db
    .insert(walletPassDevices)
    .values({ ...device, createdAt: now })
    .onConflictDoNothing()
    .returning({ serial: walletPassDevices.serial });
  if (made.length > 0) return true;
  await db
    .update(walletPassDevices)
    .set({ pushToken: device.pushToken })
    .where(
      and(eq(walletPassDevices.deviceLibraryId, device.deviceLibraryId), eq(walletPassDevices.serial, device.serial)),
    );
  return false;
}

export async function unregisterDevice(db: Database, deviceLibraryId: string, serial: string): Promise<void> {
  await db
    .delete(walletPassDevices)
    .where(and(eq(walletPassDevices.deviceLibraryId, deviceLibraryId), eq(walletPassDevices.serial, serial)));
}

/** APNs said a token is no longer valid (410): no phone is pushed through it again. */
export async function forgetPushToken(db: Database, pushToken: string): Promise<void> {
  await db.delete(walletPassDevices).where(eq(walletPassDevices.pushToken, pushToken));
}

/** The passes a phone registered for whose tag moved past `since` (all of them without one), with their tags. */
export async function devicePassesSince(
  db: Database,
  deviceLibraryId: string,
  since: Date | null,
): Promise<{ serial: string; updatedAt: Date }[]> {
  const { rows } = await query<{ serial: string; updated_at: string | Date }>(
    db,
    sql`select p.serial, p.updated_at from wallet_pass_devices d join wallet_passes p on p.serial = d.serial
        where d.device_library_id = ${deviceLibraryId}
          ${since ? sql`and p.updated_at > ${since.toISOString()}::timestamptz` : sql``}
        order by p.serial`,
  );
  return rows.map((row) => ({ serial: row.serial, updatedAt: new Date(row.updated_at) }));
}

/**
 * Inside the change's transaction: the passes of an activity's tickets (or of one ticket) get a new tag, at least
 * a second past the last (If-Modified-Since counts whole seconds), and the push tokens of the phones registered for
 * them are answered, one each.
 */
export async function touchPasses(
  tx: Tx,
  of: { activityId: number } | { registrationId: number },
  now: Date,
): Promise<string[]> {
  const which =
    'activityId' in of
      ? sql`registration_id in (select id from registrations where activity_id = ${of.activityId})`
      : sql`registration_id = ${of.registrationId}`;
  const { rows } = await query<{ push_token: string }>(
    tx,
    sql`with touched as (
          update wallet_passes
          set updated_at = greatest(${now.toISOString()}::timestamptz, date_trunc('second', updated_at) + interval '1 second')
          where ${which}
          returning serial)
        select distinct d.push_token from wallet_pass_devices d join touched t on t.serial = d.serial
        order by d.push_token`,
  );
  return rows.map((row) => row.push_token);
}

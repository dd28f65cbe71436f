import { sql } from 'drizzle-orm';
import { type Database, query, type Tx } from '../../db/client.ts';

/** `known_devices`: the devices each account has signed in from (auth/device.ts says what a device is). */

/**
 * Records the device for the user; answers whether this statement added it (`added`) and how many other
 * devices the account knew before (`known`). One statement: the insert's ON CONFLICT DO NOTHING decides "new"
 * atomically, so two sign-ins at once from one new device add it once and only one of them is told `added`.
 */
export async function recordDevice(
  db: Database | Tx,
  userId: number,
  fingerprint: string,
  now: Date,
): Promise<{ added: boolean; known: number }> {
  const { rows } = await query<{ added: number; known: number }>(
    db,
    sql`with before as (select count(*)::int as n from known_devices where user_id = ${userId}),
        added as (insert into known_devices (user_id, device, first_seen_at)
          values (${userId}, ${fingerprint}, ${now.toISOString()}::timestamptz)
          on conflict do nothing returning 1)
        select (select count(*)::int from added) as added, (select n from before) as known`,
  );
  const row = rows[0]!;
  return { added: Number(row.added) > 0, known: Number(row.known) };
}

/** Deleting an account: the devices it signed in from. */
export async function forgetDevices(tx: Tx, userId: number): Promise<void> {
  await tx.execute(sql`delete from known_devices where user_id = ${userId}`);
}

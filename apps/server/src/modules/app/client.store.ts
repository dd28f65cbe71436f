import type { ClientDevice } from '@polaris/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { clientDevices } from '../../db/schema/index.ts';

/** One statement: a device's first report inserts its row, every later one updates it in place. */
export async function upsertDevice(
  db: Database,
  device: ClientDevice,
  userId: number | null,
  now: Date,
): Promise<void> {
  await db
    .insert(clientDevices)
    .values({
      deviceId: device.deviceId,
      userId,
      deviceType: device.deviceType,
      appVersion: device.appVersion,
      versionCode: device.versionCode,
      os: device.os ?? null,
      model: device.model ?? null,
      language: device.language ?? null,
      screen: device.screen ?? null,
      firstSeenAt: now,
      lastSeenAt: now,
    })
    .onConflictDoUpdate({
      target: clientDevices.deviceId,
      set: {
        userId: sql`coalesce(excluded.user_id, ${clientDevices.userId})`,
        deviceType: sql`excluded.device_type`,
        appVersion: sql`excluded.app_version`,
        versionCode: sql`excluded.version_code`,
        os: sql`excluded.os`,
        model: sql`excluded.model`,
        language: sql`excluded.language`,
        screen: sql`excluded.screen`,
        reports: sql`${clientDevices.reports} + 1`,
        lastSeenAt: sql`excluded.last_seen_at`,
      },
    });
}

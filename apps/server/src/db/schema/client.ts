import { bigint, bigserial, index, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { at } from './columns.ts';
import { users } from './users.ts';

/**
 * What each client install last reported about itself (`POST /client/device`): one row per device id, updated
 * on every report, so the table grows with installs, not with app starts.
 */
export const clientDevices = pgTable(
  'client_devices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deviceId: text('device_id').notNull().unique(),
    /** The account signed in at the last report; kept when a later report comes from a guest. */
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id),
    deviceType: smallint('device_type').notNull(),
    appVersion: text('app_version').notNull(),
    versionCode: integer('version_code').notNull(),
    os: text('os'),
    model: text('model'),
    language: text('language'),
    screen: text('screen'),
    reports: integer('reports').notNull().default(1),
    firstSeenAt: at('first_seen_at').notNull(),
    lastSeenAt: at('last_seen_at').notNull(),
  },
  (t) => [index('client_devices_version_idx').on(t.deviceType, t.appVersion)],
);

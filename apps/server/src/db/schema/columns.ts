import { numeric, timestamp } from 'drizzle-orm/pg-core';

/** Amounts are integers of an asset's base units; NUMERIC(78,0) holds any uint256. */
export const units = (name: string) => numeric(name, { precision: 78, scale: 0 });
export const at = (name: string) => timestamp(name, { withTimezone: true });

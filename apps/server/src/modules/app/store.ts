import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

/** One round trip to the database: it answers, or this throws. */
export async function ping(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}

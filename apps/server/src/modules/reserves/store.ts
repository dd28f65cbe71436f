import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import { reserveLeaves, reserveNodes, reserveSnapshots } from '../../db/schema/index.ts';

/** The reserves module's SQL: snapshots, their trees' nodes, and whose leaf is whose. */

export type SnapshotRow = typeof reserveSnapshots.$inferSelect;
type NodeRow = typeof reserveNodes.$inferSelect;

/** Rows per insert statement: a tree of a million users is two million nodes. */
const BATCH = 2000;

export async function insertSnapshot(tx: Tx, values: typeof reserveSnapshots.$inferInsert): Promise<SnapshotRow> {
  const [row] = await tx.insert(reserveSnapshots).values(values).returning();
  return row!;
}

export async function insertNodes(tx: Tx, rows: (typeof reserveNodes.$inferInsert)[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await tx.insert(reserveNodes).values(rows.slice(i, i + BATCH));
}

export async function insertLeaves(tx: Tx, rows: (typeof reserveLeaves.$inferInsert)[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await tx.insert(reserveLeaves).values(rows.slice(i, i + BATCH));
}

export async function latestSnapshot(db: Database): Promise<SnapshotRow | undefined> {
  const [row] = await db.select().from(reserveSnapshots).orderBy(desc(reserveSnapshots.id)).limit(1);
  return row;
}

/** Where a user's leaf sits in a snapshot; undefined when they had no account then. */
export async function leafPositionOf(db: Database, snapshotId: number, userId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ position: reserveLeaves.position })
    .from(reserveLeaves)
    .where(and(eq(reserveLeaves.snapshotId, snapshotId), eq(reserveLeaves.userId, userId)));
  return row?.position;
}

/** The nodes at these (level, position)s of a snapshot's tree, in one statement; padding positions have none. */
export async function nodesAt(
  db: Database,
  snapshotId: number,
  positions: { level: number; position: number }[],
): Promise<NodeRow[]> {
  if (positions.length === 0) return [];
  const pairs = sql.join(
    positions.map((p) => sql`(${p.level}::int, ${p.position}::int)`),
    sql`, `,
  );
  return db
    .select()
    .from(reserveNodes)
    .where(
      and(
        eq(reserveNodes.snapshotId, snapshotId),
        sql`(${reserveNodes.level}, ${reserveNodes.position}) in (${pairs})`,
      ),
    );
}

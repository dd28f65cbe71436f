import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database, Tx } from '../../db/client.ts';

const dialect = new PgDialect();

/**
 * Runs a statement that each connection keeps prepared under `name`: PostgreSQL parses and plans it once per
 * connection instead of at every call. For a send's statements, whose parsing and planning were most of what
 * PostgreSQL spent on a message (about 0.8 ms of its CPU against 0.3 ms prepared). `name` stands for one text
 * only; drizzle's `execute` takes no name, so the statement is prepared through the session as `execute` does.
 */
export async function namedQuery<T>(db: Database | Tx, name: string, statement: SQL): Promise<{ rows: T[] }> {
  const prepared = db._.session.prepareQuery(dialect.sqlToQuery(statement), undefined, name, false);
  return (await prepared.execute()) as { rows: T[] };
}

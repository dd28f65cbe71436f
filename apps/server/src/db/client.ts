import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../paths.ts';
import * as schema from './schema/index.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The handle a service receives: the database itself or an open transaction. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Apply pending migrations (idempotent). */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** Only for PGlite: the embedded instance, for dumps in tests. */
  pglite?: PGlite;
  /** Statements sent through `db` so far: lets a test bound the queries one request makes. */
  statements(): number;
}

/** Drizzle's logger hook, used only to count (a closure increment per statement). */
function statementCounter() {
  let count = 0;
  return {
    logger: {
      logQuery() {
        count++;
      },
    },
    statements: () => count,
  };
}

export type DatabaseSource =
  | { kind: 'postgres'; url: string }
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob | File };

export async function openDatabase(source: DatabaseSource): Promise<DatabaseHandle> {
  if (source.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: source.url, max: 10 });
    // An idle connection dropped by the server (restart, failover) is replaced on next use; it must not crash us.
    pool.on('error', (error) => console.warn(`postgres: idle connection lost (${error.message})`));
    const counter = statementCounter();
    const db = drizzlePg({ client: pool, schema, logger: counter.logger }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      statements: counter.statements,
      migrate: () => migratePg(drizzlePg({ client: pool, schema }), { migrationsFolder: MIGRATIONS_DIR }),
      close: () => pool.end(),
    };
  }
  let dataDir: string | undefined;
  if (source.dataDir) {
    dataDir = path.join(source.dataDir, 'pglite');
    mkdirSync(dataDir, { recursive: true });
  }
  const client = await PGlite.create(dataDir, source.loadDataDir ? { loadDataDir: source.loadDataDir } : {});
  const counter = statementCounter();
  const db = drizzlePglite({ client, schema, logger: counter.logger }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    statements: counter.statements,
    pglite: client,
    migrate: () => migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: MIGRATIONS_DIR }),
    close: () => client.close(),
  };
}

export function databaseSourceFor(config: { databaseUrl?: string; dataDir: string }): DatabaseSource {
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: config.dataDir };
}

/** Raw SQL with typed rows; both drivers answer with `{ rows }`. */
export async function query<T>(db: Database | Tx, statement: SQL): Promise<{ rows: T[] }> {
  return (await db.execute(statement)) as unknown as { rows: T[] };
}

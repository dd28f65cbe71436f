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
import { DurableFiles } from './durable-files.ts';
import { FairGate, gatedPglite, type Lane } from './fair-gate.ts';
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
  /** Only for PGlite on disk: what makes its writes durable. */
  files?: DurableFiles;
  /** How busy the connections are right now (read when metrics are scraped). */
  usage?(): DatabaseUsage;
  /**
   * Only for PGlite (one connection): how many calls have had to wait for another so far. A background worker
   * reads it between its steps to tell whether it is holding anyone up (blasts.service.ts `blastBatching`).
   */
  waits?(): number;
}

export type DatabaseUsage =
  | { kind: 'postgres'; total: number; idle: number; waiting: number; max: number }
  | { kind: 'pglite'; waiting: Record<Lane, number> };

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

/** Any fixed number: the advisory lock that one migration at a time holds on a shared PostgreSQL. */
const MIGRATION_LOCK = 7_301_917;

/**
 * Drizzle's migrator takes no lock, so nodes starting together on an empty database raced each other's
 * `CREATE SEQUENCE` and crashed. Each now migrates holding a session advisory lock on one connection: the
 * first applies the migrations, the others wait, then find nothing left to apply.
 */
async function migrateLocked(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migratePg(drizzlePg({ client, schema }), { migrationsFolder: MIGRATIONS_DIR });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}

export type DatabaseSource =
  | { kind: 'postgres'; url: string }
  | {
      kind: 'pglite';
      dataDir?: string;
      loadDataDir?: Blob | File;
      /** Let PGlite queue callers first come, first served (only to measure what the fair gate buys). */
      unfair?: boolean;
      /** Leave a data directory to the operating system's cache, as PGlite does (only to measure the cost). */
      durable?: boolean;
    };

export async function openDatabase(source: DatabaseSource): Promise<DatabaseHandle> {
  if (source.kind === 'postgres') {
    const max = 10;
    const pool = new pg.Pool({ connectionString: source.url, max, connectionTimeoutMillis: 10_000 });
    // A connection dropped by the server (terminated backend, restart, failover) must never crash the process.
    // Idle ones are reported on the pool; one checked out by a request emits on the client itself, and its
    // query fails, which the request answers with 503. The pool drops the broken client and opens a new one.
    pool.on('error', (error) => console.warn(`postgres: idle connection lost (${error.message})`));
    pool.on('connect', (client) => {
      client.on('error', (error) => console.warn(`postgres: connection lost during a query (${error.message})`));
    });
    const counter = statementCounter();
    const db = drizzlePg({ client: pool, schema, logger: counter.logger }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      statements: counter.statements,
      migrate: () => migrateLocked(pool),
      close: () => pool.end(),
      usage: () => ({
        kind: 'postgres',
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
        max,
      }),
    };
  }
  let dataDir: string | undefined;
  if (source.dataDir) {
    dataDir = path.join(source.dataDir, 'pglite');
    mkdirSync(dataDir, { recursive: true });
  }
  const client = await PGlite.create(dataDir, source.loadDataDir ? { loadDataDir: source.loadDataDir } : {});
  // On disk, what PGlite leaves in the operating system's cache is fsynced by us (see durable-files.ts).
  const durable = dataDir && source.durable !== false ? new DurableFiles(dataDir) : null;
  durable?.start();
  const counter = statementCounter();
  const gate = new FairGate();
  const gated = source.unfair
    ? client
    : gatedPglite(client, { gate, ...(durable ? { afterWrite: () => durable.flushWal() } : {}) });
  const db = drizzlePglite({ client: gated, schema, logger: counter.logger }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    statements: counter.statements,
    pglite: client,
    files: durable ?? undefined,
    usage: () => ({ kind: 'pglite', waiting: gate.queued() }),
    ...(source.unfair ? {} : { waits: () => gate.waits() }),
    migrate: () => migratePglite(drizzlePglite({ client: gated, schema }), { migrationsFolder: MIGRATIONS_DIR }),
    close: async () => {
      await client.close();
      await durable?.stop();
    },
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

/**
 * Whether an error means the database connection went away or could not be had (not that the query was wrong):
 * the request answers 503 and may be retried, and a transaction that was cut off was rolled back by the server.
 * A pool that found no free connection within its wait (`timeout exceeded when trying to connect`, a machine
 * under more load than the pool can serve) is the same: nothing ran, try again.
 */
export function isConnectionLoss(error: unknown): boolean {
  for (const { code, message } of errorChain(error)) {
    if (typeof code === 'string' && (/^(57P0[123]|08\w{3}|53300)$/.test(code) || CONNECTION_ERRNOS.has(code))) {
      return true;
    }
    if (
      typeof message === 'string' &&
      /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
        message,
      )
    ) {
      return true;
    }
  }
  return false;
}

/** An error and the errors that caused it (Drizzle wraps the driver's), nearest first, at most five deep. */
export function* errorChain(error: unknown): Generator<{ code?: unknown; message?: unknown; constraint?: unknown }> {
  for (let cause = error, depth = 0; cause && depth < 5; depth++) {
    yield cause as { code?: unknown; message?: unknown; constraint?: unknown };
    cause = (cause as { cause?: unknown }).cause;
  }
}

const CONNECTION_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND']);

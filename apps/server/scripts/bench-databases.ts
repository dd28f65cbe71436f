import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../src/db/client.ts';

/**
 * Runs one benchmark on the embedded database, then on a fresh database of the PostgreSQL at DATABASE_URL when it
 * is set (created for the run and dropped after), and answers each run's result in that order.
 */
export async function benchEachDatabase<T>(bench: (label: string, database: DatabaseHandle) => Promise<T>) {
  const results: T[] = [];
  const embedded = await openDatabase({ kind: 'pglite' });
  results.push(await bench('embedded (PGlite)', embedded));
  await embedded.close();

  if (!process.env.DATABASE_URL) {
    console.log('PostgreSQL: not run (set DATABASE_URL to include it)');
    return results;
  }
  results.push(await onScratchPostgres(process.env.DATABASE_URL, (postgres) => bench('PostgreSQL', postgres)));
  return results;
}

/** Runs `bench` on a database created for it on the PostgreSQL at `serverUrl`, dropped after. */
export async function onScratchPostgres<T>(serverUrl: string, bench: (database: DatabaseHandle) => Promise<T>) {
  const name = `polaris_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const postgres = await openDatabase({ kind: 'postgres', url: url.toString() });
  const result = await bench(postgres);
  await postgres.close();
  await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
  await admin.end();
  return result;
}

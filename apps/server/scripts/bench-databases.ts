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
  const name = `polaris_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  const postgres = await openDatabase({ kind: 'postgres', url: url.toString() });
  results.push(await bench('PostgreSQL', postgres));
  await postgres.close();
  await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
  await admin.end();
  return results;
}

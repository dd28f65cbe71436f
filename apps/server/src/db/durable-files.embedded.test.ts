import { rm } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterEach, describe, expect, it } from 'vitest';
import { emptyPgliteDataDir } from '../test/pglite-data-dir.ts';
import { openDatabase } from './client.ts';
import { DurableFiles } from './durable-files.ts';
import { gatedPglite } from './fair-gate.ts';

const folders: string[] = [];
/** A folder with a new, empty cluster (a copy: initialising one in each test took 7 s of CPU). */
async function folder() {
  const made = await emptyPgliteDataDir('polaris-durable-');
  folders.push(made);
  return made;
}
afterEach(async () => {
  await Promise.all(folders.splice(0).map((made) => rm(made, { recursive: true, force: true })));
});

describe('writes on the embedded database are made durable', () => {
  it('fsyncs the log segment holding a commit before the write is answered, and nothing after a read', async () => {
    const dataDir = await folder();
    const client = await PGlite.create(dataDir);
    const synced: string[] = [];
    const files = new DurableFiles(dataDir, { onSync: (file) => synced.push(path.relative(dataDir, file)) });
    const db = gatedPglite(client, { afterWrite: () => files.flushWal() });
    try {
      await db.exec('create table t (n int)');
      synced.length = 0;
      await db.query('insert into t values (1)');
      // Recorded before the insert's promise resolved: the commit was on disk when the caller heard of it.
      const answeredAfter = [...synced];
      const { rows } = await client.query<{ name: string }>('select pg_walfile_name(pg_current_wal_lsn()) as name');
      expect(answeredAfter).toContain(path.join('pg_wal', rows[0]!.name));

      synced.length = 0;
      await db.query('select * from t');
      expect(synced).toEqual([]);

      await db.transaction(async (tx) => {
        await tx.query('insert into t values (2)');
      });
      expect(synced.some((file) => file.startsWith('pg_wal'))).toBe(true);
    } finally {
      await client.close();
    }
  });

  it('shares one pass among commits that arrive together (group commit)', async () => {
    const dataDir = await folder();
    const client = await PGlite.create(dataDir);
    const files = new DurableFiles(dataDir);
    let passes = 0;
    const flush = files.flushWal.bind(files);
    const db = gatedPglite(client, {
      afterWrite: async () => {
        const before = files.synced.wal;
        await flush();
        if (files.synced.wal > before) passes++;
      },
    });
    try {
      await db.exec('create table t (n int)');
      const before = files.synced.wal;
      await Promise.all(Array.from({ length: 50 }, (_, i) => db.query(`insert into t values (${i})`)));
      const walSyncs = files.synced.wal - before;
      expect(walSyncs).toBeGreaterThan(0);
      expect(walSyncs).toBeLessThan(50);
      expect((await client.query('select count(*)::int as n from t')).rows).toEqual([{ n: 50 }]);
    } finally {
      await client.close();
    }
    expect(passes).toBeGreaterThan(0);
  });

  it('sweeps the data files a checkpoint wrote, and does so when the database closes', async () => {
    const dataDir = await folder();
    const database = await openDatabase({ kind: 'pglite', dataDir });
    await database.migrate();
    expect(database.files!.synced.wal).toBeGreaterThan(0);
    await database.pglite!.exec('checkpoint');
    const before = database.files!.synced.data;
    await database.files!.sweep();
    expect(database.files!.synced.data).toBeGreaterThan(before);
    await database.close();

    // What was answered is there after reopening.
    const again = await openDatabase({ kind: 'pglite', dataDir });
    const { rows } = await again.pglite!.query<{ n: number }>('select count(*)::int as n from users');
    expect(rows).toEqual([{ n: 0 }]);
    await again.close();
  });
});

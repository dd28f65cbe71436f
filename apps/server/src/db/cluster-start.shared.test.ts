import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { REPO_ROOT } from '../paths.ts';
import { ServerProcesses } from '../test/server-processes.ts';

/**
 * Three nodes started at the same moment on an empty PostgreSQL. Before migrations took an advisory lock, two of
 * three crashed on `CREATE SEQUENCE "user_uid_seq"` (duplicate key) while racing the first one.
 */
const template = inject('databaseTemplate');
if (template.kind !== 'postgres') throw new Error('this file runs in the PostgreSQL pass (DATABASE_URL)');
const redisUrl = process.env.REDIS_URL;
if (!redisUrl) throw new Error('this file needs REDIS_URL');
const processes = new ServerProcesses(template.url, redisUrl);

afterAll(() => processes.close());

describe('nodes starting together', () => {
  it('all come up on an empty database, which ends migrated once', async () => {
    await processes.createEmptyDatabase();
    // One of them on a data folder that does not exist yet: a node makes it (it once died writing its admin token).
    const fresh = path.join(tmpdir(), `polaris-fresh-${process.pid}-${Date.now()}`, 'data');
    const started = await Promise.allSettled([
      processes.start(),
      processes.start(),
      processes.start({ DATA_DIR: fresh }),
    ]);
    expect(started.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    expect(existsSync(path.join(fresh, 'server.json'))).toBe(true);
    const applied = await processes.query<{ count: string; distinct: string }>(
      'SELECT count(*)::text AS count, count(DISTINCT hash)::text AS distinct FROM drizzle.__drizzle_migrations',
    );
    expect(applied[0]!.count).toBe(applied[0]!.distinct);
    expect(Number(applied[0]!.count)).toBeGreaterThan(0);
  }, 180_000);

  it('refuses to start on a shared database without the keys every node must share, naming them', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: REPO_ROOT,
      env: { ...process.env, DATABASE_URL: processes.databaseUrl, TOTP_KEY: '', WALLET_MNEMONIC: '', PORT: '0' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (chunk) => {
      stderr += chunk;
    });
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toMatch(/set WALLET_MNEMONIC \(or WALLET_EVM_XPUBS\), TOTP_KEY/);
  }, 60_000);
});

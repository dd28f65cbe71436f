import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { REPO_ROOT } from '../src/paths.ts';

const run = promisify(execFile);
let dataDir: string;

async function command(args: string[]) {
  try {
    const { stdout, stderr } = await run('npx', ['tsx', path.join('apps/server/scripts/invite-fund.ts'), ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, DATA_DIR: dataDir, PORT: '1', DATABASE_URL: '', REDIS_URL: '' },
    });
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout + failed.stderr };
  }
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'polaris-invite-cli-'));
  const database = await openDatabase({ kind: 'pglite', dataDir });
  await database.migrate();
  await database.close();
}, 60_000);
afterAll(() => rm(dataDir, { recursive: true, force: true }));

it('invite:fund adds to the referral pool and refuses no amount', async () => {
  const funded = await command(['--amount', '250']);
  expect(funded.out).toContain('Added 250 USDT to the referral pool; it now holds 250 USDT. Paid 0 owed reward(s)');
  expect(funded.code).toBe(0);
  expect((await command([])).code).toBe(2);
}, 180_000);

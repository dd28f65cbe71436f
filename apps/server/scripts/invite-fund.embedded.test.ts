import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { runCommand } from './command-runner.ts';

let dataDir: string;

const command = (args: string[]) => runCommand('invite-fund.ts', args, { dataDir });

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

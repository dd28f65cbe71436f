import { rm } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { commandApp, runCommand, signedUpUser } from './command-runner.ts';

let dataDir: string;

/** Runs an operator command against an embedded database with no server running. */
const command = (script: string, args: string[] = []) => runCommand(script, args, { dataDir });

beforeAll(async () => {
  const made = await commandApp('polaris-cli-');
  dataDir = made.dataDir;
  await signedUpUser(made.app, dataDir, 'cli@example.com');
  await made.app.close();
  await made.database.close();
}, 60_000);
afterAll(() => rm(dataDir, { recursive: true, force: true }));

describe('operator commands', () => {
  it('wallet:deposit credits a user, and ledger:check passes, then fails once a balance is tampered with', async () => {
    const deposit = await command('wallet-deposit.ts', [
      '--email',
      'cli@example.com',
      '--asset',
      'USDT',
      '--chain',
      'BSC',
      '--amount',
      '42',
    ]);
    expect(deposit.out).toContain('Credited 42 USDT on BSC to cli@example.com');
    expect(deposit.code).toBe(0);
    const refused = await command('wallet-deposit.ts', [
      '--email',
      'nobody@example.com',
      '--asset',
      'USDT',
      '--chain',
      'BSC',
      '--amount',
      '1',
    ]);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('This email has not been registered');
    const usage = await command('wallet-deposit.ts', ['--email', 'cli@example.com']);
    expect(usage.code).toBe(2);

    const ok = await command('ledger-check.ts');
    expect(ok.code).toBe(0);
    expect(ok.out).toContain('Ledger OK');

    const database = await openDatabase({ kind: 'pglite', dataDir });
    await database.db.execute(sql`update accounts set available = available + 1 where user_id is not null`);
    await database.close();
    const broken = await command('ledger-check.ts');
    expect(broken.code).toBe(1);
    expect(broken.out).toContain('balance differs from its postings');
  }, 120_000);
});

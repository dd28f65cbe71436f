import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { hashLoginPassword } from '@polaris/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { injectedCaptcha, TEST_CAPTCHA_ENV } from '../src/test/captcha.ts';
import { latestCode } from '../src/test/outbox.ts';
import { runCommand } from './command-runner.ts';

let dataDir: string;

/** Runs an operator command against an embedded database with no server running. */
const command = (script: string, args: string[] = []) => runCommand(script, args, { dataDir });

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'polaris-cli-'));
  const database = await openDatabase({ kind: 'pglite', dataDir });
  await database.migrate();
  const config = {
    ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...TEST_CAPTCHA_ENV }),
    backgroundWorkers: false,
  };
  const app = await buildApp({ config, database });
  const email = 'cli@example.com';
  await app.inject({
    method: 'POST',
    url: '/rest/polarisex/user/vcode/send',
    payload: { email, purpose: 'signup', captcha: await injectedCaptcha(app) },
  });
  const vcode = await latestCode(path.join(dataDir, 'outbox'), email);
  await app.inject({
    method: 'POST',
    url: '/rest/polarisex/user/signup',
    payload: { email, vcode, password: hashLoginPassword('abc12345'), captcha: await injectedCaptcha(app) },
  });
  await app.close();
  await database.close();
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

import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { hashLoginPassword } from '@polaris/contract';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { REPO_ROOT } from '../src/paths.ts';
import { injectedCaptcha, TEST_CAPTCHA_ENV } from '../src/test/captcha.ts';
import { latestCode } from '../src/test/outbox.ts';

const run = promisify(execFile);

export interface CommandResult {
  code: number;
  out: string;
}

/**
 * Runs an operator command the way a person would (`npx tsx apps/server/scripts/<script>`), on the embedded data
 * in `dataDir`, and answers its exit code and everything it printed. No PORT: a running server is found through
 * `dataDir/server.json` (docs: operator.ts); without one the command opens the data itself.
 */
export async function runCommand(script: string, args: string[], options: { dataDir: string }): Promise<CommandResult> {
  const { PORT: _none, ...env } = process.env;
  try {
    const { stdout, stderr } = await run('npx', ['tsx', path.join('apps/server/scripts', script), ...args], {
      cwd: REPO_ROOT,
      env: { ...env, DATA_DIR: options.dataDir, DATABASE_URL: '', REDIS_URL: '' },
    });
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout + failed.stderr };
  }
}

/** An app on a new embedded database in a fresh `dataDir`, as the commands' tests set one up before running them. */
export async function commandApp(prefix: string) {
  const dataDir = await mkdtemp(path.join(tmpdir(), prefix));
  const database = await openDatabase({ kind: 'pglite', dataDir });
  await database.migrate();
  const config = {
    ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...TEST_CAPTCHA_ENV }),
    backgroundWorkers: false,
  };
  const app = await buildApp({ config, database });
  return { dataDir, database, app };
}

/** Signs `email` up through the real routes (code from the outbox, captcha solved) and answers the session token. */
export async function signedUpUser(app: FastifyInstance, dataDir: string, email: string): Promise<string> {
  await app.inject({
    method: 'POST',
    url: '/rest/polarisex/user/vcode/send',
    payload: { email, purpose: 'signup', captcha: await injectedCaptcha(app) },
  });
  const vcode = await latestCode(path.join(dataDir, 'outbox'), email);
  const signup = await app.inject({
    method: 'POST',
    url: '/rest/polarisex/user/signup',
    payload: { email, vcode, password: hashLoginPassword('abc12345'), captcha: await injectedCaptcha(app) },
  });
  return (signup.json() as { attachment: { token: string } }).attachment.token;
}

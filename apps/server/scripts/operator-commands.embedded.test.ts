import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_BASE } from '@polaris/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { REPO_ROOT } from '../src/paths.ts';
import { announcedServer, serverFilePath } from '../src/platform/server-file.ts';
import { runCommandInProcess } from '../src/test/in-process-command.ts';
import { commandApp, runCommand, signedUpUser } from './command-runner.ts';

let dataDir: string;
/** The data of the server the second group starts: a copy of `dataDir` as first set up. */
let serverDir: string;

/**
 * Runs an operator command against an embedded database with no server running, as its own process (`npx tsx`):
 * each costs seconds of CPU importing the server, so only the runs that prove each command's wiring (its exit
 * code and output as a process) spawn one; `inProcess` runs the same script here for the other cases.
 */
const command = (script: string, args: string[] = []) => runCommand(script, args, { dataDir });
const inProcess = (script: string, args: string[] = []) => runCommandInProcess(script, args, { dataDir });

beforeAll(async () => {
  const made = await commandApp('polaris-cli-');
  dataDir = made.dataDir;
  await signedUpUser(made.app, dataDir, 'cli@example.com');
  await signedUpUser(made.app, dataDir, 'live@example.com');
  await made.app.close();
  await made.database.close();
  // A copy for the server: setting up and migrating a second embedded database took ~10 s of CPU.
  serverDir = await mkdtemp(path.join(tmpdir(), 'polaris-cli-server-'));
  await cp(dataDir, serverDir, { recursive: true });
}, 60_000);
afterAll(() =>
  Promise.all([dataDir, serverDir].filter(Boolean).map((made) => rm(made, { recursive: true, force: true }))),
);

// Each case starts a few commands as processes (tsx, a database connection each): on a machine busy with the
// browser journeys beside this pass, that has taken over two minutes, so the deadlines only guard against a hang.
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
    const refused = await inProcess('wallet-deposit.ts', [
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
    const usage = await inProcess('wallet-deposit.ts', ['--email', 'cli@example.com']);
    expect(usage.code).toBe(2);
    expect(usage.out).toContain('Missing --asset, --chain, --amount');

    const ok = await inProcess('ledger-check.ts');
    expect(ok.code).toBe(0);
    expect(ok.out).toContain('Ledger OK');

    const database = await openDatabase({ kind: 'pglite', dataDir });
    await database.db.execute(sql`update accounts set available = available + 1 where user_id is not null`);
    await database.close();
    const broken = await command('ledger-check.ts');
    expect(broken.code).toBe(1);
    expect(broken.out).toContain('balance differs from its postings');
  }, 240_000);
});

describe('operator commands beside a running server', () => {
  let server: ChildProcess;
  const tokenOf = () => readFile(path.join(serverDir, 'admin.token'), 'utf8');
  // The commands' wiring as processes is proven above; here they run in this process (the server is a real one).
  const run = (script: string, args: string[] = []) => runCommandInProcess(script, args, { dataDir: serverDir });
  /** The server's environment: a port of its own choosing, so nobody can tell the commands which. */
  const serverEnv = () => {
    const { PORT: _none, ...env } = process.env;
    return {
      ...env,
      DATA_DIR: serverDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
    };
  };

  beforeAll(async () => {
    // The real server.
    server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: REPO_ROOT,
      env: serverEnv(),
      stdio: 'ignore',
    });
    for (let waited = 0; !(await announcedServer(serverDir)); waited += 200) {
      if (waited > 60_000 || server.exitCode !== null) throw new Error('the server did not start');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }, 240_000);
  afterAll(async () => {
    if (server.exitCode === null) server.kill('SIGTERM');
    await rm(serverDir, { recursive: true, force: true });
  });

  it('go through the server found in DATA_DIR without PORT, and leave its token and operator routes working', async () => {
    const token = await tokenOf();
    const deposit = await run('wallet-deposit.ts', [
      ...['--email', 'live@example.com', '--asset', 'USDT', '--chain', 'BSC', '--amount', '5'],
    ]);
    expect(deposit.out).toContain('Credited 5 USDT on BSC to live@example.com');
    const check = await run('ledger-check.ts');
    expect(check.out).toContain('Ledger OK');
    expect(check.code).toBe(0);
    expect(await tokenOf()).toBe(token);
    const { port } = (await announcedServer(serverDir))!;
    const direct = await fetch(`http://127.0.0.1:${port}${API_BASE}/admin/ledger/check`, {
      headers: { 'x-admin-token': token.trim() },
    });
    expect(await direct.json()).toMatchObject({ status: 200, attachment: { ok: true } });
    // A second server on the same embedded data refuses to start, and changes nothing.
    const second = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: REPO_ROOT,
      env: serverEnv(),
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let said = '';
    second.stderr?.on('data', (chunk) => {
      said += String(chunk);
    });
    const [code] = await once(second, 'exit');
    expect(code).toBe(1);
    expect(said).toContain(`already runs on the embedded database in ${serverDir}`);
    expect(await tokenOf()).toBe(token);
    expect((await announcedServer(serverDir))?.port).toBe(port);
  }, 240_000);

  it('refuse plainly when the data is held by a server that does not answer, and run alone once it is gone', async () => {
    server.kill('SIGTERM');
    await once(server, 'exit');
    expect(await announcedServer(serverDir)).toBeNull();
    const token = await tokenOf();
    // A server (this test's own process) that holds the data but answers on no port.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as { port: number };
    await new Promise((resolve) => closed.close(resolve));
    const file = { pid: process.pid, port, database: 'pglite', startedAt: new Date().toISOString() };
    await writeFile(serverFilePath(serverDir), JSON.stringify(file));
    const refused = await run('ledger-check.ts');
    expect(refused.code).toBe(2);
    expect(refused.out).toContain(`does not answer on port ${port}`);
    expect(await tokenOf()).toBe(token);
    await rm(serverFilePath(serverDir));
    const alone = await run('ledger-check.ts');
    expect(alone.out).toContain('Ledger OK');
    expect(await tokenOf()).toBe(token);
  }, 240_000);
});

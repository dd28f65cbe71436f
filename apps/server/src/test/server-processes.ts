import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_BASE } from '@polaris/contract';
import pg from 'pg';
import webpush from 'web-push';
import { REPO_ROOT } from '../paths.ts';
import { TEST_CAPTCHA_ENV } from './captcha.ts';
import { databaseUrlWithName, TEMPLATE_DATABASE } from './database.ts';

const vapid = webpush.generateVAPIDKeys();

/** What production sets on every node alike (`missingSharedKeys`): one key of each for a test's fleet. */
export const FLEET_KEYS = {
  VAPID_PUBLIC_KEY: vapid.publicKey,
  VAPID_PRIVATE_KEY: vapid.privateKey,
  CAPTCHA_HMAC_KEY: randomBytes(32).toString('hex'),
  TOTP_KEY: randomBytes(32).toString('hex'),
  // BIP-39's all-zero test vector: any valid phrase does for deposit addresses on a local chain.
  WALLET_MNEMONIC: 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
};

export interface ServerProcess {
  process: ChildProcess;
  baseUrl: string;
  dataDir: string;
  log: string;
}

class PortTaken extends Error {
  constructor(port: number) {
    super(`port ${port} was taken`);
  }
}

/**
 * A port nothing listens on now (20000–29999; the cluster test keeps 30000–31999), below Linux's ephemeral range
 * (32768 and up), where the outgoing connections of every process on the machine (database, Redis, HTTP clients)
 * take their local ports and could take ours.
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 10_000);
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
}

/**
 * Real server processes (`apps/server/src/main.ts`) on one PostgreSQL database of their own, copied from the
 * suite's template, and one Redis: what production runs, for `*.shared.test.ts`. `close()` kills them all and
 * drops the database.
 */
export class ServerProcesses {
  readonly servers: ServerProcess[] = [];
  readonly databaseUrl: string;
  private readonly name = `polaris_proc_${randomBytes(5).toString('hex')}`;

  constructor(
    private readonly adminUrl: string,
    private readonly redisUrl: string,
  ) {
    this.databaseUrl = databaseUrlWithName(adminUrl, this.name);
  }

  async admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: this.adminUrl });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  }

  async createDatabase(): Promise<void> {
    await this.admin((client) => client.query(`CREATE DATABASE ${this.name} TEMPLATE ${TEMPLATE_DATABASE}`));
  }

  /** One statement on the processes' database. */
  async query<T>(text: string): Promise<T[]> {
    const client = new pg.Client({ connectionString: this.databaseUrl });
    await client.connect();
    try {
      return (await client.query(text)).rows as T[];
    } finally {
      await client.end();
    }
  }

  /** An empty database: the processes started on it migrate it themselves. */
  async createEmptyDatabase(): Promise<void> {
    await this.admin((client) => client.query(`CREATE DATABASE ${this.name}`));
  }

  /**
   * Starts one more process and waits until it answers its health check (on `env.PORT` when given). A port picked
   * here that something took meanwhile is tried again with another.
   */
  async start(env: Record<string, string> = {}): Promise<ServerProcess> {
    for (let attempt = 1; ; attempt++) {
      const port = env.PORT ? Number(env.PORT) : await freePort();
      try {
        return await this.startOn(port, env);
      } catch (error) {
        if (env.PORT || attempt >= 5 || !(error instanceof PortTaken)) throw error;
      }
    }
  }

  private async startOn(port: number, env: Record<string, string>): Promise<ServerProcess> {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'polaris-proc-'));
    const server: ServerProcess = {
      process: undefined as never,
      baseUrl: `http://127.0.0.1:${port}`,
      dataDir,
      log: '',
    };
    server.process = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        DATABASE_URL: this.databaseUrl,
        REDIS_URL: this.redisUrl,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        RATE_LIMIT_MULTIPLIER: '100',
        // One set of keys for the fleet, as production sets it: a challenge from one process verifies on another.
        ...FLEET_KEYS,
        ...TEST_CAPTCHA_ENV,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.process.stdout?.on('data', (chunk) => {
      server.log += chunk;
    });
    server.process.stderr?.on('data', (chunk) => {
      server.log += chunk;
    });
    // Not a timing claim, only how long a node that never comes up is waited for: a loaded machine (CI running
    // the browser journeys beside this) has needed more than a minute to start three at once.
    const deadline = Date.now() + 150_000;
    while (Date.now() < deadline && server.process.exitCode === null) {
      try {
        if ((await fetch(`${server.baseUrl}${API_BASE}/health`)).ok) {
          this.servers.push(server);
          return server;
        }
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    server.process.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
    if (server.log.includes('EADDRINUSE')) throw new PortTaken(port);
    throw new Error(`server did not become healthy:\n${server.log}`);
  }

  async kill(server: ServerProcess): Promise<void> {
    const exited = new Promise((resolve) => server.process.once('exit', resolve));
    server.process.kill('SIGKILL');
    await exited;
  }

  /** SIGTERM, as an orchestrator stops a node: resolves with the exit code once the process has drained and exited. */
  async terminate(server: ServerProcess): Promise<number | null> {
    if (server.process.exitCode !== null) return server.process.exitCode;
    const exited = new Promise<number | null>((resolve) => server.process.once('exit', (code) => resolve(code)));
    server.process.kill('SIGTERM');
    return exited;
  }

  async close(): Promise<void> {
    for (const server of this.servers) server.process.kill('SIGKILL');
    await this.admin((client) => client.query(`DROP DATABASE IF EXISTS ${this.name} WITH (FORCE)`));
    for (const server of this.servers) await rm(server.dataDir, { recursive: true, force: true });
  }
}

import { type ChildProcess, spawn } from 'node:child_process';
import { createServer, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  type Address,
  type Chain,
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  type Hex,
  type HttpTransport,
  http,
  type PrivateKeyAccount,
  type PublicClient,
  type TestClient,
  toHex,
  type WalletClient,
} from 'viem';
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts';
import { anvilBinary } from '../modules/chain/anvil-binary.ts';

/** anvil's own default: its dev accounts (10 000 ETH each) derive from it. */
export const ANVIL_MNEMONIC = 'test test test test test test test test test test test junk';

export interface AnvilOptions {
  /** Mine a block every so many seconds; without it, every transaction is mined at once in a block of its own. */
  blockTimeSeconds?: number;
  chainId?: number;
  /** A free port on 127.0.0.1 is chosen without it. */
  port?: number;
  mnemonic?: string;
}

export interface Anvil {
  url: string;
  chainId: number;
  chain: Chain;
  pid: number;
  publicClient: PublicClient<HttpTransport, Chain>;
  testClient: TestClient<'anvil', HttpTransport, Chain>;
  walletClientFor(privateKey: Hex): WalletClient<HttpTransport, Chain, PrivateKeyAccount>;
  /** The private key of dev account `index`, funded at genesis. */
  devKey(index?: number): Hex;
  /** Any JSON-RPC call (trace_block, debug_traceBlockByNumber…); throws with the node's error. */
  request<T>(method: string, params?: unknown[]): Promise<T>;
  /** Sets the balance (anvil_setBalance), whatever it was. */
  fund(address: Address, wei: bigint): Promise<void>;
  mine(blocks?: number): Promise<void>;
  /**
   * Replaces the last `depth` blocks with as many new empty ones (anvil_reorg): their transactions are gone, not
   * back in the pool.
   */
  reorg(depth: number): Promise<void>;
  snapshot(): Promise<Hex>;
  /** Back to the snapshot, which is used up by it (as are the ones taken after it); throws for an unknown one. */
  revert(id: Hex): Promise<void>;
  /** Kills anvil and waits until it has exited. */
  stop(): Promise<void>;
  /** Settles when the process has ended, by stop() or otherwise. */
  exited: Promise<void>;
}

// Every anvil this process started and has not stopped: killed when the process exits, whatever the reason a test
// or a script ends without stopping it (guard() covers a process killed by a signal).
const running = new Set<ChildProcess>();
let killOnExit = false;

/** The private key of anvil's dev account `index` under `mnemonic` (BIP-44 m/44'/60'/0'/0/index). */
export function anvilDevKey(index = 0, mnemonic = ANVIL_MNEMONIC): Hex {
  const key = mnemonicToAccount(mnemonic, { addressIndex: index }).getHdKey().privateKey;
  if (!key) throw new Error(`No private key for dev account ${index}`);
  return toHex(key);
}

/**
 * Start anvil from its npm package on 127.0.0.1 and wait until it answers. Tests and `npm run chain:local` use it;
 * `stop()` ends it.
 */
export async function startAnvil(options: AnvilOptions = {}): Promise<Anvil> {
  const chainId = options.chainId ?? 31337;
  const mnemonic = options.mnemonic ?? ANVIL_MNEMONIC;
  const bin = anvilBinary();
  // Asked for one port, anvil would fail to bind a taken one, but whatever listens there could answer the
  // readiness check first (an earlier `npm run chain:local`, say).
  if (options.port !== undefined && !(await portIsFree(options.port))) {
    throw new Error(`Port ${options.port} on 127.0.0.1 is in use`);
  }
  // A probed port may be taken by another process before anvil binds it: then anvil exits, and another is tried.
  for (let attempt = 1; ; attempt++) {
    const port = options.port ?? (await freeLoopbackPort());
    const args = ['--host', '127.0.0.1', '--port', String(port), '--chain-id', String(chainId)];
    args.push('--mnemonic', mnemonic, '--silent');
    if (options.blockTimeSeconds !== undefined) args.push('--block-time', String(options.blockTimeSeconds));
    const child = spawn(bin, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-4000);
    });
    const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
    if (child.pid !== undefined) guard(child.pid, exited);
    const url = `http://127.0.0.1:${port}`;
    const started = await answers(url, exited, child);
    if (started) return connect(child, exited, url, chainId, mnemonic);
    if (options.port !== undefined || attempt === 5) {
      throw new Error(`anvil did not start on ${url}${stderr ? `: ${stderr.trim()}` : ''}`);
    }
  }
}

/** Whether anvil answers eth_chainId before it exits; kills it if it neither answers nor exits in 15 s. */
async function answers(url: string, exited: Promise<void>, child: ChildProcess): Promise<boolean> {
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  child.once('error', () => {
    gone = true;
  });
  const deadline = Date.now() + 15_000;
  while (!gone && Date.now() < deadline) {
    try {
      await rpc(url, 'eth_chainId', []);
      return true;
    } catch {
      await sleep(50);
    }
  }
  if (!gone) {
    child.kill('SIGKILL');
    await exited;
  }
  return false;
}

/**
 * A shell that kills anvil once this process is gone, however it went: the end of a process closes its side of
 * the shell's stdin. The 'exit' hook (connect) kills anvil at once, but Node runs it only when it exits by itself,
 * not when a signal kills it, which is how vitest ends its workers and how Ctrl-C ends a script. The shell has
 * a process group of its own, so Ctrl-C does not end it first; it is dismissed when anvil has ended (so it never
 * kills a process that got anvil's id later).
 */
function guard(pid: number, exited: Promise<void>): void {
  const shell = spawn('sh', ['-c', `read _; kill -9 ${pid} 2>/dev/null`], {
    stdio: ['pipe', 'ignore', 'ignore'],
    detached: true,
  });
  // Neither the shell nor the pipe to it keeps this process alive.
  shell.unref();
  (shell.stdin as Socket).unref();
  void exited.then(() => shell.kill('SIGKILL'));
}

function connect(child: ChildProcess, exited: Promise<void>, url: string, chainId: number, mnemonic: string): Anvil {
  running.add(child);
  if (!killOnExit) {
    killOnExit = true;
    process.on('exit', () => {
      for (const one of running) one.kill('SIGKILL');
    });
  }
  const chain = defineChain({
    id: chainId,
    name: 'Anvil',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [url] } },
  });
  // A local node answers at once: poll often, so waiting for a receipt takes a block, not viem's default 4 s.
  const pollingInterval = 100;
  // No cached block number either: a test that mines or reorgs reads the new one at once.
  const publicClient = createPublicClient({ chain, transport: http(url), pollingInterval, cacheTime: 0 });
  const testClient = createTestClient({ mode: 'anvil', chain, transport: http(url), pollingInterval });
  return {
    url,
    chainId,
    chain,
    pid: child.pid!,
    exited,
    publicClient,
    testClient,
    walletClientFor: (privateKey) =>
      createWalletClient({ account: privateKeyToAccount(privateKey), chain, transport: http(url), pollingInterval }),
    devKey: (index = 0) => anvilDevKey(index, mnemonic),
    request: (method, params = []) => rpc(url, method, params),
    fund: (address, wei) => testClient.setBalance({ address, value: wei }),
    mine: (blocks = 1) => testClient.mine({ blocks }),
    reorg: async (depth) => {
      await rpc(url, 'anvil_reorg', [depth, []]);
    },
    snapshot: () => testClient.snapshot(),
    // viem's revert ignores evm_revert's answer, which is false for an unknown or used-up snapshot.
    revert: async (id) => {
      if (!(await rpc<boolean>(url, 'evm_revert', [id]))) throw new Error(`No snapshot ${id} to revert to`);
    },
    async stop() {
      running.delete(child);
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const hung = setTimeout(() => child.kill('SIGKILL'), 3_000);
      await exited;
      clearTimeout(hung);
    },
  };
}

async function rpc<T>(url: string, method: string, params: unknown[]): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    signal: AbortSignal.timeout(10_000),
  });
  const body = (await response.json()) as { result?: T; error?: { code: number; message: string } };
  if (body.error) throw new Error(`${method} failed: ${body.error.message} (${body.error.code})`);
  return body.result as T;
}

/**
 * A port nothing listens on now, in 20000–29999 like the other test servers (test/server-processes.ts says why:
 * below the ports Linux hands out to outgoing connections).
 */
async function freeLoopbackPort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 10_000);
    if (await portIsFree(port)) return port;
  }
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

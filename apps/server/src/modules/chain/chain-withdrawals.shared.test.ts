import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { hash as argon2Hash } from '@node-rs/argon2';
import { hashTradePassword } from '@polaris/contract';
import { sql } from 'drizzle-orm';
import type { Address } from 'viem';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { type DatabaseHandle, openDatabase, query } from '../../db/client.ts';
import { tradePasswords } from '../../db/schema/index.ts';
import type { Anvil } from '../../test/anvil.ts';
import { ETH_CHAIN, type EvmTestbed, HOT_ADDRESS, startEvmTestbed } from '../../test/evm-chain.ts';
import { type SeededPerson, seedPeople } from '../../test/seed-people.ts';
import { type ServerProcess, ServerProcesses } from '../../test/server-processes.ts';
import { checkLedger } from '../wallet/ledger.store.ts';
import { testTokenAbi } from './contracts/abi.ts';

/**
 * Three real server processes on one PostgreSQL send 100 withdrawals at once from one hot wallet on anvil. One of
 * them is killed (SIGKILL, by a failpoint) right after it committed signed transactions and before it broadcast them;
 * it is started again. Afterwards the hot wallet's nonces are consecutive with no gap and no duplicate, every
 * withdrawal was mined exactly once (each recipient's balance on the chain is its amount, once), and the ledger holds.
 */
const template = inject('databaseTemplate');
if (template.kind !== 'postgres') throw new Error('this file runs in the PostgreSQL pass (DATABASE_URL)');
const redisUrl = process.env.REDIS_URL;
if (!redisUrl) throw new Error('this file needs REDIS_URL');
const processes = new ServerProcesses(template.url, redisUrl);

const USERS = 10;
const EACH = 10;
const PASSWORD = 'trade1234';

let bed: EvmTestbed;
let anvil: Anvil;
let servers: ServerProcess[];
let database: DatabaseHandle;
let people: SeededPerson[];

beforeAll(async () => {
  bed = await startEvmTestbed({ confirmations: 2 });
  anvil = bed.anvil;
  await bed.sendUsdt(HOT_ADDRESS, 10n ** 12n);
  await processes.createDatabase();
  database = await openDatabase({ kind: 'postgres', url: processes.databaseUrl });
  people = await seedPeople(database, USERS, 'chain-proc');
  // A transaction password each, as the set-password route stores it (argon2id of the client's hash).
  for (const person of people) {
    const hash = await argon2Hash(hashTradePassword(PASSWORD, String(person.uid)), { algorithm: 2 });
    await database.db.insert(tradePasswords).values({ userId: person.id, hash });
  }
  const env = { ...bed.env, CHAIN_POLL_MS: '150' };
  servers = await Promise.all([
    processes.start(env),
    processes.start(env),
    // Dies (SIGKILL) right after its first commit of signed transactions, before broadcasting them.
    processes.start({ ...env, CHAIN_FAILPOINT: 'after-sign', CHAIN_POLL_MS: '50' }),
  ]);
}, 240_000);

afterAll(async () => {
  await database?.close();
  await processes.close();
  await bed?.stop();
});

async function call<T>(server: ServerProcess, route: string, body: unknown, headers: Record<string, string>) {
  const response = await fetch(`${server.baseUrl}/rest/polarisex${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', locale: 'en_US', ...headers },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { status: number; msg: string; attachment: T };
}

const recipient = (i: number) => `0x${(0xc0ffee000000 + i).toString(16).padStart(40, '0')}` as Address;

it('100 withdrawals at once from 3 processes, one killed between signing and broadcasting: consecutive nonces, each paid once', async () => {
  const [a] = servers as [ServerProcess];
  const admin = (await readFile(path.join(a.dataDir, 'admin.token'), 'utf8')).trim();
  const { rows: emails } = await query<{ email: string; id: number }>(
    database.db,
    sql`select email, id from users where id in ${people.map((p) => p.id)}`,
  );
  for (const person of people) {
    const email = emails.find((row) => Number(row.id) === person.id)!.email;
    // USDT to spend, credited through the local simulator (BSC): the ETH hot wallet pays it out.
    const credited = await call(
      a,
      '/local-chain/deposit',
      { email, asset: 'USDT', chain: 'BSC', amount: '1000' },
      {
        'x-admin-token': admin,
      },
    );
    expect(credited.status, credited.msg).toBe(200);
  }
  const requests = people.flatMap((person, u) =>
    Array.from({ length: EACH }, (_, k) => ({ person, to: recipient(u * EACH + k), amount: String(21 + k) })),
  );
  const answers = await Promise.all(
    requests.map((r, i) =>
      call<{ id: string }>(
        // Asked of the two that live on; all three sign.
        servers[i % 2]!,
        '/wallet/transfer',
        {
          asset: 'USDT',
          amount: r.amount,
          to: r.to,
          chainId: ETH_CHAIN,
          tradePassword: hashTradePassword(PASSWORD, String(r.person.uid)),
          idempotencyKey: `chain-proc-${i}-${Date.now()}`,
        },
        { token: r.person.token },
      ),
    ),
  );
  expect(answers.filter((r) => r.status !== 200).map((r) => r.msg)).toEqual([]);
  // Meanwhile each user receives a real deposit on the chain: three processes scan it, each is credited once.
  const depositTo: Address[] = [];
  for (const person of people) {
    const found = await fetch(`${a.baseUrl}/rest/polarisex/wallet/deposit/address?asset=USDT&chainId=${ETH_CHAIN}`, {
      headers: { token: person.token, locale: 'en_US' },
    });
    depositTo.push(((await found.json()) as { attachment: { address: Address } }).attachment.address);
  }
  for (const address of depositTo) await bed.sendUsdt(address, 5_000_000n);

  // The failpoint process dies as soon as it has signed; start it again without the failpoint.
  const killed = servers[2]!;
  const deadline = Date.now() + 60_000;
  while (killed.process.exitCode === null && killed.process.signalCode === null && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(killed.process.signalCode).toBe('SIGKILL');
  // It died right after a commit of signed transactions (the failpoint fires only then): whoever broadcasts them
  // next, another process or this one restarted, sends those bytes; none is signed again under a new nonce.
  servers[2] = await processes.start({ ...bed.env, CHAIN_POLL_MS: '150' });

  // Every withdrawal settled (completed), waited for as the chain moves on.
  const until = Date.now() + 120_000;
  for (;;) {
    const { rows } = await query<{ open: number }>(
      database.db,
      sql`select count(*)::int as open from withdrawals where status <> 'completed'`,
    );
    if (rows[0]!.open === 0) break;
    if (Date.now() > until) throw new Error(`${rows[0]!.open} withdrawals still open`);
    await anvil.mine(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  const { rows: txs } = await query<{ nonce: string; status: string; ref: string; purpose: string }>(
    database.db,
    sql`select nonce::text, status, ref, purpose from chain_txs where from_address = ${HOT_ADDRESS} order by chain_txs.nonce, attempt`,
  );
  const mined = txs.filter((row) => row.status === 'mined');
  // Every nonce the hot wallet took, whatever the transaction is still doing: no gap, no duplicate.
  const nonces = [...new Set(txs.map((row) => Number(row.nonce)))].sort((x, y) => x - y);
  expect(new Set(mined.map((row) => row.nonce)).size).toBe(mined.length);
  // Consecutive from the hot wallet's first nonce, no gap, no duplicate; one mined transaction per withdrawal.
  expect(nonces).toEqual(Array.from({ length: nonces.length }, (_, i) => nonces[0]! + i));
  // The hot wallet also tops deposit addresses up for their sweeps (the processes hold the seed): those share its
  // nonces. One mined transaction per withdrawal, one signed transaction per withdrawal, ever.
  const withdrawalsMined = mined.filter((row) => row.purpose === 'withdrawal');
  expect(new Set(withdrawalsMined.map((row) => row.ref)).size).toBe(requests.length);
  expect(withdrawalsMined.length).toBe(requests.length);
  expect(txs.filter((row) => row.purpose === 'withdrawal').length).toBe(requests.length);
  expect(await anvil.publicClient.getTransactionCount({ address: HOT_ADDRESS })).toBeGreaterThan(
    Math.max(...mined.map((row) => Number(row.nonce))),
  );
  // Each recipient received its amount (less the 3 USDT fee), exactly once.
  for (const [i, r] of requests.entries()) {
    const balance = await anvil.publicClient.readContract({
      address: bed.usdt,
      abi: testTokenAbi,
      functionName: 'balanceOf',
      args: [r.to],
    });
    expect(balance, `recipient ${i}`).toBe(BigInt(Number(r.amount) - 3) * 1_000_000n);
  }
  const deadlineDeposits = Date.now() + 60_000;
  let credited: { entries: number }[] = [];
  while (Date.now() < deadlineDeposits) {
    const { rows } = await query<{ entries: number }>(
      database.db,
      sql`select (select count(*)::int from journal_entries e where e.reference = 'deposit:' || d.id) as entries
            from deposits d where d.chain_id = ${ETH_CHAIN} and d.status = 'credited'`,
    );
    credited = rows;
    if (credited.length === depositTo.length) break;
    await anvil.mine(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  expect(credited.map((row) => row.entries)).toEqual(depositTo.map(() => 1));
  expect(await checkLedger(database.db)).toEqual([]);
}, 300_000);

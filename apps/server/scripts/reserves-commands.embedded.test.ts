import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ReservesProofFile } from '@polaris/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { announceServer } from '../src/platform/server-file.ts';
import { runCommandInProcess } from '../src/test/in-process-command.ts';
import { commandApp, runCommand, signedUpUser } from './command-runner.ts';

let dataDir: string;
let app: FastifyInstance;
let token: string;
let stop: () => Promise<void>;

const inProcess = (script: string, args: string[] = []) => runCommandInProcess(script, args, { dataDir });

/** A running server with one user who deposited; the commands find it through server.json. */
beforeAll(async () => {
  const made = await commandApp('polaris-reserves-cli-');
  dataDir = made.dataDir;
  app = made.app;
  token = await signedUpUser(app, dataDir, 'reserves@example.com');
  const admin = (await readFile(path.join(dataDir, 'admin.token'), 'utf8')).trim();
  const deposited = await app.inject({
    method: 'POST',
    url: '/rest/polarisex/local-chain/deposit',
    headers: { 'x-admin-token': admin },
    payload: { email: 'reserves@example.com', asset: 'USDT', chain: 'BSC', amount: '75' },
  });
  expect(deposited.json()).toMatchObject({ status: 200 });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const withdraw = await announceServer(dataDir, {
    port: (app.server.address() as { port: number }).port,
    database: 'pglite',
  });
  stop = async () => {
    await withdraw();
    await app.close();
    await made.database.close();
  };
}, 60_000);
afterAll(async () => {
  await stop();
  await rm(dataDir, { recursive: true, force: true });
});

it('reserves:publish prints the snapshot; reserves:verify checks the proof the screen offers and refuses a changed one', async () => {
  const published = await inProcess('reserves-publish.ts');
  expect(published.out).toMatch(/Snapshot \d+ taken at .*: 1 users in the tree/);
  expect(published.out).toContain('USDT   75 (75 + 0)');
  expect(published.out).toContain('BSC local-simulator: 75 (local-simulator)');
  expect(published.out).toContain('Reserves cover liabilities for every asset.');
  expect(published.code).toBe(0);

  const mine = await app.inject({ method: 'GET', url: '/rest/polarisex/wallet/reserves/mine', headers: { token } });
  const proof = (mine.json() as { attachment: { proof: ReservesProofFile } }).attachment.proof;
  const file = path.join(dataDir, 'proof.json');
  await writeFile(file, JSON.stringify(proof, null, 2));
  // Once as its own process, the way a user runs it.
  const verified = await runCommand('reserves-verify.ts', [file], { dataDir });
  expect(verified.out).toContain('Your balances in it: USDT 75');
  expect(verified.out).toContain(`Verified: your leaf is in the tree whose root is ${proof.snapshot.root.hash}.`);
  expect(verified.code).toBe(0);

  const usdt = proof.snapshot.assets.findIndex((asset) => asset.code === 'USDT');
  const changed = structuredClone(proof);
  changed.leaf.balances[usdt] = '76000000';
  await writeFile(file, JSON.stringify(changed));
  const refused = await inProcess('reserves-verify.ts', [file]);
  expect(refused.out).toContain('NOT VERIFIED: the path leads to root');
  expect(refused.code).toBe(1);

  const misreported = structuredClone(proof);
  misreported.snapshot.root.sums[usdt] = '1';
  await writeFile(file, JSON.stringify(misreported));
  expect((await inProcess('reserves-verify.ts', [file])).out).toContain("NOT VERIFIED: the root's totals are");
  expect((await inProcess('reserves-verify.ts', [])).code).toBe(2);

  // Funding the referral pool from outside the (simulated) chain: the app owes more than custody holds.
  const admin = (await readFile(path.join(dataDir, 'admin.token'), 'utf8')).trim();
  await app.inject({
    method: 'POST',
    url: '/rest/polarisex/admin/invite/fund',
    headers: { 'x-admin-token': admin },
    payload: { amount: '25' },
  });
  const short = await inProcess('reserves-publish.ts');
  expect(short.out).toContain('USDT   100 (75 + 25)');
  expect(short.out).toContain('75.00 %  BELOW LIABILITIES');
  expect(short.out).toContain('Reserves are below liabilities for USDT');
  expect(short.code).toBe(1);
}, 120_000);

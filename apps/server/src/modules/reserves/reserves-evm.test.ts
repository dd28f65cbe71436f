import { type ReservesProofFile, type ReservesSnapshot, verifyReservesProof } from '@polaris/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TestApp } from '../../test/app.ts';
import {
  depositAddress,
  ETH_CHAIN,
  type EvmTestbed,
  evmTestApp,
  HOT_ADDRESS,
  startEvmTestbed,
} from '../../test/evm-chain.ts';
import { adminToken, balanceOf, walletUser } from '../../test/wallet-fixtures.ts';

// Proof of reserves on anvil: custody on a chain with a node is every custody address's balance read at one block
// (the hot wallet and the deposit addresses), beside the local simulator's chains.

let bed: EvmTestbed;
let t: TestApp;

beforeAll(async () => {
  bed = await startEvmTestbed({ confirmations: 3 });
  t = await evmTestApp(bed);
});
afterAll(async () => {
  await t?.close();
  await bed?.stop();
});

const publish = async () => {
  const result = await t.call<ReservesSnapshot>('POST', '/admin/reserves/publish', {
    headers: { 'x-admin-token': await adminToken(t) },
    body: {},
  });
  expect(result.status, result.msg).toBe(200);
  return result.attachment;
};

it('reads the hot wallet and every deposit address at the head block, in ledger units', async () => {
  const runtime = t.services.chains.runtime(ETH_CHAIN)!;
  const user = await walletUser(t, 'reserves-evm@example.com');
  const address = await depositAddress(t, user.token);
  await bed.sendUsdt(address, 200_000_000n);
  await bed.sendUsdt(HOT_ADDRESS, 1_000_000_000n);
  await bed.anvil.mine(3);
  await runtime.scanner.runOnce();
  expect((await balanceOf(t, user.token, 'USDT')).available).toBe('200');
  const head = await runtime.node.head();

  const snapshot = await publish();
  const usdt = snapshot.assets.find((a) => a.code === 'USDT')!;
  expect(usdt).toMatchObject({ liabilities: '200', reserves: '1200', ratio: '600.00', short: false });
  expect(usdt.custody.sort((a, b) => a.amount.localeCompare(b.amount))).toEqual([
    { chain: 'ETH', address: HOT_ADDRESS.toLowerCase(), amount: '1000', block: String(head), source: 'node' },
    { chain: 'ETH', address: address.toLowerCase(), amount: '200', block: String(head), source: 'node' },
  ]);
  // The hot wallet's gas (1,000 ETH from the testbed's faucet) is custody too; nobody is owed ETH.
  expect(snapshot.assets.find((a) => a.code === 'ETH')).toMatchObject({ liabilities: '0', reserves: '1000' });

  const mine = await t.call<{ proof: ReservesProofFile }>('GET', '/wallet/reserves/mine', { token: user.token });
  expect(verifyReservesProof(mine.attachment.proof)).toMatchObject({ ok: true });
}, 120_000);

import { Address, beginCell, comment, toNano } from '@ton/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { findTonDeposits, type TonWatch } from './deposits.ts';
import { JETTON_OP, jettonTransferBody, parseTransferNotification } from './jetton.ts';
import {
  deployWallet,
  internalTransferBody,
  jettonWalletOf,
  mintJettons,
  startTon,
  type TonBed,
} from './sandbox-fixtures.ts';
import { hotWallet } from './withdrawals.ts';

// Deposits found in the transactions @ton/sandbox executed: the same Transaction cells a liteserver returns.

let bed: TonBed;
let watch: TonWatch;
let alice: string;
let bob: string;
let carol: string;
let aliceJettons: Address;

beforeAll(async () => {
  bed = await startTon();
  [alice, bob, carol] = [1, 2, 3].map((i) => bed.deposits.ton(i).address) as [string, string, string];
  const aliceWallet = hotWallet(bed.depositSecret(1));
  // The deposit deriver's address and the wallet built from the same path's secret are one contract.
  expect(aliceWallet.address.equals(Address.parse(alice))).toBe(true);
  await deployWallet(bed, aliceWallet, toNano('0.5'));
  await mintJettons(bed, bed.customer.address, 1_000_000_000n);
  aliceJettons = await jettonWalletOf(bed, Address.parse(alice));
  watch = {
    owners: new Set([alice, bob, carol]),
    jettonWallets: new Map([[aliceJettons.toString(), { owner: alice, master: bed.minter.toString() }]]),
  };
});

/** The customer sends jettons from its jetton wallet to `to`, as any TEP-74 wallet app does. */
async function sendJettons(to: string, amount: bigint, forwardTonAmount: bigint) {
  const body = jettonTransferBody({
    queryId: 7n,
    amount,
    destination: Address.parse(to),
    responseDestination: bed.customer.address,
    forwardTonAmount,
  });
  const from = await jettonWalletOf(bed, bed.customer.address);
  return bed.customer.send({ to: from, value: toNano('0.2'), body });
}

describe('TON deposits from the sandbox', () => {
  it('finds TON paid to a deployed deposit address and to one not deployed yet (non-bounceable)', async () => {
    const toAlice = await bed.customer.send({ to: Address.parse(alice), value: toNano('2'), body: comment('hi') });
    const toBob = await bed.customer.send({ to: Address.parse(bob), value: toNano('1.5'), bounce: false });
    const found = findTonDeposits([...toAlice.transactions, ...toBob.transactions], watch);
    expect(found.map(({ to, asset, amount, index }) => ({ to, asset, amount, index }))).toEqual([
      { to: alice, asset: { kind: 'native' }, amount: toNano('2'), index: 0 },
      { to: bob, asset: { kind: 'native' }, amount: toNano('1.5'), index: 0 },
    ]);
    const aliceTx = toAlice.transactions.find(
      (tx) => tx.inMessage?.info.dest?.toString() === Address.parse(alice).toString(),
    );
    expect(found[0]).toMatchObject({ txId: aliceTx!.hash().toString('hex'), block: aliceTx!.lt });
  });

  it('credits nothing for a bounceable payment to an undeployed address: it bounced back', async () => {
    const result = await bed.customer.send({ to: Address.parse(carol), value: toNano('1'), bounce: true });
    const atCarol = result.transactions.filter(
      (tx) => tx.inMessage?.info.dest?.toString() === Address.parse(carol).toString(),
    );
    expect(atCarol).toHaveLength(1);
    expect(findTonDeposits(result.transactions, watch)).toEqual([]);
  });

  it('credits no TON for a payment whose body is a protocol message', async () => {
    const excesses = beginCell().storeUint(JETTON_OP.excesses, 32).storeUint(0, 64).endCell();
    const result = await bed.customer.send({ to: Address.parse(alice), value: toNano('0.3'), body: excesses });
    expect(findTonDeposits(result.transactions, watch)).toEqual([]);
  });

  it("finds jettons arriving at a deposit address's jetton wallet, with no forward amount and with one", async () => {
    const silent = await sendJettons(alice, 25_000_000n, 0n);
    const notified = await sendJettons(alice, 4_000_000n, toNano('0.01'));
    const master = bed.minter.toString();
    for (const [result, amount] of [
      [silent, 25_000_000n],
      [notified, 4_000_000n],
    ] as const) {
      expect(findTonDeposits(result.transactions, watch)).toEqual([
        expect.objectContaining({ to: alice, asset: { kind: 'token', contract: master }, amount, index: 0 }),
      ]);
    }
    // The notification reached the owner and parses, but it is not a second deposit (checked above).
    const notification = notified.transactions
      .map((tx) => tx.inMessage?.body && parseTransferNotification(tx.inMessage.body))
      .find(Boolean);
    expect(notification).toMatchObject({ amount: 4_000_000n, queryId: 7n });
    expect(notification?.sender?.equals(bed.customer.address)).toBe(true);
  });

  it('credits nothing for an internal_transfer forged by a contract that is not a jetton wallet', async () => {
    const forged = internalTransferBody(10n ** 12n, bed.customer.address);
    const result = await bed.customer.send({ to: aliceJettons, value: toNano('0.2'), body: forged });
    const atJettonWallet = result.transactions.find(
      (tx) => tx.inMessage?.info.dest?.toString() === aliceJettons.toString(),
    );
    expect(atJettonWallet?.description.type === 'generic' && atJettonWallet.description.aborted).toBe(true);
    expect(findTonDeposits(result.transactions, watch)).toEqual([]);
  });
});

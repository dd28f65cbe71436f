import { Address, toNano } from '@ton/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { findTonDeposits } from './deposits.ts';
import {
  broadcast,
  deployWallet,
  jettonBalance,
  jettonWalletOf,
  mintJettons,
  seqnoOf,
  startTon,
  type TonBed,
} from './sandbox-fixtures.ts';
import { sentOut, tonTransferFate } from './seqno.ts';
import { hotWallet, normalizedMessageHash, signJettonTransfer, signTonTransfer } from './withdrawals.ts';

// Withdrawals signed by the builders and executed by @ton/sandbox's emulator: the wallet v4 and jetton contracts
// run their real code, so seqno, valid-until and replay checks are the contracts' own.

const NOW = 1_800_000_000;
let bed: TonBed;
let alice: string;

beforeAll(async () => {
  bed = await startTon();
  bed.chain.now = NOW;
  alice = bed.deposits.ton(1).address;
  await deployWallet(bed, hotWallet(bed.depositSecret(1)), toNano('0.5'));
  // An operator funds the hot wallet before it is deployed: its first withdrawal deploys it.
  await bed.customer.send({ to: bed.hot, value: toNano('50'), bounce: false });
});

const balanceOf = async (address: string) => (await bed.chain.getContract(Address.parse(address))).balance;
const signing = (seqno: number) => ({ secret: bed.hotSecret, seqno, validUntil: NOW + 60 });

describe('TON withdrawals in the sandbox', () => {
  it("signs a TON transfer at the wallet's seqno; the first one deploys the hot wallet", async () => {
    const before = await balanceOf(alice);
    const signed = signTonTransfer({ ...signing(0), to: alice, amount: toNano('3'), memo: 'withdrawal 1' });
    const result = await broadcast(bed, signed.raw);
    // The receiving wallet pays the gas of processing the payment out of it: a little less than 3 TON stays.
    const gained = (await balanceOf(alice)) - before;
    expect(gained > toNano('2.999') && gained <= toNano('3')).toBe(true);
    const watch = { owners: new Set([alice]), jettonWallets: new Map() };
    expect(findTonDeposits(result.transactions, watch)).toEqual([expect.objectContaining({ amount: toNano('3') })]);
    expect(await seqnoOf(bed, bed.hot)).toBe(1);
    // The name given before sending is the normalized hash of the message the wallet executed.
    const executed = result.transactions.find((tx) => tx.inMessage?.info.type === 'external-in')!;
    expect(normalizedMessageHash(bed.hot, executed.inMessage!.body)).toBe(signed.txId);
    expect(sentOut(executed)).toBe(true);
    expect(tonTransferFate({ seqno: 0, validUntil: NOW + 60 }, { seqno: 1, now: NOW, messageFound: true })).toBe(
      'landed',
    );
  });

  it('refuses a seqno used once: the same bytes again, and another message signed with it', async () => {
    const seqno = await seqnoOf(bed, bed.hot);
    const first = signTonTransfer({ ...signing(seqno), to: alice, amount: toNano('1') });
    await broadcast(bed, first.raw);
    const before = await balanceOf(alice);
    await expect(broadcast(bed, first.raw)).rejects.toThrow(/not accepted/);
    const other = signTonTransfer({ ...signing(seqno), to: alice, amount: toNano('2') });
    await expect(broadcast(bed, other.raw)).rejects.toThrow(/not accepted/);
    expect(await balanceOf(alice)).toBe(before);
    expect(await seqnoOf(bed, bed.hot)).toBe(seqno + 1);
    expect(tonTransferFate({ seqno, validUntil: NOW + 60 }, { seqno: seqno + 1, now: NOW, messageFound: false })).toBe(
      'dead',
    );
  });

  it('refuses a message once its valid-until has come, and calls it dead', async () => {
    const seqno = await seqnoOf(bed, bed.hot);
    const late = signTonTransfer({ ...signing(seqno), to: alice, amount: toNano('1') });
    bed.chain.now = NOW + 60;
    try {
      await expect(broadcast(bed, late.raw)).rejects.toThrow(/not accepted/);
    } finally {
      bed.chain.now = NOW;
    }
    expect(await seqnoOf(bed, bed.hot)).toBe(seqno);
    const view = { seqno, now: NOW + 60, messageFound: false };
    expect(tonTransferFate({ seqno, validUntil: NOW + 60 }, view)).toBe('dead');
    expect(tonTransferFate({ seqno, validUntil: NOW + 60 }, { ...view, now: NOW + 59 })).toBe('pending');
  });

  it('spends the seqno of a transfer larger than the balance and sends nothing', async () => {
    const seqno = await seqnoOf(bed, bed.hot);
    const tooMuch = signTonTransfer({ ...signing(seqno), to: alice, amount: toNano('1000') });
    const result = await broadcast(bed, tooMuch.raw);
    expect(await seqnoOf(bed, bed.hot)).toBe(seqno + 1);
    const executed = result.transactions.find((tx) => tx.inMessage?.info.type === 'external-in')!;
    expect(sentOut(executed)).toBe(false);
  });

  it("signs a jetton transfer through the hot wallet's jetton wallet, with a forward amount, to a fresh owner", async () => {
    await mintJettons(bed, bed.hot, 1_000_000_000n);
    const bob = bed.deposits.ton(2).address; // never deployed: the jetton wallet is created for it
    const seqno = await seqnoOf(bed, bed.hot);
    const signed = signJettonTransfer({
      ...signing(seqno),
      jettonWallet: (await jettonWalletOf(bed, bed.hot)).toString(),
      to: bob,
      amount: 250_000_000n,
      forwardTonAmount: toNano('0.01'),
      attachedTon: toNano('0.1'),
      queryId: 42n,
    });
    const result = await broadcast(bed, signed.raw);
    expect(await jettonBalance(bed, Address.parse(bob))).toBe(250_000_000n);
    expect(await jettonBalance(bed, bed.hot)).toBe(750_000_000n);
    // The receiving side sees it as a deposit to bob of the jetton.
    const bobJettons = (await jettonWalletOf(bed, Address.parse(bob))).toString();
    const master = bed.minter.toString();
    const watch = { owners: new Set([bob]), jettonWallets: new Map([[bobJettons, { owner: bob, master }]]) };
    expect(findTonDeposits(result.transactions, watch)).toEqual([
      expect.objectContaining({ to: bob, asset: { kind: 'token', contract: master }, amount: 250_000_000n }),
    ]);
  });
});

describe('tonTransferFate', () => {
  const signed = { seqno: 5, validUntil: 1_000 };

  it('keeps a message pending while the wallet waits for its seqno within its valid-until', () => {
    expect(tonTransferFate(signed, { seqno: 5, now: 999, messageFound: false })).toBe('pending');
    expect(tonTransferFate(signed, { seqno: 4, now: 999, messageFound: false })).toBe('pending');
  });

  it('calls a message dead when its seqno was spent by another message', () => {
    expect(tonTransferFate(signed, { seqno: 6, now: 10, messageFound: false })).toBe('dead');
  });
});

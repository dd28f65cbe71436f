import { base58 } from '@scure/base';
import {
  type Address,
  address,
  type GetTransactionApiResponseJson,
  generateKeyPairSigner,
  lamports,
} from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import {
  getCreateAssociatedTokenIdempotentInstruction,
  getInitializeAccount3Instruction,
  getTransferCheckedInstruction,
  getTransferInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token';
import { beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { findSolanaDeposits, type SolanaWatch } from './deposits.ts';
import { sendRecorded } from './litesvm.ts';
import {
  createAccountIx,
  mintUsdt,
  run,
  SOL,
  type SolanaBed,
  signed,
  startSolana,
  USDT_DECIMALS,
  USDT_MINT,
} from './litesvm-fixtures.ts';
import type { SolanaTransaction } from './transaction.ts';
import { associatedTokenAccount } from './withdrawals.ts';

const SYSTEM = '11111111111111111111111111111111';

// Deposits found in what litesvm executed, converted to the RPC's getTransaction shape: the same bytes, inner
// instructions and token balances an RPC node would return for these transactions.

let bed: SolanaBed;
let alice: Address;
let bob: Address;
let customerUsdt: Address;
let watch: SolanaWatch;
const mint = address(USDT_MINT);

beforeAll(async () => {
  bed = await startSolana();
  alice = address(bed.deposits.solana(1).address);
  bob = address(bed.deposits.solana(2).address);
  customerUsdt = await mintUsdt(bed, bed.customer.address, 1_000_000_000n);
  watch = { owners: new Set([alice, bob]), mints: new Set([USDT_MINT]) };
});

describe('Solana deposits from litesvm', () => {
  it('finds SOL sent to a watched owner and nothing sent elsewhere', async () => {
    const stranger = await generateKeyPairSigner();
    bed.svm.warpToSlot(1_000n);
    const tx = await run(bed.svm, bed.customer, [
      getTransferSolInstruction({ source: bed.customer, destination: stranger.address, amount: lamports(SOL) }),
      getTransferSolInstruction({ source: bed.customer, destination: alice, amount: lamports(3n * SOL) }),
    ]);
    expect(findSolanaDeposits([tx], watch)).toEqual([
      {
        txId: tx.transaction.signatures[0],
        index: 1,
        to: alice,
        asset: { kind: 'native' },
        amount: 3n * SOL,
        block: 1_000n,
      },
    ]);
  });

  it('finds SOL that another program paid through the system program (an inner instruction)', async () => {
    // The associated token program tops up an address that already holds lamports with a system transfer of its
    // own (a CPI): the one CPI transfer to an address of our choosing that litesvm's built-in programs make.
    // The address is an ATA rather than a wallet, so it is the watched address here. It is funded in the same
    // transaction, as an account below the rent-exempt minimum may not be left on its own.
    const carol = await generateKeyPairSigner();
    const ata = await associatedTokenAccount(carol.address, USDT_MINT);
    const tx = await run(bed.svm, bed.customer, [
      getTransferSolInstruction({ source: bed.customer, destination: ata, amount: lamports(1_000n) }),
      getCreateAssociatedTokenIdempotentInstruction({ payer: bed.customer, ata, owner: carol.address, mint }),
    ]);
    expect(tx.transaction.message.instructions).toHaveLength(2);
    const found = findSolanaDeposits([tx], { owners: new Set([ata]), mints: new Set() });
    const rent = bed.svm.minimumBalanceForRentExemption(165n);
    // In execution order: 0 the direct transfer, 1 the ATA program's instruction, 2 the token program's size
    // query it makes, 3 its system transfer.
    expect(found.map(({ index, to, amount }) => ({ index, to, amount }))).toEqual([
      { index: 0, to: ata, amount: 1_000n },
      { index: 3, to: ata, amount: rent - 1_000n },
    ]);
  });

  it('finds two USDT transfers to two owners in one transaction as two deposits, each to the owner', async () => {
    const [aliceUsdt, bobUsdt] = await Promise.all([
      associatedTokenAccount(alice, mint),
      associatedTokenAccount(bob, mint),
    ]);
    const pay = (destination: Address, amount: bigint) =>
      getTransferCheckedInstruction({
        source: customerUsdt,
        mint,
        destination,
        authority: bed.customer,
        amount,
        decimals: USDT_DECIMALS,
      });
    const tx = await run(bed.svm, bed.customer, [
      getCreateAssociatedTokenIdempotentInstruction({ payer: bed.customer, ata: aliceUsdt, owner: alice, mint }),
      getCreateAssociatedTokenIdempotentInstruction({ payer: bed.customer, ata: bobUsdt, owner: bob, mint }),
      pay(aliceUsdt, 25_000_000n),
      pay(bobUsdt, 7_500_000n),
    ]);
    const found = findSolanaDeposits([tx], watch);
    const usdt = { kind: 'token', contract: USDT_MINT };
    expect(found.map(({ to, asset, amount }) => ({ to, asset, amount }))).toEqual([
      { to: alice, asset: usdt, amount: 25_000_000n },
      { to: bob, asset: usdt, amount: 7_500_000n },
    ]);
    expect(new Set(found.map((d) => d.index)).size).toBe(2);
    expect(new Set(found.map((d) => d.txId))).toEqual(new Set([tx.transaction.signatures[0]]));
  });

  it('finds USDT paid into a token account of a watched owner that is not the associated one', async () => {
    const { account, ix } = await createAccountIx(bed, 165, TOKEN_PROGRAM_ADDRESS);
    const tx = await run(bed.svm, bed.customer, [
      ix,
      getInitializeAccount3Instruction({ account: account.address, mint, owner: bob }),
      getTransferInstruction({
        source: customerUsdt,
        destination: account.address,
        authority: bed.customer,
        amount: 42n,
      }),
    ]);
    expect(findSolanaDeposits([tx], watch)).toEqual([
      expect.objectContaining({ index: 2, to: bob, asset: { kind: 'token', contract: USDT_MINT }, amount: 42n }),
    ]);
  });

  it('ignores a failed transaction and a token that is not in the catalogue', async () => {
    const aliceUsdt = await associatedTokenAccount(alice, mint);
    const tooMuch = getTransferInstruction({
      source: customerUsdt,
      destination: aliceUsdt,
      authority: bed.customer,
      amount: 10n ** 15n,
    });
    const failed = sendRecorded(
      bed.svm,
      await signed(bed.svm, bed.customer, [
        getTransferSolInstruction({ source: bed.customer, destination: alice, amount: lamports(SOL) }),
        tooMuch,
      ]),
    );
    expect(failed.meta?.err).not.toBeNull();
    expect(findSolanaDeposits([failed], watch)).toEqual([]);

    const paidInUsdt = await run(bed.svm, bed.customer, [
      getTransferInstruction({ source: customerUsdt, destination: aliceUsdt, authority: bed.customer, amount: 5n }),
    ]);
    expect(findSolanaDeposits([paidInUsdt], { owners: watch.owners, mints: new Set() })).toEqual([]);
    expect(findSolanaDeposits([paidInUsdt], watch)).toHaveLength(1);
  });
});

describe('Solana deposits from the RPC shape', () => {
  const alice = '9cPDknNugZnpXe5j8aXX6Vc4D1ME4KSHQDURswVL2f9q';
  const payer = 'HupYmwq2qwmmyYQf2iPiZnPur5DjvoWHTMEachkM1Zh5';
  // System Transfer: u32 2, then u64 lamports, little-endian.
  const transfer5 = base58.encode(new Uint8Array([2, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0]));
  const rpcTx = (meta: SolanaTransaction['meta']): SolanaTransaction => ({
    slot: 9n,
    transaction: {
      signatures: ['sig'],
      message: {
        accountKeys: [payer, SYSTEM],
        instructions: [{ programIdIndex: 1, accounts: [0, 2], data: transfer5 }],
      },
    },
    meta,
  });

  it("takes the RPC client's getTransaction answer (json, version 0) as it is", () => {
    expectTypeOf<GetTransactionApiResponseJson<0>>().toExtend<SolanaTransaction>();
  });

  it('resolves an account a version-0 transaction loaded from a lookup table', () => {
    const tx = rpcTx({ err: null, loadedAddresses: { writable: [alice], readonly: [] } });
    expect(findSolanaDeposits([tx], { owners: new Set([alice]), mints: new Set() })).toEqual([
      { txId: 'sig', index: 0, to: alice, asset: { kind: 'native' }, amount: 5n, block: 9n },
    ]);
  });

  it('says nothing of a transaction whose status the node did not keep', () => {
    expect(findSolanaDeposits([rpcTx(null)], { owners: new Set([alice]), mints: new Set() })).toEqual([]);
  });
});

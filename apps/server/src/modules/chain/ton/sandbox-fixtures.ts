import { mnemonicToSeedSync } from '@scure/bip39';
import { type Address, beginCell, Cell, contractAddress, toNano } from '@ton/core';
import { Blockchain, type SandboxContract, type TreasuryContract } from '@ton/sandbox';
import { jettonMinterCode } from '@ton-community/assets-sdk/dist/jetton/contracts/build/jetton-minter.js';
import { jettonWalletCode } from '@ton-community/assets-sdk/dist/jetton/contracts/build/jetton-wallet.js';
import { AddressDeriver, slip10Ed25519 } from '../../wallet/addresses.ts';
import { JETTON_OP } from './jetton.ts';
import { hotWallet } from './withdrawals.ts';

// An @ton/sandbox chain set up as the tests need it: a customer with TON, a hot wallet and deposit addresses derived
// from seeds as the app derives them, and a jetton standing in for USDT. The jetton runs the community's standard
// minter and wallet code (ton-blockchain/token-contract, compiled, as @ton-community/assets-sdk ships it); mainnet
// USDT runs Tether's governed variant, whose messages follow the same TEP-74 layouts.

const DEPOSIT_MNEMONIC = 'test test test test test test test test test test test junk';
const HOT_MNEMONIC = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
/** The standard minter's mint op: the admin asks it to send an internal_transfer to a new owner's jetton wallet. */
const MINT_OP = 21;

export interface TonBed {
  chain: Blockchain;
  customer: SandboxContract<TreasuryContract>;
  hotSecret: Uint8Array;
  hot: Address;
  deposits: AddressDeriver;
  depositSecret: (index: number) => Uint8Array;
  minter: Address;
}

export async function startTon(): Promise<TonBed> {
  const chain = await Blockchain.create();
  const customer = await chain.treasury('customer');
  const code = Cell.fromBase64(jettonMinterCode.codeBoc);
  const walletCode = Cell.fromBase64(jettonWalletCode.codeBoc);
  // total_supply, admin, content, jetton_wallet_code: the standard minter's storage.
  const data = beginCell()
    .storeCoins(0)
    .storeAddress(customer.address)
    .storeRef(Cell.EMPTY)
    .storeRef(walletCode)
    .endCell();
  const minter = contractAddress(0, { code, data });
  await customer.send({ to: minter, value: toNano('1'), init: { code, data }, bounce: false });
  const hotSecret = slip10Ed25519(mnemonicToSeedSync(HOT_MNEMONIC), [44, 607, 0]);
  const depositSeed = mnemonicToSeedSync(DEPOSIT_MNEMONIC);
  return {
    chain,
    customer,
    hotSecret,
    hot: hotWallet(hotSecret).address,
    deposits: new AddressDeriver(DEPOSIT_MNEMONIC),
    depositSecret: (index) => slip10Ed25519(depositSeed, [44, 607, index]),
    minter,
  };
}

/** The master's get_wallet_address(owner): how an adapter learns which jetton wallet to watch for an owner. */
export async function jettonWalletOf(bed: TonBed, owner: Address): Promise<Address> {
  const owned = beginCell().storeAddress(owner).endCell();
  const result = await bed.chain.runGetMethod(bed.minter, 'get_wallet_address', [{ type: 'slice', cell: owned }]);
  return result.stackReader.readAddress();
}

/** An owner's jetton balance: the first field of its jetton wallet's get_wallet_data, 0 if it is not deployed. */
export async function jettonBalance(bed: TonBed, owner: Address): Promise<bigint> {
  const wallet = await bed.chain.getContract(await jettonWalletOf(bed, owner));
  if (wallet.accountState?.type !== 'active') return 0n;
  return (await bed.chain.runGetMethod(wallet.address, 'get_wallet_data')).stackReader.readBigNumber();
}

/** An internal_transfer body as a jetton wallet or the master sends it. */
export function internalTransferBody(amount: bigint, from: Address | null, forwardTonAmount = 0n): Cell {
  return beginCell()
    .storeUint(JETTON_OP.internalTransfer, 32)
    .storeUint(0, 64)
    .storeCoins(amount)
    .storeAddress(from)
    .storeAddress(from)
    .storeCoins(forwardTonAmount)
    .storeBit(false)
    .endCell();
}

/** The customer (the jetton's admin) mints `amount` to `owner`. */
export async function mintJettons(bed: TonBed, owner: Address, amount: bigint) {
  const body = beginCell()
    .storeUint(MINT_OP, 32)
    .storeUint(0, 64)
    .storeAddress(owner)
    .storeCoins(toNano('0.1'))
    .storeRef(internalTransferBody(amount, null))
    .endCell();
  return bed.customer.send({ to: bed.minter, value: toNano('0.2'), body });
}

/** Deploys a wallet v4 for `secret`'s key and funds it, as a user's first deposit or an operator's top-up would. */
export async function deployWallet(bed: TonBed, wallet: ReturnType<typeof hotWallet>, value: bigint) {
  return bed.customer.send({ to: wallet.address, value, init: wallet.init, bounce: false });
}

/** Hands a signed external message (a BOC) to the chain, as a liteserver's sendMessage would. */
export function broadcast(bed: TonBed, raw: Uint8Array | string) {
  const message = Cell.fromBoc(typeof raw === 'string' ? Buffer.from(raw, 'base64') : Buffer.from(raw))[0]!;
  return bed.chain.sendMessage(message);
}

export async function seqnoOf(bed: TonBed, wallet: Address): Promise<number> {
  return (await bed.chain.runGetMethod(wallet, 'seqno')).stackReader.readNumber();
}

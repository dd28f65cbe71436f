import { randomBytes } from 'node:crypto';
import { type Address, encodeDeployData, encodeFunctionData, getAddress, getContractAddress, type Hex } from 'viem';
import type { Database, Tx } from '../../db/client.ts';
import {
  NFT_REF_PREFIX,
  type NftBatchOutcome,
  type NftBatchSigner,
  type NftChainPort,
} from '../activity/nft-chain.port.ts';
import { attendanceNftAbi } from './contracts/abi.ts';
import { compileContracts } from './contracts/compile.ts';
import type { WithdrawalSender } from './sender.ts';

/** Of a chain's runtime (service.ts), what the NFT contract needs: the chain and its sender. */
interface NftRuntime {
  chain: { id: number; symbol: string };
  sender: WithdrawalSender | undefined;
}

// Gas limits bound what a failing batch may burn; unused gas is not paid. A mint writes the holder and, for a new
// receiver, its balance (2 × 22.1k) and a log; a burn clears two slots and decrements a balance.
const MINT_GAS = { base: 80_000n, each: 80_000n };
const BURN_GAS = { base: 60_000n, each: 40_000n };
// The deployment: about 200 gas per byte of code (some 6 kB) and the constructor's strings.
const DEPLOY_GAS = 3_000_000n;

/**
 * The attendance NFT contract on CHAIN_NFT's chain, as the activity module asks for it (activity/nft-chain.port.ts).
 * Its batches are signed by that chain's sender from the hot wallet, the contract's owner (the only account that may
 * mint and burn: it deployed it).
 */
class EvmNftChain implements NftChainPort {
  constructor(
    private readonly runtime: NftRuntime,
    readonly chainName: string,
    readonly contract: string,
    readonly custodyAddress: string | undefined,
  ) {}

  get chainId(): number {
    return this.runtime.chain.id;
  }

  get chainSymbol(): string {
    return this.runtime.chain.symbol;
  }

  async signer(): Promise<NftBatchSigner | undefined> {
    const { sender } = this.runtime;
    if (!sender) return undefined;
    const fees = await sender.currentFees();
    const to = getAddress(this.contract);
    const sign = async (tx: Tx, purpose: string, ref: string, data: Hex, gas: bigint) =>
      (await sender.signFrom(tx, sender.account, { purpose, ref, call: { to, value: 0n, data, gas }, fees })).hash;
    return {
      mint: (tx, ref, items) =>
        sign(
          tx,
          'nft_mint',
          ref,
          encodeFunctionData({
            abi: attendanceNftAbi,
            functionName: 'mintBatch',
            args: [items.map((item) => item.to as Address), items.map((item) => item.tokenId)],
          }),
          MINT_GAS.base + MINT_GAS.each * BigInt(items.length),
        ),
      burn: (tx, ref, tokenIds) =>
        sign(
          tx,
          'nft_burn',
          ref,
          encodeFunctionData({ abi: attendanceNftAbi, functionName: 'burnBatch', args: [tokenIds] }),
          BURN_GAS.base + BURN_GAS.each * BigInt(tokenIds.length),
        ),
    };
  }

  onSettled(handler: (tx: Tx, outcome: NftBatchOutcome) => Promise<void>): void {
    this.runtime.sender?.settleWith(NFT_REF_PREFIX, (tx, mined, receipt) =>
      handler(tx, { ref: mined.ref, hash: mined.hash, succeeded: receipt.status === 'success' }),
    );
  }
}

/** The NFT chain CHAIN_NFT names, on one of the chains a node answers for; throws at start when it is not one. */
export function nftChainOn(
  runtimes: NftRuntime[],
  nft: { chain: string; contract: string },
  chainName: (chainId: number) => string,
  /** The hot wallet's address: our custody, where tokens go unless their holder chose otherwise. */
  custodyAddress: string | undefined,
): NftChainPort {
  const runtime = runtimes.find((r) => r.chain.symbol.toUpperCase() === nft.chain.toUpperCase());
  if (!runtime) {
    throw new Error(
      `CHAIN_NFT: ${nft.chain} does not run on a node here (set CHAIN_RPC_${nft.chain.toUpperCase()}, or unset CHAIN_NFT)`,
    );
  }
  return new EvmNftChain(runtime, chainName(runtime.chain.id), nft.contract, custodyAddress);
}

export class NftDeployRefused extends Error {}

/**
 * `npm run chain:nft-deploy`: the attendance NFT contract's deployment, signed from the hot wallet (so the hot wallet
 * is its owner, the only account that may mint and burn) with the next nonce from the database and written before it
 * is broadcast, like every transaction of the hot wallet: a deployment sent around the database would take a nonce
 * the sender is about to use. The sender broadcasts it and posts its gas to the ledger. Answers the contract's
 * address, which follows from the hot wallet's address and that nonce.
 */
export async function signNftDeployment(
  db: Database,
  runtime: NftRuntime,
  input: { name: string; symbol: string; baseUri: string },
): Promise<{ contract: string; hash: string; from: string }> {
  const { sender } = runtime;
  if (!sender) throw new NftDeployRefused('this process holds no hot wallet key (CHAIN_HOT_WALLET_KEY)');
  const { abi, bytecode } = (await compileContracts()).AttendanceNFT;
  const data = encodeDeployData({ abi, bytecode, args: [input.name, input.symbol, input.baseUri] });
  const fees = await sender.currentFees();
  const row = await db.transaction((tx) =>
    sender.signFrom(tx, sender.account, {
      purpose: 'nft_deploy',
      ref: `${NFT_REF_PREFIX}:deploy:${randomBytes(8).toString('hex')}`,
      // A contract creation has no recipient; the sender's call type always names one, so it is left out here.
      call: { to: undefined as unknown as Address, value: 0n, data, gas: DEPLOY_GAS },
      fees,
    }),
  );
  return {
    contract: getContractAddress({ from: row.fromAddress as Address, nonce: row.nonce }),
    hash: row.hash,
    from: row.fromAddress,
  };
}

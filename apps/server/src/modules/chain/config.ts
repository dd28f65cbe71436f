import { getAddress } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

/**
 * Which chains a node answers for, from the environment (docs/wallet.md, "Chains"). Parsed once by config.ts.
 * Names are per chain symbol of the catalogue (BSC, AVAX, ETH, POLYGON) and per asset code:
 * - `CHAIN_RPC_<CHAIN>`: the node's JSON-RPC URL; set, the chain leaves the local simulator.
 * - `CHAIN_NETWORK_ID_<CHAIN>`: the `eth_chainId` to expect (the catalogue's by default: 56, 43114, 1, 137).
 * - `CHAIN_CONFIRMATIONS_<CHAIN>`: overrides the catalogue's confirmations on that chain (a local node).
 * - `CHAIN_CONTRACT_<ASSET>_<CHAIN>`, `CHAIN_DECIMALS_<ASSET>_<CHAIN>`: a token's contract and decimals there.
 * - `CHAIN_START_BLOCK_<CHAIN>`: where a new scanner starts (default: a finality window below the head).
 * - `CHAIN_HOT_WALLET_KEY`: the hot wallet's secp256k1 key (0x + 64 hex), the same address on every EVM chain.
 *   Only processes that send need it (`CHAIN_SIGNER=off` keeps a node from signing even when it has it).
 * - `CHAIN_POLL_MS` (2000), `CHAIN_BUMP_AFTER_MS` (60000), `CHAIN_MAX_FEE_GWEI` (500), `CHAIN_SWEEP_RATIO` (20).
 * - `CHAIN_NFT` (a chain symbol) and `CHAIN_NFT_CONTRACT`: attendance NFTs on that chain.
 * - `CHAIN_COLD_ADDRESS_<CHAIN>`, `CHAIN_HOT_TARGET_<ASSET>_<CHAIN>`, `CHAIN_HOT_CEILING_<ASSET>_<CHAIN>`: the hot
 *   wallet's target and ceiling there (whole coins as decimal strings) and where its surplus goes (hot-cold.ts).
 */

export interface EvmChainConfig {
  symbol: string;
  rpcUrl: string;
  networkId: number | undefined;
  confirmations: number | undefined;
  startBlock: bigint | undefined;
  /** Per asset code: a contract and decimals that replace the catalogue's on this chain. */
  tokens: Record<string, { contract?: string; decimals?: number }>;
  /** Where the hot wallet's surplus above a ceiling goes (docs/wallet.md, "Hot and cold"). */
  coldAddress: string | undefined;
  /** Per asset code: the hot wallet's target and ceiling there, in whole coins (decimal strings, checked). */
  hotLimits: Record<string, { target: string; ceiling: string | undefined }>;
}

export interface ChainConfig {
  evm: EvmChainConfig[];
  hotWalletKey: `0x${string}` | undefined;
  /** The hot wallet's address, for a process that holds no key and still reconciles (`CHAIN_HOT_WALLET_ADDRESS`). */
  hotWalletAddress: string | undefined;
  signer: boolean;
  pollMs: number;
  bumpAfterMs: number;
  maxFeeWei: bigint;
  sweepRatio: number;
  nft: { chain: string; contract: string } | undefined;
  /** Test failpoint: `after-sign` kills the process right after a signed transaction is committed. */
  failpoint: string | undefined;
}

function problem(name: string, message: string): never {
  throw new Error(`Invalid environment:\n  ${name}: ${message}`);
}

const DECIMAL = /^\d{1,30}(\.\d{1,30})?$/;

/** Whether decimal string a is above b (both DECIMAL). */
function decimalAbove(a: string, b: string): boolean {
  const [aw = '', af = ''] = a.split('.');
  const [bw = '', bf = ''] = b.split('.');
  const scale = Math.max(af.length, bf.length);
  return BigInt(aw + af.padEnd(scale, '0')) > BigInt(bw + bf.padEnd(scale, '0'));
}

/**
 * The hot wallet's limits on one chain: a target (below it an operator is told to refill) and a ceiling (above it the
 * surplus goes to the cold address), each per asset; a ceiling needs a target below it and a cold address that is not
 * the hot wallet.
 */
function hotColdOf(
  env: NodeJS.ProcessEnv,
  symbol: string,
  hotAddress: string | undefined,
): Pick<EvmChainConfig, 'coldAddress' | 'hotLimits'> {
  const coldName = `CHAIN_COLD_ADDRESS_${symbol}`;
  const cold = env[coldName] || undefined;
  if (cold !== undefined) {
    if (!/^0x[0-9a-fA-F]{40}$/.test(cold)) problem(coldName, 'a 0x address on that chain');
    if (/[a-f]/.test(cold) && /[A-F]/.test(cold) && getAddress(cold) !== cold)
      problem(coldName, 'a mixed-case address whose checksum is wrong (a typo?)');
    if (hotAddress && cold.toLowerCase() === hotAddress.toLowerCase()) problem(coldName, 'not the hot wallet itself');
  }
  const hotLimits: EvmChainConfig['hotLimits'] = {};
  for (const [key, text] of Object.entries(env)) {
    const match = new RegExp(`^CHAIN_HOT_(TARGET|CEILING)_([A-Z0-9]+)_${symbol}$`).exec(key);
    if (!match || !text) continue;
    if (!DECIMAL.test(text)) problem(key, 'an amount in whole coins, a decimal string such as 2500 or 0.5');
    const asset = match[2]!;
    const target = env[`CHAIN_HOT_TARGET_${asset}_${symbol}`] || undefined;
    if (target === undefined)
      problem(key, `a ceiling needs CHAIN_HOT_TARGET_${asset}_${symbol}: the surplus goes down to it`);
    const ceiling = env[`CHAIN_HOT_CEILING_${asset}_${symbol}`] || undefined;
    if (ceiling !== undefined) {
      if (!cold) problem(key, `a ceiling needs ${coldName}: where the surplus goes`);
      if (!DECIMAL.test(target) || !decimalAbove(ceiling, target))
        problem(`CHAIN_HOT_CEILING_${asset}_${symbol}`, `above CHAIN_HOT_TARGET_${asset}_${symbol} (${target})`);
    }
    hotLimits[asset] = { target, ceiling };
  }
  return { coldAddress: cold, hotLimits };
}

function integer(env: NodeJS.ProcessEnv, name: string, min: number, max: number): number | undefined {
  const text = env[name];
  if (text === undefined || text === '') return undefined;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max) problem(name, `a whole number from ${min} to ${max}`);
  return value;
}

export function chainConfig(env: NodeJS.ProcessEnv): ChainConfig {
  const evm: EvmChainConfig[] = [];
  const key = env.CHAIN_HOT_WALLET_KEY;
  if (key !== undefined && key !== '' && !/^0x[0-9a-fA-F]{64}$/.test(key)) {
    problem('CHAIN_HOT_WALLET_KEY', 'a secp256k1 private key, 0x and 64 hex digits');
  }
  const hotAddress = key
    ? privateKeyToAccount(key as `0x${string}`).address
    : env.CHAIN_HOT_WALLET_ADDRESS || undefined;
  for (const [name, value] of Object.entries(env)) {
    const match = /^CHAIN_RPC_([A-Z0-9]+)$/.exec(name);
    if (!match || !value) continue;
    const symbol = match[1]!;
    if (!/^https?:\/\/\S+$/.test(value)) problem(name, 'an http(s) URL of a JSON-RPC node');
    const tokens: EvmChainConfig['tokens'] = {};
    for (const [key, text] of Object.entries(env)) {
      const token = new RegExp(`^CHAIN_(CONTRACT|DECIMALS)_([A-Z0-9]+)_${symbol}$`).exec(key);
      if (!token || !text) continue;
      const entry = tokens[token[2]!] ?? {};
      tokens[token[2]!] = entry;
      if (token[1] === 'CONTRACT') {
        if (!/^0x[0-9a-fA-F]{40}$/.test(text)) problem(key, 'a 0x contract address');
        entry.contract = text;
      } else {
        entry.decimals = integer(env, key, 0, 36);
      }
    }
    const start = env[`CHAIN_START_BLOCK_${symbol}`];
    if (start !== undefined && !/^\d+$/.test(start)) problem(`CHAIN_START_BLOCK_${symbol}`, 'a block number');
    evm.push({
      symbol,
      rpcUrl: value,
      networkId: integer(env, `CHAIN_NETWORK_ID_${symbol}`, 1, 2 ** 40),
      confirmations: integer(env, `CHAIN_CONFIRMATIONS_${symbol}`, 1, 10_000),
      startBlock: start === undefined ? undefined : BigInt(start),
      tokens,
      ...hotColdOf(env, symbol, hotAddress),
    });
  }
  const nftChain = env.CHAIN_NFT;
  const nftContract = env.CHAIN_NFT_CONTRACT;
  if (nftChain && !nftContract)
    problem('CHAIN_NFT_CONTRACT', 'required with CHAIN_NFT (deploy it with npm run chain:nft-deploy)');
  if (nftContract && !/^0x[0-9a-fA-F]{40}$/.test(nftContract)) problem('CHAIN_NFT_CONTRACT', 'a 0x contract address');
  const maxFeeGwei = integer(env, 'CHAIN_MAX_FEE_GWEI', 1, 100_000) ?? 500;
  return {
    evm,
    hotWalletKey: key ? (key as `0x${string}`) : undefined,
    hotWalletAddress: env.CHAIN_HOT_WALLET_ADDRESS || undefined,
    signer: env.CHAIN_SIGNER !== 'off',
    pollMs: integer(env, 'CHAIN_POLL_MS', 50, 600_000) ?? 2000,
    bumpAfterMs: integer(env, 'CHAIN_BUMP_AFTER_MS', 100, 86_400_000) ?? 60_000,
    maxFeeWei: BigInt(maxFeeGwei) * 1_000_000_000n,
    sweepRatio: integer(env, 'CHAIN_SWEEP_RATIO', 1, 1_000_000) ?? 20,
    nft: nftChain && nftContract ? { chain: nftChain, contract: nftContract } : undefined,
    failpoint: env.CHAIN_FAILPOINT || undefined,
  };
}

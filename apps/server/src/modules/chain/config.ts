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
 */

export interface EvmChainConfig {
  symbol: string;
  rpcUrl: string;
  networkId: number | undefined;
  confirmations: number | undefined;
  startBlock: bigint | undefined;
  /** Per asset code: a contract and decimals that replace the catalogue's on this chain. */
  tokens: Record<string, { contract?: string; decimals?: number }>;
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

function integer(env: NodeJS.ProcessEnv, name: string, min: number, max: number): number | undefined {
  const text = env[name];
  if (text === undefined || text === '') return undefined;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max) problem(name, `a whole number from ${min} to ${max}`);
  return value;
}

export function chainConfig(env: NodeJS.ProcessEnv): ChainConfig {
  const evm: EvmChainConfig[] = [];
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
    });
  }
  const key = env.CHAIN_HOT_WALLET_KEY;
  if (key !== undefined && key !== '' && !/^0x[0-9a-fA-F]{64}$/.test(key)) {
    problem('CHAIN_HOT_WALLET_KEY', 'a secp256k1 private key, 0x and 64 hex digits');
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

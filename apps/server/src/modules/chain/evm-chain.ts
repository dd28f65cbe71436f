import type { Catalog } from '../wallet/service.ts';
import type { EvmChainConfig } from './config.ts';

/** One EVM chain as the chain module uses it: the catalogue's networks on it, with the environment's overrides. */
export interface EvmAsset {
  assetCode: string;
  /** Base units per coin in the ledger and on the chain: amounts convert by the difference. */
  decimals: number;
  chainDecimals: number;
  confirmations: number;
  depositEnabled: boolean;
  /** The user's address on another chain, for a single-address coin (XDR: its first chain's). */
  addressChainId: number;
}

export interface EvmChain {
  id: number;
  symbol: string;
  networkId: number;
  /** Lower-cased contract → its asset. */
  tokens: Map<string, EvmAsset & { contract: string }>;
  native: EvmAsset | undefined;
  /**
   * The chain's deepest confirmations over its assets: how deep a deposit or one of our transactions must be before
   * it counts (a mined transaction settles, an operator's funding is recorded).
   */
  finality: number;
  /** Block hashes kept below the head to see a reorg: deeper than any deposit's confirmations. */
  window: number;
}

export function resolveEvmChain(catalog: Catalog, config: EvmChainConfig): EvmChain {
  const chain = [...catalog.chains.values()].find((c) => c.symbol.toUpperCase() === config.symbol);
  if (!chain) throw new Error(`CHAIN_RPC_${config.symbol}: no chain with that symbol in the catalogue`);
  if (chain.family !== 'evm') throw new Error(`CHAIN_RPC_${config.symbol}: ${chain.name} is not an EVM chain`);
  const networkId = config.networkId ?? chain.networkId;
  if (!networkId) throw new Error(`CHAIN_NETWORK_ID_${config.symbol}: the catalogue has no network id for it`);
  const tokens: EvmChain['tokens'] = new Map();
  let native: EvmAsset | undefined;
  for (const network of catalog.networks.filter((n) => n.chainId === chain.id)) {
    const asset = catalog.assets.get(network.assetCode)!;
    const override = config.tokens[asset.code] ?? {};
    const addressChainId = asset.singleAddress
      ? [...catalog.networks]
          .filter((n) => n.assetCode === asset.code)
          .map((n) => catalog.chains.get(n.chainId)!)
          .sort((a, b) => a.sort - b.sort)[0]!.id
      : chain.id;
    const entry: EvmAsset = {
      assetCode: asset.code,
      decimals: asset.decimals,
      chainDecimals: override.decimals ?? network.chainDecimals ?? asset.decimals,
      confirmations: config.confirmations ?? network.confirmations,
      depositEnabled: network.depositEnabled,
      addressChainId,
    };
    const contract = override.contract ?? network.contract;
    if (contract) tokens.set(contract.toLowerCase(), { ...entry, contract });
    // A coin without a contract is the chain's own, except a single-address token not deployed here (XDR).
    else if (!asset.singleAddress) native = entry;
  }
  const deepest = Math.max(1, ...[...tokens.values(), ...(native ? [native] : [])].map((a) => a.confirmations));
  return { id: chain.id, symbol: chain.symbol, networkId, tokens, native, finality: deepest, window: deepest + 12 };
}

/** Chain base units → ledger base units, cut to what the ledger keeps (the rest stays on the address as dust). */
export function toLedgerUnits(asset: EvmAsset, chainAmount: bigint): bigint {
  const shift = asset.chainDecimals - asset.decimals;
  return shift >= 0 ? chainAmount / 10n ** BigInt(shift) : chainAmount * 10n ** BigInt(-shift);
}

export function toChainUnits(asset: EvmAsset, amount: bigint): bigint {
  const shift = asset.chainDecimals - asset.decimals;
  return shift >= 0 ? amount * 10n ** BigInt(shift) : amount / 10n ** BigInt(-shift);
}

/** The chain's own coin or one of its tokens, by asset code. */
export function evmAssetOf(chain: EvmChain, code: string): (EvmAsset & { contract?: string }) | undefined {
  if (chain.native?.assetCode === code) return chain.native;
  return [...chain.tokens.values()].find((t) => t.assetCode === code);
}

import { AMOUNT_PROBLEM_KEYS, parseAmount } from '@polaris/contract';
import { fieldError } from '../../platform/errors.ts';
import type { Catalog, CatalogAsset, CatalogNetwork } from './store.ts';

/** What the catalogue allows: a listed asset, a usable network for it, an amount in the asset's decimals. */

export function assetOf(catalog: Catalog, code: string): CatalogAsset {
  const asset = catalog.assets.get(code);
  if (!asset) throw fieldError('asset', 'wallet.unknownAsset');
  return asset;
}

/** The asset's network on a chain, unless the chain is not listed for it or is still waiting. */
export function networkOf(catalog: Catalog, assetCode: string, chainId: number | undefined): CatalogNetwork {
  const network = catalog.networks.find((n) => n.assetCode === assetCode && n.chainId === chainId);
  if (!network) throw fieldError('chainId', 'wallet.chainDisabled');
  if (catalog.chains.get(network.chainId)?.waiting) throw fieldError('chainId', 'wallet.chainWaiting');
  return network;
}

/** Base units of a decimal amount, or a field error on `amount` saying what is wrong with it. */
export function amountUnits(value: string, decimals: number): bigint {
  const parsed = parseAmount(value, decimals);
  if ('problem' in parsed) throw fieldError('amount', AMOUNT_PROBLEM_KEYS[parsed.problem], { max: decimals });
  return parsed.units;
}

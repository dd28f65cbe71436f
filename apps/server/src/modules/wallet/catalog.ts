import { formatAmount } from '@polaris/contract';
import type { Database } from '../../db/client.ts';
import { assetNetworks, assets, chains } from '../../db/schema/index.ts';
import type { ChainFamily } from './addresses.ts';

export interface CatalogAsset {
  code: string;
  name: string;
  decimals: number;
  singleAddress: boolean;
  sort: number;
}
export interface CatalogChain {
  id: number;
  symbol: string;
  name: string;
  family: ChainFamily;
  waiting: boolean;
  sort: number;
}
export interface CatalogNetwork {
  assetCode: string;
  chainId: number;
  contract: string | null;
  depositEnabled: boolean;
  withdrawEnabled: boolean;
  withdrawFee: bigint;
  withdrawMin: bigint;
  withdrawMax: bigint;
  confirmations: number;
  redPacketEnabled: boolean;
}

export interface Catalog {
  assets: Map<string, CatalogAsset>;
  chains: Map<number, CatalogChain>;
  networks: CatalogNetwork[];
}

/** Read fresh on each use: the tables are small and may be edited in the database without a deploy. */
export async function loadCatalog(db: Database): Promise<Catalog> {
  const [assetRows, chainRows, networkRows] = await Promise.all([
    db.select().from(assets).orderBy(assets.sort),
    db.select().from(chains).orderBy(chains.sort),
    db.select().from(assetNetworks),
  ]);
  return {
    assets: new Map(assetRows.map((row) => [row.code, row])),
    chains: new Map(chainRows.map((row) => [row.id, { ...row, family: row.family as ChainFamily }])),
    networks: networkRows.map((row) => ({
      ...row,
      withdrawFee: BigInt(row.withdrawFee),
      withdrawMin: BigInt(row.withdrawMin),
      withdrawMax: BigInt(row.withdrawMax),
    })),
  };
}

export function presentNetwork(catalog: Catalog, network: CatalogNetwork) {
  const chain = catalog.chains.get(network.chainId)!;
  const decimals = catalog.assets.get(network.assetCode)!.decimals;
  return {
    chainId: chain.id,
    chain: chain.symbol,
    chainName: chain.name,
    family: chain.family,
    waiting: chain.waiting,
    contract: network.contract,
    depositEnabled: network.depositEnabled && !chain.waiting,
    withdrawEnabled: network.withdrawEnabled && !chain.waiting,
    withdrawFee: formatAmount(network.withdrawFee, decimals),
    withdrawMin: formatAmount(network.withdrawMin, decimals),
    withdrawMax: formatAmount(network.withdrawMax, decimals),
    confirmations: network.confirmations,
    redPacketEnabled: network.redPacketEnabled,
  };
}

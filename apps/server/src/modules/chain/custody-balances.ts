import type { CustodyService } from '../wallet/custody.service.ts';
import { type EvmAsset, toLedgerUnits } from './evm-chain.ts';
import type { EvmRuntime } from './runtime.ts';

/** What one custody address held of one asset at one block, in the ledger's base units. */
export interface CustodyBalance {
  chainId: number;
  chain: string;
  asset: string;
  address: string;
  amount: bigint;
  block: bigint;
}

/**
 * Proof of reserves (docs/proof-of-reserves.md): every custody address on a chain that runs on a node (the hot wallet,
 * the cold address where one is set, hot-cold.ts, and every deposit address a deposit reached, as reconciliation reads
 * them), and what each held of each of the chain's assets at one block, the node's head when asked. Amounts below one ledger unit (dust) are cut, as deposits are. Addresses that
 * hold nothing of an asset are left out.
 */
export async function custodyBalances(
  deps: { custody: CustodyService },
  runtime: EvmRuntime,
  hotAddress: string | undefined,
): Promise<CustodyBalance[]> {
  const { chain, node } = runtime;
  const block = await node.head();
  const addresses = [
    ...(hotAddress ? [hotAddress] : []),
    ...(runtime.coldAddress ? [runtime.coldAddress] : []),
    ...(await deps.custody.depositAddressesSeen(chain.id)),
  ];
  const assets: (EvmAsset & { contract?: string })[] = [
    ...chain.tokens.values(),
    ...(chain.native ? [chain.native] : []),
  ];
  const found: CustodyBalance[] = [];
  for (const asset of assets) {
    for (const address of new Set(addresses.map((a) => a.toLowerCase()))) {
      const held = asset.contract
        ? await node.tokenBalance(asset.contract, address, block)
        : await node.balance(address, block);
      const amount = toLedgerUnits(asset, held);
      if (amount > 0n)
        found.push({ chainId: chain.id, chain: chain.symbol, asset: asset.assetCode, address, amount, block });
    }
  }
  return found;
}

import type { ChainReconcileOutput } from '@polaris/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { CustodyService } from '../wallet/custody.service.ts';
import { type EvmAsset, toChainUnits } from './evm-chain.ts';
import type { EvmRuntime } from './runtime.ts';
import { fundingsNet, gasPaid, unsettledTxs } from './store.ts';

/** One chain and asset: what the chain holds against what our records say it should, in the chain's base units. */
export type ReconcileLine = z.infer<typeof ChainReconcileOutput>['lines'][number];

/**
 * `npm run chain:reconcile` (docs/wallet.md, "What an operator does"). Per EVM chain on a node and per asset there:
 * the chain holds the hot wallet's balance plus the cold address's (`CHAIN_COLD_ADDRESS_<CHAIN>`, custody too) and
 * every deposit address's; our records say it should hold the deposits credited (and dust left on addresses) less the
 * withdrawals completed (what arrived; the fee stays with us), plus what operators funded less what they moved out of
 * custody, less the gas our settled transactions paid (native coin).
 * What explains a difference: deposits still confirming (on the chain, not yet ours), and our transactions mined but
 * not yet settled (a withdrawal's amount, their gas). Whatever is left is unexplained: an unrecorded funding (run
 * `chain:fund`), native coin forwarded from a contract to a node without `trace_block`, or money gone.
 */
export async function reconcileChain(
  deps: { db: Database; custody: CustodyService },
  runtime: EvmRuntime,
  hotAddress: string | undefined,
): Promise<ReconcileLine[]> {
  const { chain, node } = runtime;
  const addresses = [
    ...(hotAddress ? [hotAddress] : []),
    ...(runtime.coldAddress ? [runtime.coldAddress] : []),
    ...(await deps.custody.depositAddressesSeen(chain.id)),
  ];
  const figures = await deps.custody.custodyFigures(chain.id);
  const fundings = await fundingsNet(deps.db, chain.id);
  const paid = await gasPaid(deps.db, chain.id);

  // Our transactions mined and not yet settled: the chain has moved on already.
  const minedAmounts = new Map<string, bigint>();
  let minedGas = 0n;
  const seen = new Set<string>();
  const unsettled = await unsettledTxs(deps.db, chain.id);
  const minedWithdrawals: number[] = [];
  for (const row of unsettled) {
    const key = `${row.fromAddress}:${row.nonce}`;
    if (seen.has(key)) continue;
    const receipt = await node.receipt(row.hash);
    if (!receipt) continue;
    seen.add(key);
    minedGas += receipt.gasPaid;
    if (row.purpose === 'withdrawal' && receipt.status === 'success')
      minedWithdrawals.push(Number(row.ref.split(':')[1]));
  }
  for (const [, w] of await deps.custody.withdrawalAmounts(minedWithdrawals)) {
    minedAmounts.set(w.asset, (minedAmounts.get(w.asset) ?? 0n) + w.amount);
  }

  const assets: (EvmAsset & { contract?: string })[] = [
    ...chain.tokens.values(),
    ...(chain.native ? [chain.native] : []),
  ];
  const lines: ReconcileLine[] = [];
  for (const asset of assets) {
    let onChain = 0n;
    for (const address of addresses) {
      onChain += asset.contract ? await node.tokenBalance(asset.contract, address) : await node.balance(address);
    }
    const f = figures.get(asset.assetCode) ?? { held: 0n, confirming: 0n, sentLedger: 0n, inFlightLedger: 0n };
    const native = asset === chain.native;
    const expected =
      f.held - toChainUnits(asset, f.sentLedger) + (fundings.get(asset.assetCode) ?? 0n) - (native ? paid : 0n);
    const explained: ReconcileLine['explained'] = [];
    if (f.confirming > 0n) explained.push({ what: 'deposits still confirming', amount: String(f.confirming) });
    const mined = minedAmounts.get(asset.assetCode) ?? 0n;
    if (mined > 0n)
      explained.push({ what: 'withdrawals mined, not yet settled', amount: String(-toChainUnits(asset, mined)) });
    if (native && minedGas > 0n)
      explained.push({ what: 'gas of transactions mined, not yet settled', amount: String(-minedGas) });
    const difference = onChain - expected;
    const unexplained = difference - explained.reduce((sum, e) => sum + BigInt(e.amount), 0n);
    lines.push({
      chain: chain.symbol,
      asset: asset.assetCode,
      onChain: String(onChain),
      expected: String(expected),
      difference: String(difference),
      explained,
      unexplained: String(unexplained),
    });
  }
  return lines;
}

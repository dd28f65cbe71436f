import type { ChainFundOutput } from '@polaris/contract';
import { type Address, decodeEventLog, getAddress, type Hex, parseAbiItem } from 'viem';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { CustodyService } from '../wallet/custody.service.ts';
import { InsufficientBalance } from '../wallet/ledger.ts';
import { toLedgerUnits } from './evm-chain.ts';
import type { EvmRuntime } from './runtime.ts';
import { insertFunding, isOurs, linkFunding } from './store.ts';

const TRANSFER = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');

export type FundingLine = z.infer<typeof ChainFundOutput>['lines'][number];

export class FundingRefused extends Error {}

/**
 * `npm run chain:fund`: an operator's own transaction to or from custody (the hot wallet, and the cold address where
 * one is set: between those two only its gas is recorded), recorded once per transfer in it
 * (docs/wallet.md, "What an operator does"). Native coin into the hot wallet becomes platform gas, a token platform
 * float; out of custody (to storage the platform does not count as custody) the reverse, refused when it is more than the platform's own: that would be
 * users' money leaving. Only transfers the chain holds deep enough count, and none of our own signed transactions.
 * Native coin moved from inside a contract (an internal call) is not read here.
 */
export async function recordFunding(
  deps: { db: Database; custody: CustodyService; now: () => Date },
  runtime: EvmRuntime,
  hotAddress: string,
  txHash: string,
): Promise<FundingLine[]> {
  const { chain, node } = runtime;
  const hot = getAddress(hotAddress);
  const [receipt, transaction, head] = await Promise.all([
    node.client.getTransactionReceipt({ hash: txHash as Hex }).catch(() => undefined),
    node.client.getTransaction({ hash: txHash as Hex }).catch(() => undefined),
    node.head(),
  ]);
  if (!receipt || !transaction) throw new FundingRefused(`no transaction ${txHash} on ${chain.symbol}`);
  if (receipt.status !== 'success') throw new FundingRefused('that transaction reverted: it moved nothing');
  const deepest = chain.finality;
  if (head - receipt.blockNumber + 1n < BigInt(deepest)) {
    throw new FundingRefused(`that transaction is ${head - receipt.blockNumber + 1n} blocks deep; wait for ${deepest}`);
  }
  if (await isOurs(deps.db, chain.id, txHash)) throw new FundingRefused('that is a transaction the platform signed');
  // The cold address is custody too (hot-cold.ts): what moves between it and the hot wallet stays in custody, and only
  // what crosses custody's edge is a funding. An operator refilling the hot wallet from it records only the gas.
  const cold = runtime.coldAddress ? getAddress(runtime.coldAddress) : undefined;
  const held = (address: string) => getAddress(address) === hot || getAddress(address) === cold;
  let internal = 0;

  const found: { asset: ReturnType<typeof assetOf>; direction: 'in' | 'out'; value: bigint; logIndex: number }[] = [];
  const assetOf = (contract: string | undefined) =>
    contract ? chain.tokens.get(contract.toLowerCase()) : chain.native;
  if (transaction.value > 0n && chain.native && transaction.to) {
    if (held(transaction.to) && held(transaction.from)) internal++;
    else if (held(transaction.to))
      found.push({ asset: chain.native, direction: 'in', value: transaction.value, logIndex: -1 });
    else if (held(transaction.from))
      found.push({ asset: chain.native, direction: 'out', value: transaction.value, logIndex: -1 });
  }
  for (const log of receipt.logs) {
    const asset = assetOf(log.address);
    if (!asset || log.topics[0] === undefined) continue;
    let args: { from: Address; to: Address; value: bigint };
    try {
      args = decodeEventLog({ abi: [TRANSFER], data: log.data, topics: log.topics }).args;
    } catch {
      continue;
    }
    if (held(args.to) && held(args.from)) internal++;
    else if (held(args.to)) found.push({ asset, direction: 'in', value: args.value, logIndex: log.logIndex });
    else if (held(args.from)) found.push({ asset, direction: 'out', value: args.value, logIndex: log.logIndex });
  }
  if (found.length === 0 && internal === 0)
    throw new FundingRefused('that transaction moved nothing to or from the hot wallet or the cold address');
  // Sent from the hot wallet or the cold address with its key: its gas left custody too, paid from the platform's gas
  // (recorded as log -2).
  if (held(transaction.from) && chain.native) {
    found.push({
      asset: chain.native,
      direction: 'out',
      value: receipt.gasUsed * receipt.effectiveGasPrice,
      logIndex: -2,
    });
  }

  return deps.db
    .transaction(async (tx) => {
      const lines: FundingLine[] = [];
      for (const item of found) {
        const asset = item.asset!;
        const id = await insertFunding(tx, {
          chainId: chain.id,
          txHash,
          logIndex: item.logIndex,
          assetCode: asset.assetCode,
          direction: item.direction,
          chainAmount: item.value.toString(),
          createdAt: deps.now(),
        });
        if (id !== undefined) {
          const entryId = await deps.custody.recordFunding(tx, {
            asset: asset.assetCode,
            amount: toLedgerUnits(asset, item.value),
            native: asset === chain.native,
            direction: item.direction,
            reference: `fund:${chain.id}:${txHash}:${item.logIndex}`,
          });
          await linkFunding(tx, id, entryId);
        }
        lines.push({
          asset: asset.assetCode,
          direction: item.direction,
          chainAmount: item.value.toString(),
          logIndex: item.logIndex,
          recorded: id !== undefined,
        });
      }
      return lines;
    })
    .catch((error: unknown) => {
      if (error instanceof InsufficientBalance) {
        throw new FundingRefused(
          "moving that much out of the hot wallet is more than the platform's own float or gas: it would be users' money",
        );
      }
      throw error;
    });
}

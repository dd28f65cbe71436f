// What each chain on a node holds (hot wallet and deposit addresses) against what the records say it should, per
// asset; exits 1 on an unexplained difference, 2 when it could not run (docs/wallet.md, "What an operator does").
//   npm run chain:reconcile
import type { ChainReconcileOutput } from '@polaris/contract';
import type { z } from 'zod';
import { operatorCall } from './operator.ts';

const result = await operatorCall<z.infer<typeof ChainReconcileOutput>>('GET', '/admin/chain/reconcile');
if (result.status !== 200) {
  console.error(`Reconciliation could not run: ${result.msg}`);
  process.exit(2);
}
const { lines, ok } = result.attachment;
if (lines.length === 0) {
  console.log('No chain runs on a node (CHAIN_RPC_<CHAIN>): nothing to reconcile.');
  process.exit(0);
}
console.log('chain    asset  on chain (base units)       expected                    unexplained');
for (const line of lines) {
  console.log(
    `${line.chain.padEnd(8)} ${line.asset.padEnd(6)} ${line.onChain.padEnd(27)} ${line.expected.padEnd(27)} ${line.unexplained}`,
  );
  for (const item of line.explained) console.log(`    explained: ${item.what}: ${item.amount}`);
}
if (!ok) {
  console.error(
    'Unexplained differences. An operator transfer to or from the hot wallet not yet recorded? npm run chain:fund -- --chain <CHAIN> --tx <hash>',
  );
  process.exit(1);
}
console.log('Every chain holds what the records say.');

// Where the hot wallet stands against its target and ceiling on each chain on a node, per asset with limits; exits 1
// when one is below its target, 2 when it could not run (docs/wallet.md, "Hot and cold").
//   npm run chain:hot
import type { ChainHotOutput } from '@polaris/contract';
import type { z } from 'zod';
import { operatorCall } from './operator.ts';

const result = await operatorCall<z.infer<typeof ChainHotOutput>>('GET', '/admin/chain/hot');
if (result.status !== 200) {
  console.error(`The hot wallet could not be read: ${result.msg}`);
  process.exit(2);
}
const { lines } = result.attachment;
if (lines.length === 0) {
  console.log('No hot wallet target is set (CHAIN_HOT_TARGET_<ASSET>_<CHAIN>) on a chain that runs on a node.');
  process.exit(0);
}
console.log('chain    asset  available            target               ceiling              state');
for (const line of lines) {
  console.log(
    `${line.chain.padEnd(8)} ${line.asset.padEnd(6)} ${line.available.padEnd(20)} ${line.target.padEnd(20)} ${(line.ceiling ?? '-').padEnd(20)} ${line.state}`,
  );
  if (line.moving) console.log(`    moving ${line.moving.amount} to ${line.coldAddress}: ${line.moving.hash}`);
}
if (lines.some((line) => line.state === 'below_target')) {
  console.error(
    'Below target: send from cold storage to the hot wallet, then record it: npm run chain:fund -- --chain <CHAIN> --tx <hash>',
  );
  process.exit(1);
}

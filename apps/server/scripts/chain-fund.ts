// Record an operator's own transaction to the hot wallet (gas coin, token float, from cold storage) or from it (to
// cold storage), each transfer in it once (docs/wallet.md, "What an operator does").
//   npm run chain:fund -- --chain ETH --tx 0x…
import type { ChainFundOutput } from '@polaris/contract';
import type { z } from 'zod';
import { operatorCall } from './operator.ts';

const value = (flag: string) => {
  const at = process.argv.indexOf(flag);
  return at < 0 ? undefined : process.argv[at + 1];
};
const chain = value('--chain');
const tx = value('--tx');
if (!chain || !tx) {
  console.error('Usage: npm run chain:fund -- --chain ETH --tx 0x<transaction hash>');
  process.exit(2);
}
const result = await operatorCall<z.infer<typeof ChainFundOutput>>('POST', '/admin/chain/fund', { chain, tx });
if (result.status !== 200) {
  console.error(result.msg);
  process.exit(1);
}
for (const line of result.attachment.lines) {
  const what = `${line.direction === 'in' ? 'into' : 'out of'} the hot wallet: ${line.chainAmount} base units of ${line.asset}`;
  console.log(line.recorded ? `Recorded ${what}.` : `Already recorded ${what}.`);
}

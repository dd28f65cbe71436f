// Cancel a withdrawal stuck on a real chain: our own transfer of nothing at its nonce, at higher fees. The user is
// refunded only once the cancel is mined; if the withdrawal is mined first, it completes instead (docs/wallet.md).
//   npm run chain:cancel -- --withdrawal 12
import { operatorCall } from './operator.ts';

const at = process.argv.indexOf('--withdrawal');
const withdrawal = Number(process.argv[at + 1]);
if (at < 0 || !Number.isInteger(withdrawal) || withdrawal <= 0) {
  console.error('Usage: npm run chain:cancel -- --withdrawal <id>');
  process.exit(2);
}
const result = await operatorCall<{ hash: string; nonce: string; attempt: number }>('POST', '/admin/chain/cancel', {
  withdrawal,
});
if (result.status !== 200) {
  console.error(`Not cancelled: ${result.msg}`);
  process.exit(1);
}
const { hash, nonce, attempt } = result.attachment;
console.log(`Cancel signed at nonce ${nonce} (attempt ${attempt}): ${hash}. The refund follows once it is mined.`);

// Fund the invite-gift pool (the `referral_pool` system account) and pay every reward left owed while it was short.
//   npm run invite:fund -- --amount 1000
// The money comes from chain clearing, as a deposit does: the operator has sent that much to the platform's
// wallet outside the app. The amount is in the reward asset (INVITE_REWARD.asset, USDT).
import { INVITE_REWARD } from '@polaris/contract';
import { flags, operatorCall } from './operator.ts';

const args = flags(process.argv.slice(2));
if (!args.amount) {
  console.error('Missing --amount\nUsage: npm run invite:fund -- --amount 1000');
  process.exit(2);
}
const result = await operatorCall<{ pool: string; paid: number; stillOwed: number }>('POST', '/admin/invite/fund', {
  amount: args.amount,
});
if (result.status !== 200) {
  const details = Array.isArray(result.attachment)
    ? ` (${(result.attachment as { field: string; message: string }[]).map((e) => `${e.field}: ${e.message}`).join('; ')})`
    : '';
  console.error(`Funding refused: ${result.msg}${details}`);
  process.exit(1);
}
const { pool, paid, stillOwed } = result.attachment;
console.log(
  `Added ${args.amount} ${INVITE_REWARD.asset} to the referral pool; it now holds ${pool} ${INVITE_REWARD.asset}. ` +
    `Paid ${paid} owed reward(s); ${stillOwed} still owed.`,
);

// Review withdrawals above WITHDRAWAL_REVIEW_ABOVE_USD (docs/wallet.md, "Review of large withdrawals").
//   npm run withdrawal:pending
//   npm run withdrawal:approve -- --id 42 [--note "Known exchange address"]
//   npm run withdrawal:reject -- --id 42 --note "Address on a sanctions list"
// A rejection unfreezes the whole amount back to the user's balance through the ledger.
import { type Envelope, flags, operatorCall } from './operator.ts';

const [command, ...rest] = process.argv.slice(2);
const args = flags(rest);

function refuse(what: string, result: Envelope<unknown>): never {
  const details = Array.isArray(result.attachment)
    ? ` (${(result.attachment as { field: string; message: string }[]).map((e) => `${e.field}: ${e.message}`).join('; ')})`
    : '';
  console.error(`${what} refused: ${result.msg}${details}`);
  process.exit(1);
}

if (command === 'pending') {
  const result = await operatorCall<{
    items: { id: string; uid: string; asset: string; amount: string; valueUsd: string | null; address: string }[];
  }>('GET', '/admin/withdrawals/review');
  if (result.status !== 200) refuse('Listing', result);
  if (result.attachment.items.length === 0) console.log('No withdrawal is waiting for review.');
  for (const item of result.attachment.items) {
    console.log(
      `#${item.id}  uid ${item.uid}  ${item.amount} ${item.asset} (${item.valueUsd === null ? 'no market price' : `~${item.valueUsd} USD`}) to ${item.address}`,
    );
  }
} else if (command === 'approve' || command === 'reject') {
  if (!args.id || (command === 'reject' && !args.note)) {
    console.error(
      `Usage: npm run withdrawal:${command} -- --id N ${command === 'reject' ? '--note "reason"' : '[--note "..."]'}`,
    );
    process.exit(2);
  }
  const result = await operatorCall('POST', '/admin/withdrawals/review', {
    id: Number(args.id),
    decision: command,
    note: args.note,
  });
  if (result.status !== 200) refuse('Review', result);
  console.log(
    command === 'approve'
      ? `Withdrawal #${args.id} approved: it goes to the chain.`
      : `Withdrawal #${args.id} rejected: its amount is back in the user's balance.`,
  );
} else {
  console.error('Usage: withdrawal-review.ts pending | approve --id N | reject --id N --note "..."');
  process.exit(2);
}

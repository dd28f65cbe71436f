// LOCAL CHAIN SIMULATOR: credit a deposit to a user, as if it had arrived on a chain.
//   npm run wallet:deposit -- --email a@b.c --asset USDT --chain BSC --amount 100 [--tx 0xhash] [--confirmations 0]
// With fewer confirmations than the network needs, the deposit waits as "confirming" and the running server
// credits it once the simulated chain has produced enough blocks.
import { flags, operatorCall } from './operator.ts';

const args = flags(process.argv.slice(2));
const missing = ['email', 'asset', 'chain', 'amount'].filter((name) => !args[name]);
if (missing.length > 0) {
  console.error(
    `Missing --${missing.join(', --')}\nUsage: npm run wallet:deposit -- --email a@b.c --asset USDT --chain BSC --amount 100 [--tx 0x...]`,
  );
  process.exit(2);
}
const result = await operatorCall<{ id: number; credited: boolean; status: string; address: string }>(
  'POST',
  '/local-chain/deposit',
  {
    email: args.email,
    asset: args.asset,
    chain: args.chain,
    amount: args.amount,
    txHash: args.tx,
    confirmations: args.confirmations === undefined ? undefined : Number(args.confirmations),
  },
);
if (result.status !== 200) {
  const details = Array.isArray(result.attachment)
    ? ` (${(result.attachment as { field: string; message: string }[]).map((e) => `${e.field}: ${e.message}`).join('; ')})`
    : '';
  console.error(`Deposit refused: ${result.msg}${details}`);
  process.exit(1);
}
const { id, credited, status, address } = result.attachment;
console.log(
  status === 'confirming'
    ? `Deposit #${id} of ${args.amount} ${String(args.asset).toUpperCase()} to ${args.email} is confirming; the running server credits it when the simulated chain has enough blocks.`
    : credited
      ? `Credited ${args.amount} ${String(args.asset).toUpperCase()} on ${args.chain} to ${args.email} (deposit #${id}, address ${address}).`
      : `Deposit #${id} with this transaction hash was already credited; nothing changed.`,
);

// LOCAL CHAIN SIMULATOR: credit a deposit to a user, as if it had arrived on a chain.
//   npm run wallet:deposit -- --email a@b.c --asset USDT --chain BSC --amount 100 [--tx 0xhash]
import { flags, operatorCall } from './operator.ts';

const args = flags(process.argv.slice(2));
const missing = ['email', 'asset', 'chain', 'amount'].filter((name) => !args[name]);
if (missing.length > 0) {
  console.error(
    `Missing --${missing.join(', --')}\nUsage: npm run wallet:deposit -- --email a@b.c --asset USDT --chain BSC --amount 100 [--tx 0x...]`,
  );
  process.exit(2);
}
const result = await operatorCall<{ id: number; credited: boolean; address: string }>('POST', '/local-chain/deposit', {
  email: args.email,
  asset: args.asset,
  chain: args.chain,
  amount: args.amount,
  txHash: args.tx,
});
if (result.status !== 200) {
  const details = Array.isArray(result.attachment)
    ? ` (${(result.attachment as { field: string; message: string }[]).map((e) => `${e.field}: ${e.message}`).join('; ')})`
    : '';
  console.error(`Deposit refused: ${result.msg}${details}`);
  process.exit(1);
}
const { id, credited, address } = result.attachment;
console.log(
  credited
    ? `Credited ${args.amount} ${String(args.asset).toUpperCase()} on ${args.chain} to ${args.email} (deposit #${id}, address ${address}).`
    : `Deposit #${id} with this transaction hash was already credited; nothing changed.`,
);

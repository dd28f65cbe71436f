// Review token listing applications (docs/token-listing.md).
//   npm run listing:pending
//   npm run listing:approve -- --id 3 --decimals 18
//   npm run listing:reject -- --id 3 --note "The white paper link does not open"
//   npm run listing:network -- --asset PLRS --chain 201 --deposit on --withdraw on [--fee 1 --min 10 --max 100000 --confirmations 12]
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
const onOff = (value: string | undefined) => (value === undefined ? undefined : value === 'on' || value === 'true');

if (command === 'pending') {
  const result = await operatorCall<{
    items: {
      id: string;
      name: string;
      symbol: string;
      chain: string;
      contract: string;
      website: string;
      contact: string;
    }[];
  }>('GET', '/admin/listing/pending');
  if (result.status !== 200) refuse('Listing', result);
  if (result.attachment.items.length === 0) console.log('No application is waiting for review.');
  for (const item of result.attachment.items) {
    console.log(
      `#${item.id}  ${item.symbol} (${item.name}) on ${item.chain}  ${item.contract}  ${item.website}  ${item.contact}`,
    );
  }
} else if (command === 'approve' || command === 'reject') {
  if (!args.id || (command === 'approve' && !args.decimals)) {
    console.error(
      command === 'approve'
        ? 'Usage: npm run listing:approve -- --id N --decimals N'
        : 'Usage: npm run listing:reject -- --id N [--note "reason"]',
    );
    process.exit(2);
  }
  const result = await operatorCall<{ id: string; status: string }>('POST', '/admin/listing/review', {
    id: args.id,
    decision: command,
    decimals: args.decimals === undefined ? undefined : Number(args.decimals),
    note: args.note,
  });
  if (result.status !== 200) refuse('Review', result);
  console.log(
    command === 'approve'
      ? `Application #${args.id} approved: the token is in the catalogue with deposits and withdrawals off (npm run listing:network to turn them on).`
      : `Application #${args.id} rejected.`,
  );
} else if (command === 'network') {
  if (!args.asset || !args.chain) {
    console.error(
      'Usage: npm run listing:network -- --asset SYMBOL --chain CHAIN_ID [--deposit on|off] [--withdraw on|off]',
    );
    process.exit(2);
  }
  const result = await operatorCall<{
    asset: string;
    chainId: number;
    depositEnabled: boolean;
    withdrawEnabled: boolean;
  }>('POST', '/admin/listing/network', {
    asset: args.asset,
    chainId: Number(args.chain),
    deposit: onOff(args.deposit),
    withdraw: onOff(args.withdraw),
    withdrawFee: args.fee,
    withdrawMin: args.min,
    withdrawMax: args.max,
    confirmations: args.confirmations === undefined ? undefined : Number(args.confirmations),
  });
  if (result.status !== 200) refuse('Network change', result);
  const { asset, chainId, depositEnabled, withdrawEnabled } = result.attachment;
  console.log(
    `${asset} on chain ${chainId}: deposits ${depositEnabled ? 'on' : 'off'}, withdrawals ${withdrawEnabled ? 'on' : 'off'}.`,
  );
} else {
  console.error(
    'Usage: npm run listing:pending | listing:approve | listing:reject | listing:network (see docs/token-listing.md)',
  );
  process.exit(2);
}

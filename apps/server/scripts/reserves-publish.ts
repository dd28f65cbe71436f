// Take and publish a proof-of-reserves snapshot (docs/proof-of-reserves.md): every user's balance per asset in a
// Merkle sum tree, what is held for users in escrow, and what custody holds on the chains. Exits 1 when reserves
// are below liabilities for any asset (the snapshot is still published, saying so), 2 when it could not run.
//   npm run reserves:publish
import type { ReservesSnapshot } from '@polaris/contract';
import { operatorCall } from './operator.ts';

const result = await operatorCall<ReservesSnapshot>('POST', '/admin/reserves/publish', {});
if (result.status !== 200) {
  console.error(`No snapshot was taken: ${result.msg}`);
  process.exit(2);
}
const snapshot = result.attachment;
console.log(`Snapshot ${snapshot.id} taken at ${snapshot.takenAt}: ${snapshot.leafCount} users in the tree.`);
console.log(`Root ${snapshot.rootHash}`);
console.log('asset  owed to users (balances + held)        reserves                 ratio');
for (const asset of snapshot.assets) {
  const owed = `${asset.liabilities} (${asset.userBalances} + ${asset.heldForUsers})`;
  const ratio = asset.ratio === null ? '-' : `${asset.ratio} %`;
  console.log(
    `${asset.code.padEnd(6)} ${owed.padEnd(40)} ${asset.reserves.padEnd(24)} ${ratio}${asset.short ? '  BELOW LIABILITIES' : ''}`,
  );
  for (const line of asset.custody) {
    const at = line.block === null ? line.source : `block ${line.block}`;
    console.log(`    ${line.chain} ${line.address}: ${line.amount} (${at})`);
  }
}
if (snapshot.shortAssets.length > 0) {
  console.error(
    `Reserves are below liabilities for ${snapshot.shortAssets.join(', ')}: custody holds less than the app owes its users.`,
  );
  process.exit(1);
}
console.log('Reserves cover liabilities for every asset.');

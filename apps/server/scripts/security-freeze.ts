// Accounts their owners froze from the security centre (docs/security-centre.md, "Freeze my account").
//   npm run security:frozen
//   npm run security:unfreeze -- --uid 10000001 --note "ID card and selfie matched the level 2 check, ticket 4411"
// Unfreeze only after checking the owner's identity as for a lost authenticator (the same page, steps 1-2).
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

if (command === 'frozen') {
  const result = await operatorCall<{ items: { uid: string; since: string }[] }>('GET', '/admin/security/frozen');
  if (result.status !== 200) refuse('Listing', result);
  if (result.attachment.items.length === 0) console.log('No account is frozen.');
  for (const item of result.attachment.items) console.log(`uid ${item.uid}  frozen since ${item.since}`);
} else if (command === 'unfreeze') {
  if (!args.uid || !args.note) {
    console.error('Usage: npm run security:unfreeze -- --uid N --note "what was checked"');
    process.exit(2);
  }
  const result = await operatorCall('POST', '/admin/security/unfreeze', { owner: args.uid, note: args.note });
  if (result.status !== 200) refuse('Unfreeze', result);
  console.log(`Account ${args.uid} unfrozen: its owner can sign in, withdraw and transfer again.`);
} else {
  console.error('Usage: security-freeze.ts frozen | unfreeze --uid N --note "..."');
  process.exit(2);
}

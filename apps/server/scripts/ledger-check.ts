// Verify every ledger invariant over the whole database; exits 1 on any violation.
//   npm run ledger:check
import { operatorCall } from './operator.ts';

const result = await operatorCall<{ ok: boolean; violations: { rule: string; detail: Record<string, unknown> }[] }>(
  'GET',
  '/admin/ledger/check',
);
if (result.status !== 200) {
  console.error(`Ledger check could not run: ${result.msg}`);
  process.exit(2);
}
if (result.attachment.ok) {
  console.log(
    'Ledger OK: every entry sums to zero, balances match their postings, none is negative, each asset sums to zero, creator earnings match their account.',
  );
} else {
  console.error(`Ledger check found ${result.attachment.violations.length} violation(s):`);
  for (const violation of result.attachment.violations)
    console.error(`- ${violation.rule}: ${JSON.stringify(violation.detail)}`);
  process.exit(1);
}

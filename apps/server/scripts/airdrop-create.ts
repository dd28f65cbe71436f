// Create an airdrop and fund its pool (docs/airdrops.md).
//   npm run airdrop:create -- --project "Polaris Labs" --asset USDT --mode prorata --pool 1000 \
//     --starts now --ends +7d --distribute +8d [--funder ops@example.com] [--description "..."] [--website https://...]
//   npm run airdrop:create -- --project X --asset USDT --mode fixed --per-person 5 --max 200 --starts now --ends +2d --distribute +2d
// Rules (optional): --holds-asset USDT --holds-min 50 | --activity <activity id> | --vip plus|pro|max
// Times are ISO 8601 (2026-12-01T12:00:00Z), `now`, or `+<n><m|h|d>` from now.
import { flags, operatorCall } from './operator.ts';

const args = flags(process.argv.slice(2));
const usage =
  'Usage: npm run airdrop:create -- --project NAME --asset USDT --mode prorata|fixed (--pool N | --per-person N --max N) --starts T --ends T --distribute T [--funder EMAIL]';
const missing = ['project', 'asset', 'mode', 'starts', 'ends', 'distribute'].filter((name) => !args[name]);
if (missing.length > 0) {
  console.error(`Missing --${missing.join(', --')}\n${usage}`);
  process.exit(2);
}

function time(value: string): string {
  if (value === 'now') return new Date().toISOString();
  const relative = /^\+(\d+)([mhd])$/.exec(value);
  if (relative) {
    const unit = { m: 60_000, h: 3_600_000, d: 86_400_000 }[relative[2] as 'm' | 'h' | 'd'];
    return new Date(Date.now() + Number(relative[1]) * unit).toISOString();
  }
  return value;
}

const result = await operatorCall<{ id: string; pool: string; asset: string }>('POST', '/admin/airdrop/create', {
  project: args.project,
  description: args.description,
  website: args.website,
  asset: args.asset,
  mode: args.mode,
  pool: args.pool,
  perPerson: args['per-person'],
  maxParticipants: args.max === undefined ? undefined : Number(args.max),
  signupStartsAt: time(args.starts!),
  signupEndsAt: time(args.ends!),
  distributeAt: time(args.distribute!),
  funderEmail: args.funder,
  holdsAsset: args['holds-asset'],
  holdsMin: args['holds-min'],
  attendedActivityId: args.activity,
  vipTier: args.vip,
});
if (result.status !== 200) {
  const details = Array.isArray(result.attachment)
    ? ` (${(result.attachment as { field: string; message: string }[]).map((e) => `${e.field}: ${e.message}`).join('; ')})`
    : '';
  console.error(`Airdrop refused: ${result.msg}${details}`);
  process.exit(1);
}
const { id, pool, asset } = result.attachment;
console.log(
  `Airdrop #${id} created: ${pool} ${asset} moved into its pool from ${args.funder ?? 'outside (chain clearing)'}.`,
);

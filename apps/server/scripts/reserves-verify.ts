// Verify your own proof-of-reserves proof (docs/proof-of-reserves.md, "Check it yourself"): the file the reserves
// screen lets you download or copy. This script needs nothing but Node.js: it is the algorithm written out with
// node:crypto alone, so you can read all of it before you trust it.
//   npm run reserves:verify -- proof.json
//   node apps/server/scripts/reserves-verify.ts proof.json     (Node 24 runs TypeScript as it is)
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

interface Proof {
  algorithm: string;
  snapshot: {
    id: string;
    takenAt: string;
    assets: { code: string; decimals: number }[];
    leafCount: number;
    root: { hash: string; sums: string[] };
  };
  leaf: { uid: string; nonce: string; balances: string[] };
  path: { side: 'left' | 'right'; hash: string; sums: string[] }[];
}

const MAX = (1n << 256n) - 1n;

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

/** An amount as 32 bytes, big-endian; a negative amount or one past 2^256 - 1 cannot be in the tree. */
function u256(value: bigint): Buffer {
  if (value < 0n || value > MAX) fail(`Not verified: an amount is out of range (${value}).`);
  return Buffer.from(value.toString(16).padStart(64, '0'), 'hex');
}

function hex32(text: string): Buffer {
  if (!/^[0-9a-f]{64}$/.test(text)) fail(`Not verified: "${text}" is not a 32-byte hash in lowercase hex.`);
  return Buffer.from(text, 'hex');
}

function amounts(sums: string[], count: number): bigint[] {
  if (sums.length !== count) fail('Not verified: a node carries the wrong number of sums.');
  return sums.map((text) => {
    if (!/^\d{1,78}$/.test(text)) fail(`Not verified: "${text}" is not an amount of base units.`);
    return BigInt(text);
  });
}

const sha256 = (...parts: Buffer[]) => createHash('sha256').update(Buffer.concat(parts)).digest();

const file = process.argv[2];
if (!file) fail('Usage: npm run reserves:verify -- <proof.json>', 2);
let proof: Proof;
try {
  proof = JSON.parse(readFileSync(file, 'utf8')) as Proof;
} catch (error) {
  fail(`Could not read ${file}: ${(error as Error).message}`, 2);
}
if (proof.algorithm !== 'polaris-por/v1') fail(`Unknown algorithm "${proof.algorithm}".`, 2);
const count = proof.snapshot.assets.length;

// The leaf: SHA-256(0x00 ‖ nonce ‖ SHA-256("polaris-por/v1/uid:" ‖ uid) ‖ balance per asset).
const balances = amounts(proof.leaf.balances, count);
let hash = sha256(
  Buffer.of(0),
  hex32(proof.leaf.nonce),
  sha256(Buffer.from(`polaris-por/v1/uid:${proof.leaf.uid}`, 'utf8')),
  ...balances.map(u256),
);
let sums = balances;

// The path must be as long as a tree of leafCount leaves is deep: ceil(log2(leafCount)).
let depth = 0;
for (let width = Math.max(1, proof.snapshot.leafCount); width > 1; width = Math.ceil(width / 2)) depth++;
if (proof.path.length !== depth)
  fail(`Not verified: the path has ${proof.path.length} steps, the tree is ${depth} deep.`);

// Each step: SHA-256(0x01 ‖ left hash ‖ right hash ‖ left sums ‖ right sums); the parent's sums add the two.
for (const step of proof.path) {
  const sibling = { hash: hex32(step.hash), sums: amounts(step.sums, count) };
  const mine = { hash, sums };
  const [left, right] = step.side === 'left' ? [sibling, mine] : [mine, sibling];
  hash = sha256(Buffer.of(1), left.hash, right.hash, ...left.sums.map(u256), ...right.sums.map(u256));
  sums = left.sums.map((sum, i) => sum + right.sums[i]!);
  sums.forEach(u256);
}

const root = proof.snapshot.root;
const published = amounts(root.sums, count);
const show = (values: bigint[]) =>
  proof.snapshot.assets.map((asset, i) => `${asset.code} ${decimal(values[i]!, asset.decimals)}`).join(', ');
function decimal(units: bigint, decimals: number): string {
  const digits = units.toString().padStart(decimals + 1, '0');
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return `${digits.slice(0, digits.length - decimals)}${fraction ? `.${fraction}` : ''}`;
}

console.log(`Snapshot ${proof.snapshot.id} of ${proof.snapshot.takenAt}, uid ${proof.leaf.uid}`);
console.log(`Your balances in it: ${show(balances)}`);
if (hash.toString('hex') !== root.hash) {
  fail(`NOT VERIFIED: the path leads to root ${hash.toString('hex')}, not the published ${root.hash}.`);
}
if (sums.some((sum, i) => sum !== published[i])) {
  fail(`NOT VERIFIED: the root's totals are ${show(sums)}, not the published ${show(published)}.`);
}
console.log(`Verified: your leaf is in the tree whose root is ${root.hash}.`);
console.log(`Total user balances in that tree: ${show(sums)}`);

import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * The proof-of-reserves Merkle sum tree (docs/proof-of-reserves.md, "The algorithm"): the one implementation the
 * server builds snapshots with and the web verifies proofs with. `apps/server/scripts/reserves-verify.ts` writes the
 * same algorithm again with node:crypto only, for anyone to audit without reading this package.
 *
 * Bytes: every hash is SHA-256; every amount is an unsigned 256-bit big-endian integer of the asset's base units
 * (so no balance and no sum can be negative, and one that does not fit is refused).
 *   uid commitment = SHA-256("polaris-por/v1/uid:" ‖ uid as UTF-8)
 *   leaf           = SHA-256(0x00 ‖ nonce (32 bytes) ‖ uid commitment ‖ balance₀ ‖ … ‖ balanceₙ₋₁)
 *   node           = SHA-256(0x01 ‖ left.hash ‖ right.hash ‖ left.sum₀ ‖ … ‖ left.sumₙ₋₁ ‖ right.sum₀ ‖ … ‖ right.sumₙ₋₁)
 *                    with node.sumᵢ = left.sumᵢ + right.sumᵢ
 *   padding        = { hash: 32 zero bytes, sums: all 0 }, paired with the last node of a level of odd length
 */

export const RESERVES_ALGORITHM = 'polaris-por/v1' as const;

const MAX_UINT256 = (1n << 256n) - 1n;
const UID_PREFIX = utf8ToBytes('polaris-por/v1/uid:');
const HEX32 = /^[0-9a-f]{64}$/;

/** A node of the tree: its hash (64 lowercase hex digits) and its sum per asset, in the snapshot's asset order. */
export interface SumNode {
  hash: string;
  sums: bigint[];
}

/** One step up from a leaf: the sibling at this level and on which side it sits. */
export interface PathStep {
  side: 'left' | 'right';
  hash: string;
  sums: bigint[];
}

export class SumTreeError extends Error {}

function uint256(value: bigint): Uint8Array {
  if (value < 0n || value > MAX_UINT256) throw new SumTreeError(`amount out of range: ${value}`);
  return hexToBytes(value.toString(16).padStart(64, '0'));
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

function hash32(hex: string, what: string): Uint8Array {
  if (!HEX32.test(hex)) throw new SumTreeError(`${what} is not 32 bytes of lowercase hex`);
  return hexToBytes(hex);
}

/** The leaf of one user: it commits to the nonce, the uid and every balance, and carries the balances as its sums. */
export function reservesLeaf(nonceHex: string, uid: string, balances: bigint[]): SumNode {
  const commitment = sha256(concat([UID_PREFIX, utf8ToBytes(uid)]));
  const bytes = concat([Uint8Array.of(0), hash32(nonceHex, 'nonce'), commitment, ...balances.map(uint256)]);
  return { hash: bytesToHex(sha256(bytes)), sums: [...balances] };
}

/** A parent from its two children; refuses children whose asset counts differ or a sum past 2²⁵⁶ − 1. */
export function reservesParent(left: SumNode, right: SumNode): SumNode {
  if (left.sums.length !== right.sums.length) throw new SumTreeError('children carry different asset counts');
  const sums = left.sums.map((sum, i) => sum + right.sums[i]!);
  const bytes = concat([
    Uint8Array.of(1),
    hash32(left.hash, 'left hash'),
    hash32(right.hash, 'right hash'),
    ...left.sums.map(uint256),
    ...right.sums.map(uint256),
  ]);
  for (const sum of sums) uint256(sum);
  return { hash: bytesToHex(sha256(bytes)), sums };
}

/** What pairs with the last node of a level of odd length: it adds nothing to any sum. */
export function reservesPadding(assetCount: number): SumNode {
  return { hash: '0'.repeat(64), sums: Array.from({ length: assetCount }, () => 0n) };
}

/**
 * Every level of the tree, leaves first (in the order given) and the root last, alone in its level. No leaves: the
 * root is the padding node.
 */
export function buildReservesTree(leaves: SumNode[], assetCount: number): SumNode[][] {
  if (leaves.some((leaf) => leaf.sums.length !== assetCount))
    throw new SumTreeError('a leaf has the wrong asset count');
  const levels: SumNode[][] = [leaves.length > 0 ? leaves : [reservesPadding(assetCount)]];
  while (levels.at(-1)!.length > 1) {
    const below = levels.at(-1)!;
    const level: SumNode[] = [];
    for (let i = 0; i < below.length; i += 2) {
      level.push(reservesParent(below[i]!, below[i + 1] ?? reservesPadding(assetCount)));
    }
    levels.push(level);
  }
  return levels;
}

/** The positions (level, index) of the siblings on the way from leaf `index` to the root. */
export function reservesPathPositions(leafCount: number, index: number): { level: number; index: number }[] {
  const positions: { level: number; index: number }[] = [];
  let width = Math.max(1, leafCount);
  for (let level = 0; width > 1; level++) {
    positions.push({ level, index: index ^ 1 });
    index >>= 1;
    width = Math.ceil(width / 2);
  }
  return positions;
}

/** The path of leaf `index`: its sibling at every level (padding where the level ended there). */
export function reservesPath(levels: SumNode[][], index: number): PathStep[] {
  const assetCount = levels[0]![0]!.sums.length;
  return reservesPathPositions(levels[0]!.length, index).map((at) => {
    const sibling = levels[at.level]![at.index] ?? reservesPadding(assetCount);
    return { side: at.index < (at.index ^ 1) ? 'left' : 'right', hash: sibling.hash, sums: sibling.sums };
  });
}

/** The root reached from a leaf and its path. */
export function reservesRootFrom(leaf: SumNode, path: PathStep[]): SumNode {
  return path.reduce<SumNode>(
    (node, step) =>
      step.side === 'left'
        ? reservesParent({ hash: step.hash, sums: step.sums }, node)
        : reservesParent(node, { hash: step.hash, sums: step.sums }),
    leaf,
  );
}

/** The proof a user downloads or copies (its JSON is what `npm run reserves:verify` reads). */
export interface ReservesProofFile {
  algorithm: typeof RESERVES_ALGORITHM;
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

export type ReservesCheck =
  | { ok: true; root: SumNode }
  | { ok: false; reason: 'malformed' | 'rootMismatch' | 'sumMismatch'; detail: string; root?: SumNode };

const units = (text: string) => {
  if (!/^\d{1,78}$/.test(text)) throw new SumTreeError(`not an amount of base units: ${text}`);
  return BigInt(text);
};

/**
 * Recomputes the root from the proof's leaf and path and compares it, hash and every sum, with the published root.
 * The path's length must fit the published leaf count, so a proof cannot hide a shorter or longer tree.
 */
export function verifyReservesProof(proof: ReservesProofFile): ReservesCheck {
  let reached: SumNode;
  let published: SumNode;
  try {
    const count = proof.snapshot.assets.length;
    const sized = (sums: string[]) => {
      if (sums.length !== count) throw new SumTreeError('a node carries the wrong number of sums');
      return sums.map(units);
    };
    if (proof.algorithm !== RESERVES_ALGORITHM) throw new SumTreeError(`unknown algorithm ${proof.algorithm}`);
    if (proof.path.length !== reservesPathPositions(proof.snapshot.leafCount, 0).length)
      throw new SumTreeError('the path does not fit the published number of leaves');
    const leaf = reservesLeaf(proof.leaf.nonce, proof.leaf.uid, sized(proof.leaf.balances));
    reached = reservesRootFrom(
      leaf,
      proof.path.map((step) => {
        if (step.side !== 'left' && step.side !== 'right') throw new SumTreeError('a step has no side');
        return { side: step.side, hash: step.hash, sums: sized(step.sums) };
      }),
    );
    published = { hash: proof.snapshot.root.hash, sums: sized(proof.snapshot.root.sums) };
  } catch (error) {
    return { ok: false, reason: 'malformed', detail: (error as Error).message };
  }
  if (reached.hash !== published.hash)
    return { ok: false, reason: 'rootMismatch', detail: `reached ${reached.hash}`, root: reached };
  const differs = reached.sums.findIndex((sum, i) => sum !== published.sums[i]);
  if (differs >= 0) {
    const code = proof.snapshot.assets[differs]!.code;
    return { ok: false, reason: 'sumMismatch', detail: `${code}: reached ${reached.sums[differs]}`, root: reached };
  }
  return { ok: true, root: reached };
}

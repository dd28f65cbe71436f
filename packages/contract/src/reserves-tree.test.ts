import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { formatAmount } from './amounts.ts';
import { checkProofAgainstSnapshot, type ReservesSnapshot } from './reserves.ts';
import {
  buildReservesTree,
  RESERVES_ALGORITHM,
  type ReservesProofFile,
  reservesLeaf,
  reservesParent,
  reservesPath,
  reservesRootFrom,
  type SumNode,
  SumTreeError,
  verifyReservesProof,
} from './reserves-tree.ts';

const nonceOf = (i: number) => createHash('sha256').update(`nonce ${i}`).digest('hex');
const uidOf = (i: number) => String(10_000_001 + i);
/** A made-up population: balances of three assets, some zero, some large. */
const balancesOf = (i: number) => [BigInt(i * 1_000_003) % 9_000_000n, i % 7 === 0 ? 0n : BigInt(i) * 10n ** 18n, 5n];

function tree(count: number) {
  const leaves = Array.from({ length: count }, (_, i) => reservesLeaf(nonceOf(i), uidOf(i), balancesOf(i)));
  return { leaves, levels: buildReservesTree(leaves, 3) };
}

function proofFor(levels: SumNode[][], i: number, balances = balancesOf(i)): ReservesProofFile {
  const root = levels.at(-1)![0]!;
  return {
    algorithm: RESERVES_ALGORITHM,
    snapshot: {
      id: '1',
      takenAt: '2026-12-01T00:00:00.000Z',
      assets: [
        { code: 'USDT', decimals: 6 },
        { code: 'ETH', decimals: 18 },
        { code: 'XDR', decimals: 8 },
      ],
      leafCount: levels[0]!.length,
      root: { hash: root.hash, sums: root.sums.map(String) },
    },
    leaf: { uid: uidOf(i), nonce: nonceOf(i), balances: balances.map(String) },
    path: reservesPath(levels, i).map((step) => ({ ...step, sums: step.sums.map(String) })),
  };
}

describe('the proof-of-reserves Merkle sum tree', () => {
  it('recomputes the root from a leaf and its path, for every user of a 1,000-user tree', () => {
    const { levels } = tree(1000);
    const root = levels.at(-1)![0]!;
    expect(levels.at(-1)).toHaveLength(1);
    for (let i = 0; i < 1000; i++) {
      const check = verifyReservesProof(proofFor(levels, i));
      expect(check, `user ${i}`).toEqual({ ok: true, root });
    }
    // ceil(log2(1000)) = 10 steps from a leaf to the root.
    expect(reservesPath(levels, 0)).toHaveLength(10);
  });

  it('keeps the sum property: every parent sums its children, and the root sums every balance', () => {
    const { levels } = tree(333);
    for (let level = 1; level < levels.length; level++) {
      levels[level]!.forEach((parent, i) => {
        const left = levels[level - 1]![2 * i]!;
        const right = levels[level - 1]![2 * i + 1];
        expect(parent.sums).toEqual(left.sums.map((sum, a) => sum + (right?.sums[a] ?? 0n)));
      });
    }
    const totals = [0n, 0n, 0n];
    for (let i = 0; i < 333; i++) {
      for (const [a, b] of balancesOf(i).entries()) totals[a]! += b;
    }
    expect(levels.at(-1)![0]!.sums).toEqual(totals);
  });

  it('a changed balance changes the root and the proof no longer verifies', () => {
    const { leaves, levels } = tree(64);
    const before = levels.at(-1)![0]!;
    const changed = [...leaves];
    const balances = balancesOf(17);
    balances[1] = balances[1]! + 1n;
    changed[17] = reservesLeaf(nonceOf(17), uidOf(17), balances);
    const after = buildReservesTree(changed, 3).at(-1)![0]!;
    expect(after.hash).not.toBe(before.hash);
    expect(after.sums[1]).toBe(before.sums[1]! + 1n);

    // Claiming a balance one unit lower than the leaf's, against the published root: refused.
    const lowered = balancesOf(17);
    lowered[0] = lowered[0]! - 1n;
    expect(verifyReservesProof(proofFor(levels, 17, lowered))).toMatchObject({ ok: false, reason: 'rootMismatch' });
  });

  it('refuses a sibling whose sum was lowered, a published sum that differs, and a path of the wrong length', () => {
    const { levels } = tree(10);
    const proof = proofFor(levels, 3);
    const lowered = structuredClone(proof);
    lowered.path[1]!.sums[0] = String(BigInt(lowered.path[1]!.sums[0]!) - 1n);
    expect(verifyReservesProof(lowered)).toMatchObject({ ok: false, reason: 'rootMismatch' });

    const misreported = structuredClone(proof);
    misreported.snapshot.root.sums[2] = '1';
    expect(verifyReservesProof(misreported)).toMatchObject({ ok: false, reason: 'sumMismatch' });

    const short = structuredClone(proof);
    short.path.pop();
    expect(verifyReservesProof(short)).toMatchObject({ ok: false, reason: 'malformed' });

    const negative = structuredClone(proof);
    negative.path[0]!.sums[0] = '-5';
    expect(verifyReservesProof(negative)).toMatchObject({ ok: false, reason: 'malformed' });
  });

  it('refuses a negative balance and a sum past 2^256 - 1', () => {
    expect(() => reservesLeaf(nonceOf(1), uidOf(1), [-1n, 0n, 0n])).toThrow(SumTreeError);
    const big = reservesLeaf(nonceOf(1), uidOf(1), [(1n << 256n) - 1n, 0n, 0n]);
    expect(() => reservesParent(big, reservesLeaf(nonceOf(2), uidOf(2), [1n, 0n, 0n]))).toThrow(SumTreeError);
  });

  it('a sibling reveals only a hash and its subtree sums, and the leaf hash changes with the nonce', () => {
    const { levels } = tree(4);
    const proof = proofFor(levels, 0);
    expect(Object.keys(proof.path[0]!).sort()).toEqual(['hash', 'side', 'sums']);
    // The sibling leaf's hash cannot be recomputed without its nonce: a guessed balance with another nonce differs.
    const guess = reservesLeaf(nonceOf(999), uidOf(1), balancesOf(1));
    expect(guess.hash).not.toBe(proof.path[0]!.hash);
  });

  it('matches the byte layout written in docs/proof-of-reserves.md', () => {
    const sha = (...parts: Buffer[]) => createHash('sha256').update(Buffer.concat(parts)).digest();
    const u256 = (n: bigint) => Buffer.from(n.toString(16).padStart(64, '0'), 'hex');
    const nonce = nonceOf(0);
    const commitment = sha(Buffer.from(`polaris-por/v1/uid:${uidOf(0)}`));
    const leaf = sha(Buffer.of(0), Buffer.from(nonce, 'hex'), commitment, u256(7n), u256(0n), u256(9n));
    expect(reservesLeaf(nonce, uidOf(0), [7n, 0n, 9n]).hash).toBe(leaf.toString('hex'));
    const pad = Buffer.alloc(32);
    const root = sha(Buffer.of(1), leaf, pad, u256(7n), u256(0n), u256(9n), u256(0n), u256(0n), u256(0n));
    const levels = buildReservesTree(
      [reservesLeaf(nonce, uidOf(0), [7n, 0n, 9n]), reservesLeaf(nonceOf(1), uidOf(1), [0n, 0n, 0n])],
      3,
    );
    expect(levels).toHaveLength(2);
    const alone = buildReservesTree([reservesLeaf(nonce, uidOf(0), [7n, 0n, 9n])], 3);
    expect(alone).toHaveLength(1);
    const three = buildReservesTree(
      [0, 1, 2].map((i) => reservesLeaf(nonceOf(i), uidOf(i), [BigInt(i), 0n, 0n])),
      3,
    );
    // Level 1 of three leaves: (0,1) and (2, padding).
    const lone = three[0]![2]!;
    const expected = sha(
      Buffer.of(1),
      Buffer.from(lone.hash, 'hex'),
      pad,
      u256(2n),
      u256(0n),
      u256(0n),
      u256(0n),
      u256(0n),
      u256(0n),
    );
    expect(three[1]![1]!.hash).toBe(expected.toString('hex'));
    expect(
      reservesRootFrom(alone[0]![0]!, [{ side: 'right', hash: pad.toString('hex'), sums: [0n, 0n, 0n] }]).hash,
    ).toBe(root.toString('hex'));
  });

  it('the screen trusts the published snapshot, not the root a proof carries', () => {
    const { levels } = tree(5);
    const proof = proofFor(levels, 2);
    const root = levels.at(-1)![0]!;
    const published: ReservesSnapshot = {
      id: '1',
      takenAt: proof.snapshot.takenAt,
      algorithm: RESERVES_ALGORITHM,
      leafCount: 5,
      rootHash: root.hash,
      shortAssets: [],
      assets: proof.snapshot.assets.map((asset, i) => ({
        ...asset,
        userBalances: formatAmount(root.sums[i]!, asset.decimals),
        heldForUsers: '0',
        liabilities: formatAmount(root.sums[i]!, asset.decimals),
        reserves: '0',
        ratio: null,
        short: false,
        custody: [],
      })),
    };
    expect(checkProofAgainstSnapshot(proof, published)).toEqual({ verified: true });
    // A proof that agrees with itself but leads to another tree (one where my balance is counted, shown to me only).
    const other = tree(6).levels;
    const forged = proofFor(other, 2);
    expect(verifyReservesProof(forged)).toMatchObject({ ok: true });
    expect(checkProofAgainstSnapshot(forged, published)).toMatchObject({ verified: false });
    // The right root hash but totals that differ from what the snapshot reports.
    const misreported = structuredClone(published);
    misreported.assets[0]!.userBalances = '0';
    expect(checkProofAgainstSnapshot(proof, misreported)).toEqual({ verified: false, detail: 'USDT total' });
  });
});

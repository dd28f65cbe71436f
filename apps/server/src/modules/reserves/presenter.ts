import {
  formatAmount,
  RESERVES_ALGORITHM,
  type ReservesProofFile,
  type ReservesSnapshot,
  type SumNode,
} from '@polaris/contract';
import type { SnapshotRow } from './store.ts';

/** reserves / owed in percent with two places, rounded down; null when nothing is owed. */
function ratio(reserves: bigint, owed: bigint): string | null {
  if (owed === 0n) return null;
  const hundredths = (reserves * 10_000n) / owed;
  return `${hundredths / 100n}.${String(hundredths % 100n).padStart(2, '0')}`;
}

/** A snapshot as everyone signed in sees it: amounts in whole coins; the salt never leaves. */
export function presentSnapshot(row: SnapshotRow): ReservesSnapshot {
  return {
    id: String(row.id),
    takenAt: row.takenAt.toISOString(),
    algorithm: RESERVES_ALGORITHM,
    leafCount: row.leafCount,
    rootHash: row.rootHash,
    shortAssets: row.shortAssets,
    assets: row.lines.map((line) => {
      const coins = (units: string | bigint) => formatAmount(BigInt(units), line.decimals);
      const owed = BigInt(line.userBalances) + BigInt(line.heldForUsers);
      const reserves = BigInt(line.reserves);
      return {
        code: line.code,
        decimals: line.decimals,
        userBalances: coins(line.userBalances),
        heldForUsers: coins(line.heldForUsers),
        liabilities: coins(owed),
        reserves: coins(reserves),
        ratio: ratio(reserves, owed),
        short: reserves < owed,
        custody: line.custody.map((c) => ({
          chain: c.chain,
          address: c.address,
          amount: coins(c.amount),
          block: c.block,
          source: c.source,
        })),
      };
    }),
  };
}

const units = (node: SumNode) => node.sums.map(String);

/** A user's proof file (docs/proof-of-reserves.md, "The proof file"): base units, as the tree holds them. */
export function presentProof(
  row: SnapshotRow,
  proof: {
    uid: string;
    nonce: string;
    leaf: SumNode;
    path: ({ side: 'left' | 'right' } & SumNode)[];
    root: SumNode;
  },
): ReservesProofFile {
  return {
    algorithm: RESERVES_ALGORITHM,
    snapshot: {
      id: String(row.id),
      takenAt: row.takenAt.toISOString(),
      assets: row.assets,
      leafCount: row.leafCount,
      root: { hash: proof.root.hash, sums: units(proof.root) },
    },
    leaf: { uid: proof.uid, nonce: proof.nonce, balances: units(proof.leaf) },
    path: proof.path.map((step) => ({ side: step.side, hash: step.hash, sums: units(step) })),
  };
}

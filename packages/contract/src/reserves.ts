import { z } from 'zod';
import { formatAmount } from './amounts.ts';
import { RESERVES_ALGORITHM, type ReservesProofFile, verifyReservesProof } from './reserves-tree.ts';

/**
 * Proof of reserves (docs/proof-of-reserves.md): a snapshot of what the app owes its users per asset (a Merkle sum
 * tree of every user's balance), what custody holds on the chains at that moment, and each user's own proof.
 * Amounts in the snapshot are decimal strings of whole coins; the proof file carries base units (the tree's own).
 */

const hex32 = z.string().regex(/^[0-9a-f]{64}$/);
const baseUnits = z.string().regex(/^\d{1,78}$/);

/** One custody address (or the local simulator's stand-in for a chain) and what it held of the asset. */
export const ReservesCustodyLine = z.object({
  chain: z.string(),
  address: z.string(),
  amount: z.string(),
  /** The block the balance was read at; null for the local simulator, which has no blocks. */
  block: z.string().nullable(),
  /** `node`: read from the chain's node; `local-simulator`: what the simulator reports (deposits in, withdrawals out). */
  source: z.enum(['node', 'local-simulator']),
});

export const ReservesAssetLine = z.object({
  code: z.string(),
  decimals: z.number(),
  /** What users hold (available and frozen): the tree's root sum. */
  userBalances: z.string(),
  /** Held in escrow for users (tickets, red packets, bounties, airdrops, creator earnings, invite rewards). */
  heldForUsers: z.string(),
  /** userBalances + heldForUsers. */
  liabilities: z.string(),
  reserves: z.string(),
  /** reserves / liabilities in percent, two places, rounded down; null when nothing is owed. */
  ratio: z.string().nullable(),
  /** Reserves below liabilities. */
  short: z.boolean(),
  custody: z.array(ReservesCustodyLine),
});
export type ReservesAsset = z.infer<typeof ReservesAssetLine>;

export const ReservesSnapshotOutput = z.object({
  id: z.string(),
  takenAt: z.string(),
  algorithm: z.literal(RESERVES_ALGORITHM),
  leafCount: z.number(),
  rootHash: hex32,
  assets: z.array(ReservesAssetLine),
  /** Codes of the assets whose reserves are below liabilities: empty when every asset is covered. */
  shortAssets: z.array(z.string()),
});
export type ReservesSnapshot = z.infer<typeof ReservesSnapshotOutput>;

/** The latest published snapshot; null before the first `npm run reserves:publish`. */
export const ReservesLatestOutput = z.object({ snapshot: ReservesSnapshotOutput.nullable() });

export const ReservesProofOutput = z.object({
  algorithm: z.literal(RESERVES_ALGORITHM),
  snapshot: z.object({
    id: z.string(),
    takenAt: z.string(),
    assets: z.array(z.object({ code: z.string(), decimals: z.number() })),
    leafCount: z.number(),
    root: z.object({ hash: hex32, sums: z.array(baseUnits) }),
  }),
  leaf: z.object({ uid: z.string(), nonce: hex32, balances: z.array(baseUnits) }),
  path: z.array(z.object({ side: z.enum(['left', 'right']), hash: hex32, sums: z.array(baseUnits) })),
});

/** My leaf and its path in the latest snapshot; null when there is no snapshot or I held nothing in it. */
export const ReservesMineOutput = z.object({
  snapshotId: z.string().nullable(),
  proof: ReservesProofOutput.nullable(),
});

/** Operator: take and publish a snapshot now (`npm run reserves:publish`); it answers the snapshot. */
export const ReservesPublishInput = z.object({});

/** What checking my proof against the published snapshot found. */
export type ProofAgainstSnapshot = { verified: true } | { verified: false; detail: string };

/**
 * A proof checked against the snapshot everyone is shown, not against the root the proof itself carries: the root
 * reached from my leaf and path must be the published root hash, and its sums the users' balances the snapshot
 * reports per asset (what the reserves screen's Verify does).
 */
export function checkProofAgainstSnapshot(proof: ReservesProofFile, snapshot: ReservesSnapshot): ProofAgainstSnapshot {
  const result = verifyReservesProof(proof);
  if (!result.ok) return { verified: false, detail: result.detail };
  if (result.root.hash !== snapshot.rootHash) return { verified: false, detail: `root ${result.root.hash}` };
  const differs = proof.snapshot.assets.find((asset, i) => {
    const published = snapshot.assets.find((line) => line.code === asset.code);
    return published?.userBalances !== formatAmount(result.root.sums[i]!, asset.decimals);
  });
  return differs ? { verified: false, detail: `${differs.code} total` } : { verified: true };
}

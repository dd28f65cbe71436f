import { createHmac, randomBytes } from 'node:crypto';
import type { ReservesMineOutput } from '@polaris/contract';
import {
  buildReservesTree,
  RESERVES_ALGORITHM,
  type ReservesSnapshot,
  reservesLeaf,
  reservesPadding,
  reservesPathPositions,
  Status,
  type SumNode,
  SumTreeError,
} from '@polaris/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { ReservesLineRecord } from '../../db/schema/reserves.ts';
import { AppError } from '../../platform/errors.ts';
import type { CustodyBalance } from '../chain/service.ts';
import type { WalletService } from '../wallet/service.ts';
import { presentProof, presentSnapshot } from './presenter.ts';
import { insertLeaves, insertNodes, insertSnapshot, latestSnapshot, leafPositionOf, nodesAt } from './store.ts';

/**
 * System accounts whose balance is owed to users though no user's balance shows it yet: escrows of tickets, red
 * packets and bounties, airdrop and invite pools, organizers' held earnings (wallet/ledger.ts, SYSTEM_ACCOUNTS). The
 * rest are the platform's own (fees, membership revenue, gas, float) or the outside world (chain clearing).
 */
const HELD_FOR_USERS = new Set([
  'ticket_escrow',
  'redpacket_escrow',
  'bounty_escrow',
  'airdrop_pool',
  'creator_earnings',
  'referral_pool',
]);

export interface ReservesDeps {
  db: Database;
  now: () => Date;
  /** The ledger at one moment (WalletService.liabilitiesSnapshot). */
  liabilities: WalletService['liabilitiesSnapshot'];
  /** Custody on the chains with a node (ChainService): which chains, and every address's balance at one block. */
  chains: { chainIds: number[]; custodyBalances(): Promise<CustodyBalance[]> };
}

/** The per-user nonce: HMAC-SHA-256 keyed with the snapshot's secret salt (docs/proof-of-reserves.md). */
function nonceOf(saltHex: string, uid: string): string {
  return createHmac('sha256', Buffer.from(saltHex, 'hex')).update(`polaris-por/v1/nonce:${uid}`).digest('hex');
}

/**
 * Proof of reserves (docs/proof-of-reserves.md): `publish` takes a snapshot (the operator's `npm run
 * reserves:publish`), `latest` shows it to anyone signed in, `mine` gives a user their own leaf and path.
 */
export class ReservesService {
  constructor(private readonly deps: ReservesDeps) {}

  async publish(): Promise<ReservesSnapshot> {
    const { db, now } = this.deps;
    const takenAt = now();
    // The chains first, outside any transaction (no network call inside one), then the ledger at one moment.
    const onChain = await this.deps.chains.custodyBalances();
    const ledger = await this.deps.liabilities(this.deps.chains.chainIds);
    const assets = [...ledger.catalog.assets.values()].map((a) => ({ code: a.code, decimals: a.decimals }));
    const index = new Map(assets.map((a, i) => [a.code, i]));
    const salt = randomBytes(32).toString('hex');

    const byUser = new Map<number, { uid: string; balances: bigint[] }>();
    for (const row of ledger.users) {
      const at = index.get(row.asset);
      if (at === undefined) continue;
      let user = byUser.get(row.userId);
      if (!user) {
        user = { uid: row.uid, balances: assets.map(() => 0n) };
        byUser.set(row.userId, user);
      }
      user.balances[at] = row.balance;
    }
    let leaves: { userId: number; node: SumNode }[];
    try {
      leaves = [...byUser].map(([userId, user]) => ({
        userId,
        node: reservesLeaf(nonceOf(salt, user.uid), user.uid, user.balances),
      }));
    } catch (error) {
      // A negative balance (the ledger's CHECKs forbid one) or one past 2^256: no snapshot rather than a wrong one.
      if (error instanceof SumTreeError) throw new AppError(Status.conflict, 'reserves.badBalance');
      throw error;
    }
    leaves.sort((a, b) => (a.node.hash < b.node.hash ? -1 : 1));
    const levels = buildReservesTree(
      leaves.map((leaf) => leaf.node),
      assets.length,
    );
    const root = levels.at(-1)![0]!;

    const held = assets.map(() => 0n);
    for (const row of ledger.system) {
      const at = index.get(row.asset);
      if (at !== undefined && HELD_FOR_USERS.has(row.system)) held[at]! += row.balance;
    }
    const custody: ReservesLineRecord['custody'][] = assets.map(() => []);
    const reserves = assets.map(() => 0n);
    for (const line of onChain) {
      const at = index.get(line.asset);
      if (at === undefined) continue;
      reserves[at]! += line.amount;
      custody[at]!.push({
        chain: line.chain,
        address: line.address,
        amount: String(line.amount),
        block: String(line.block),
        source: 'node',
      });
    }
    // LOCAL SIMULATOR: one stand-in per chain. It cannot hold less than nothing: a chain it paid out more on than it
    // took in (coins deposited on one chain, withdrawn on another) counts as empty; the asset's total still adds up.
    const simulatedByAsset = new Map<string, bigint>();
    for (const row of ledger.simulated)
      simulatedByAsset.set(row.asset, (simulatedByAsset.get(row.asset) ?? 0n) + row.held);
    for (const row of ledger.simulated) {
      const at = index.get(row.asset);
      if (at === undefined || row.held <= 0n) continue;
      custody[at]!.push({
        chain: ledger.catalog.chains.get(row.chainId)?.symbol ?? String(row.chainId),
        address: 'local-simulator',
        amount: String(row.held),
        block: null,
        source: 'local-simulator',
      });
    }
    for (const [asset, total] of simulatedByAsset) {
      const at = index.get(asset);
      if (at !== undefined && total > 0n) reserves[at]! += total;
    }

    const lines: ReservesLineRecord[] = assets.map((asset, i) => ({
      ...asset,
      userBalances: String(root.sums[i]),
      heldForUsers: String(held[i]),
      reserves: String(reserves[i]),
      custody: custody[i]!,
    }));
    const shortAssets = lines.filter((line) => BigInt(line.reserves) < owed(line)).map((line) => line.code);

    const row = await db.transaction(async (tx) => {
      const snapshot = await insertSnapshot(tx, {
        takenAt,
        salt,
        algorithm: RESERVES_ALGORITHM,
        assets,
        leafCount: leaves.length,
        rootHash: root.hash,
        lines,
        shortAssets,
      });
      await insertNodes(
        tx,
        levels.flatMap((level, l) =>
          level.map((node, position) => ({
            snapshotId: snapshot.id,
            level: l,
            position,
            hash: node.hash,
            sums: node.sums.map(String),
          })),
        ),
      );
      await insertLeaves(
        tx,
        leaves.map((leaf, position) => ({ snapshotId: snapshot.id, userId: leaf.userId, position })),
      );
      return snapshot;
    });
    return presentSnapshot(row);
  }

  async latest(): Promise<{ snapshot: ReservesSnapshot | null }> {
    const row = await latestSnapshot(this.deps.db);
    return { snapshot: row ? presentSnapshot(row) : null };
  }

  /** My leaf in the latest snapshot and the siblings on its way to the root: hashes and sums, nobody's balances. */
  async mine(user: { id: number; uid: number }): Promise<z.infer<typeof ReservesMineOutput>> {
    const { db } = this.deps;
    const snapshot = await latestSnapshot(db);
    if (!snapshot) return { snapshotId: null, proof: null };
    const position = await leafPositionOf(db, snapshot.id, user.id);
    if (position === undefined) return { snapshotId: String(snapshot.id), proof: null };
    const siblings = reservesPathPositions(snapshot.leafCount, position);
    const top = siblings.length;
    const found = await nodesAt(db, snapshot.id, [
      { level: 0, position },
      ...siblings.map((s) => ({ level: s.level, position: s.index })),
      { level: top, position: 0 },
    ]);
    const at = (level: number, index: number): SumNode => {
      const node = found.find((n) => n.level === level && n.position === index);
      return node ? { hash: node.hash, sums: node.sums.map(BigInt) } : reservesPadding(snapshot.assets.length);
    };
    const uid = String(user.uid);
    return {
      snapshotId: String(snapshot.id),
      proof: presentProof(snapshot, {
        uid,
        nonce: nonceOf(snapshot.salt, uid),
        leaf: at(0, position),
        path: siblings.map((s) => ({ side: s.index % 2 === 0 ? 'left' : 'right', ...at(s.level, s.index) })),
        root: at(top, 0),
      }),
    };
  }
}

/** What an asset's line says is owed: users' balances and what is held for them. */
function owed(line: Pick<ReservesLineRecord, 'userBalances' | 'heldForUsers'>): bigint {
  return BigInt(line.userBalances) + BigInt(line.heldForUsers);
}

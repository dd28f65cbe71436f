import type { FastifyBaseLogger } from 'fastify';
import { getAddress } from 'viem';
import type { Database } from '../../db/client.ts';
import type { CustodyService, SightingValues } from '../wallet/custody.service.ts';
import type { EvmChain } from './evm-chain.ts';
import { toLedgerUnits } from './evm-chain.ts';
import type { EvmNode, NativeTransfer, TokenTransfer } from './evm-node.ts';
import {
  claimScanner,
  forgetBlocks,
  keepBlocks,
  knownBlocks,
  moveScanner,
  pruneBlocks,
  releaseScanner,
} from './store.ts';

export interface ScannerDeps {
  db: Database;
  node: EvmNode;
  chain: EvmChain;
  custody: CustodyService;
  now: () => Date;
  /** This process's name for the lease. */
  owner: string;
  /** Where a new scanner starts; by default a finality window below the head. */
  startBlock?: bigint;
  /** Addresses whose outgoing coin is the platform's own (the hot wallet's gas top-ups): never deposits. */
  ownAddresses: () => string[];
  log: FastifyBaseLogger;
  /** Blocks read per run at most. */
  maxRange?: number;
}

export interface ScanResult {
  head: bigint;
  read: number;
  reorgedFrom?: bigint;
  found: number;
  credited: number;
}

/**
 * Follows one EVM chain (docs/wallet.md, "Deposits" and "Reorgs"), one process at a time by a lease in the database.
 * Each run: compares the hashes it kept of blocks not yet final with the node's, and on a difference forgets what it
 * read from the fork on (deposits there are dropped, or flagged if already credited) and reads again from there;
 * otherwise reads the next blocks' token `Transfer` logs and native transfers to deposit addresses, keeps those
 * blocks' hashes, and credits the deposits that are now deep enough.
 */
export class DepositScanner {
  constructor(private readonly deps: ScannerDeps) {}

  async runOnce(): Promise<ScanResult | undefined> {
    const { db, node, chain, owner } = this.deps;
    const head = await node.head();
    const next = await claimScanner(db, {
      chainId: chain.id,
      owner,
      now: this.deps.now(),
      leaseMs: 30_000,
      start: async () => this.deps.startBlock ?? (head > BigInt(chain.window) ? head - BigInt(chain.window) : 0n),
    });
    if (next === undefined) return undefined;

    const fork = await this.findFork(head);
    if (fork !== undefined) {
      const forgotten = await db.transaction(async (tx) => {
        if (!(await moveScanner(tx, chain.id, owner, next < fork ? next : fork))) return undefined;
        await forgetBlocks(tx, chain.id, fork);
        return this.deps.custody.forgetFrom(tx, chain.id, fork);
      });
      if (forgotten && forgotten.flagged.length > 0) {
        this.deps.log.error(
          { chain: chain.symbol, fork: String(fork), deposits: forgotten.flagged },
          'credited deposits left the chain in a reorg deeper than their confirmations: an operator must look (docs/wallet.md, "Reorgs")',
        );
      }
      return { head, read: 0, reorgedFrom: fork, found: 0, credited: 0 };
    }

    const to =
      head < next + BigInt(this.deps.maxRange ?? 500) - 1n ? head : next + BigInt(this.deps.maxRange ?? 500) - 1n;
    let found = 0;
    if (next <= to) {
      const read = await this.read(next, to, head);
      if (!read) return { head, read: 0, found: 0, credited: 0 };
      found = read.sightings.length;
      const moved = await db.transaction(async (tx) => {
        if (!(await moveScanner(tx, chain.id, owner, to + 1n))) return false;
        await this.deps.custody.recordSightings(tx, read.sightings);
        await keepBlocks(tx, chain.id, read.blocks);
        await pruneBlocks(tx, chain.id, head - BigInt(chain.window));
        return true;
      });
      if (!moved) return undefined;
    }
    const credited = await this.deps.custody.creditFinal(chain.id, head);
    return { head, read: next <= to ? Number(to - next + 1n) : 0, found, credited };
  }

  async release(): Promise<void> {
    await releaseScanner(this.deps.db, this.deps.chain.id, this.deps.owner);
  }

  /** The lowest kept block whose hash the node no longer has at that height. */
  private async findFork(head: bigint): Promise<bigint | undefined> {
    const kept = await knownBlocks(this.deps.db, this.deps.chain.id);
    if (kept.length === 0) return undefined;
    const hashes = await this.deps.node.blockHashes(kept.map((b) => b.number));
    for (const block of kept) {
      if (block.number > head || hashes.get(block.number) !== block.hash) return block.number;
    }
    return undefined;
  }

  /** The deposits in blocks [from, to] and the hashes of those within the window; undefined if the chain moved under us. */
  private async read(from: bigint, to: bigint, head: bigint) {
    const { chain, node } = this.deps;
    const windowStart = head - BigInt(chain.window) + 1n;
    const kept: bigint[] = [];
    for (let n = from > windowStart ? from : windowStart; n <= to; n++) kept.push(n);
    const [tokenTransfers, nativeTransfers, hashes] = await Promise.all([
      node.tokenTransfers(
        [...chain.tokens.values()].filter((t) => t.depositEnabled).map((t) => t.contract),
        from,
        to,
      ),
      this.natives(from, to),
      node.blockHashes(kept),
    ]);
    const transfers: (TokenTransfer | NativeTransfer)[] = [...tokenTransfers, ...nativeTransfers];
    // A log from a block the node has since replaced: read again next run rather than keep a mix of two chains.
    if (transfers.some((t) => hashes.has(t.blockNumber) && hashes.get(t.blockNumber) !== t.blockHash)) return undefined;
    if (kept.some((n) => hashes.get(n) === undefined)) return undefined;
    return {
      sightings: await this.sightings(tokenTransfers, nativeTransfers),
      blocks: kept.map((number) => ({ number, hash: hashes.get(number)! })),
    };
  }

  private async natives(from: bigint, to: bigint): Promise<NativeTransfer[]> {
    if (!this.deps.chain.native?.depositEnabled) return [];
    const own = new Set(this.deps.ownAddresses().map((a) => a.toLowerCase()));
    const found: NativeTransfer[] = [];
    for (let n = from; n <= to; n++) {
      for (const transfer of await this.deps.node.nativeTransfers(n)) {
        if (!own.has(transfer.from.toLowerCase())) found.push(transfer);
      }
    }
    return found;
  }

  private async sightings(tokens: TokenTransfer[], natives: NativeTransfer[]): Promise<SightingValues[]> {
    const { chain } = this.deps;
    const addresses = [...new Set([...tokens, ...natives].map((t) => getAddress(t.to)))];
    const chainIds = [...new Set([chain.id, ...[...chain.tokens.values()].map((t) => t.addressChainId)])];
    const targets = await this.deps.custody.depositTargets(chainIds, addresses);
    const ownerOf = (address: string, addressChainId: number) =>
      targets.find((t) => t.address === getAddress(address) && t.chainId === addressChainId)?.userId;
    const now = this.deps.now();
    const rows: SightingValues[] = [];
    const add = (
      asset: NonNullable<EvmChain['native']>,
      t: { to: string; value: bigint; txHash: string; blockNumber: bigint; blockHash: string },
      index: number,
    ) => {
      const userId = ownerOf(t.to, asset.addressChainId);
      if (userId === undefined || t.value === 0n) return;
      const amount = toLedgerUnits(asset, t.value);
      rows.push({
        userId,
        assetCode: asset.assetCode,
        chainId: chain.id,
        address: getAddress(t.to),
        txHash: t.txHash,
        logIndex: index,
        blockNumber: t.blockNumber,
        blockHash: t.blockHash,
        amount,
        chainAmount: t.value,
        requiredConfirmations: asset.confirmations,
        status: amount > 0n ? 'confirming' : 'dust',
        createdAt: now,
      });
    };
    for (const t of tokens) {
      const asset = chain.tokens.get(t.contract.toLowerCase());
      if (asset) add(asset, t, t.logIndex);
    }
    if (chain.native) for (const t of natives) add(chain.native, t, t.index);
    return rows;
  }
}

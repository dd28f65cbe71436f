import type { Database, Tx } from '../../db/client.ts';
import { FailingItems, ItemsFailed } from '../../platform/worker.ts';
import { ledger } from '../wallet/ledger.ts';
import type { RedPacketNotices } from './notices.service.ts';
import { countDuePackets, lockDuePackets, markSettled, type PacketRow } from './store.ts';

/**
 * Expired red packets: what nobody claimed goes back to the sender, once, whichever process's worker finds the
 * packet first (docs/red-packets.md).
 */
export class RedPacketExpiry {
  /** Packets whose settlement failed, held out of the next runs for a while (platform/worker.ts). */
  private readonly failing: FailingItems;

  constructor(private readonly deps: { db: Database; now: () => Date; notices: RedPacketNotices }) {
    this.failing = new FailingItems({ now: () => deps.now().getTime() });
  }

  /** Expired packets not settled yet (`settleDue`), counted up to `limit`: the backlog metric (docs/jobs.md). */
  backlog(limit = 10_000): Promise<number> {
    return countDuePackets(this.deps.db, this.deps.now(), limit);
  }

  /**
   * Gives back what nobody claimed of every expired packet, once: each packet is locked (skipped when another
   * worker holds it), refunded in the same transaction that marks it settled, so a second worker finds it done.
   */
  async settleDue(limit = 100): Promise<{ settled: number; refunded: number }> {
    const failures: { id: number; error: unknown }[] = [];
    const result = await this.deps.db.transaction(async (outer) => {
      const due = await lockDuePackets(outer, this.deps.now(), limit, this.failing.held());
      let refunded = 0;
      let settled = 0;
      // Each packet in a savepoint of its own: one that fails is undone alone (and held out of the next runs for a
      // while), the others are settled.
      for (const packet of due) {
        try {
          const back = await outer.transaction((tx) => this.settleOne(tx, packet));
          if (back > 0n) refunded++;
          settled++;
          this.failing.succeeded(packet.id);
        } catch (error) {
          this.failing.failed(packet.id);
          failures.push({ id: packet.id, error });
        }
      }
      return { settled, refunded };
    });
    if (failures.length > 0) throw new ItemsFailed('redpacket', failures, result.settled);
    return result;
  }

  /** Gives back what is left of one expired packet (locked by the caller) and marks it settled; what went back. */
  private async settleOne(tx: Tx, packet: PacketRow): Promise<bigint> {
    const left = BigInt(packet.remainingAmount);
    let refundEntryId: number | null = null;
    if (packet.remainingCount > 0 && left > 0n) {
      ({ entryId: refundEntryId } = await ledger.transfer(tx, {
        kind: 'redpacket_refund',
        asset: packet.assetCode,
        from: { system: 'redpacket_escrow' },
        to: { userId: packet.senderId },
        amount: left,
        reference: `redpacket:${packet.id}`,
        memo: { code: packet.code, shares: packet.remainingCount },
      }));
    }
    await markSettled(tx, packet.id, { settledAt: this.deps.now(), refundEntryId });
    const refunded = refundEntryId === null ? 0n : left;
    await this.deps.notices.settledIn(tx, packet.id, refunded);
    return refunded;
  }
}

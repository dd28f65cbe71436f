import type { Database } from '../../db/client.ts';
import { noticeAmount } from '../../platform/notice-format.ts';
import type { Notifier } from '../notifications/events.ts';
import { loadCatalog } from './store.ts';

/** The in-app page of one asset: its balance and records. */
const assetLink = (asset: string) => `/pages/home/assets/details/index?asset=${encodeURIComponent(asset)}`;

/**
 * The wallet's notices and live updates (docs/notifications.md, "Events: chat, red packets, wallet"): deposit credited, withdrawal completed or
 * failed, transfer received, and a `changed wallet` frame to everyone whose balance moved, so an open wallet or
 * deposit page shows the new balance without a reload. Called after the transaction commits; keys name the row
 * (`depositCredited:<deposit>`, `withdrawalCompleted:<withdrawal>`, `transferReceived:<journal entry>`), so a
 * worker's second run, a second process or a replayed request notifies nobody twice.
 */
export class WalletNotices {
  constructor(private readonly deps: { db: Database; notifier?: Notifier }) {}

  private async amount(asset: string, units: bigint) {
    const decimals = (await loadCatalog(this.deps.db)).assets.get(asset)?.decimals ?? 0;
    return noticeAmount(units, decimals, asset);
  }

  /** A balance moved that no notice is about (money frozen for a withdrawal, sent to someone). */
  async changed(userIds: number[]) {
    await this.deps.notifier?.changed(userIds, 'wallet');
  }

  async depositCredited(deposit: { id: number; userId: number; assetCode: string; amount: bigint }) {
    const { notifier } = this.deps;
    if (!notifier) return;
    await notifier.changed([deposit.userId], 'wallet');
    await notifier.notify([
      {
        kind: 'depositCredited',
        key: `depositCredited:${deposit.id}`,
        userIds: [deposit.userId],
        params: { amount: await this.amount(deposit.assetCode, deposit.amount) },
        link: assetLink(deposit.assetCode),
      },
    ]);
  }

  /** Completed: the amount sent (fee apart) and where; failed: all of it, fee included, back in the wallet. */
  async withdrawalFinished(
    row: { id: number; userId: number; assetCode: string; amount: bigint; fee: bigint; address: string },
    state: 'completed' | 'failed',
  ) {
    const { notifier } = this.deps;
    if (!notifier) return;
    await notifier.changed([row.userId], 'wallet');
    const completed = state === 'completed';
    await notifier.notify([
      {
        kind: completed ? 'withdrawalCompleted' : 'withdrawalFailed',
        key: `${completed ? 'withdrawalCompleted' : 'withdrawalFailed'}:${row.id}`,
        userIds: [row.userId],
        params: completed
          ? { amount: await this.amount(row.assetCode, row.amount), address: row.address }
          : { amount: await this.amount(row.assetCode, row.amount + row.fee) },
        link: assetLink(row.assetCode),
      },
    ]);
  }

  /** The hot wallet cannot cover a withdrawal yet: it stays reserved and goes out once an operator refills it. */
  async withdrawalDelayed(row: { id: number; userId: number; assetCode: string; amount: bigint }) {
    const { notifier } = this.deps;
    if (!notifier) return;
    await notifier.notify([
      {
        kind: 'withdrawalDelayed',
        key: `withdrawalDelayed:${row.id}`,
        userIds: [row.userId],
        params: { amount: await this.amount(row.assetCode, row.amount) },
        link: assetLink(row.assetCode),
      },
    ]);
  }

  /** A transfer between two users of the app: the recipient is told, both balances refresh. */
  async transferred(transfer: {
    entryId: string;
    fromId: number;
    fromName: string;
    toId: number;
    asset: string;
    units: bigint;
  }) {
    const { notifier } = this.deps;
    if (!notifier) return;
    await notifier.changed([transfer.fromId, transfer.toId], 'wallet');
    await notifier.notify([
      {
        kind: 'transferReceived',
        key: `transferReceived:${transfer.entryId}`,
        userIds: [transfer.toId],
        params: { amount: await this.amount(transfer.asset, transfer.units), name: transfer.fromName },
        link: assetLink(transfer.asset),
      },
    ]);
  }
}

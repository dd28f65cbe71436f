import { href, PATHS } from '@polaris/contract';
import type { Database, Tx } from '../../db/client.ts';
import { noticeAmount } from '../../platform/notice-format.ts';
import type { Notifier, OutboxHandlers } from '../notifications/events.ts';
import { loadCatalog } from './store.ts';

/** The in-app page of one asset: its balance and records. */
const assetLink = (asset: string) => href(PATHS.assetDetails, { asset });

/** A row's amounts as the outbox carries them (JSON: base units as strings). */
interface MovedRow {
  id: number;
  userId: number;
  assetCode: string;
  amount: string;
}

/** A settled withdrawal: its fee and address, and how it ended. */
type FinishedWithdrawal = MovedRow & { fee: string; address: string; state: 'completed' | 'failed' };

/** A transfer between two users of the app. */
interface Transfer {
  entryId: string;
  fromId: number;
  fromName: string;
  toId: number;
  asset: string;
  units: string;
}

type WalletTopics = WalletNotices['topics'];

/**
 * The wallet's notices and live updates (docs/notifications.md, "Events: chat, red packets, wallet"): deposit credited, withdrawal completed or
 * failed, transfer received, and a `changed wallet` frame to everyone whose balance moved, so an open wallet or
 * deposit page shows the new balance without a reload. Written into the notice outbox in the transaction that moved
 * the money (`later`) and told by its worker once that commits; keys name the row (`depositCredited:<deposit>`,
 * `withdrawalCompleted:<withdrawal>`, `transferReceived:<journal entry>`), so a second run notifies nobody twice.
 */
export class WalletNotices {
  constructor(private readonly deps: { db: Database; notifier?: Notifier }) {}

  /** The outbox handlers (registered in app-modules.ts). */
  readonly topics = {
    'wallet.depositCredited': (p: MovedRow) => this.depositCredited(p),
    'wallet.withdrawalFinished': (p: FinishedWithdrawal) => this.withdrawalFinished(p),
    'wallet.withdrawalDelayed': (p: MovedRow) => this.withdrawalDelayed(p),
    'wallet.transferred': (p: Transfer) => this.transferred(p),
  } satisfies OutboxHandlers;

  /** Inside the transaction that moved the money: told once it commits. */
  async later<K extends keyof WalletTopics>(tx: Tx, topic: K, payload: Parameters<WalletTopics[K]>[0]) {
    await this.deps.notifier?.later(tx, topic, payload);
  }

  private async amount(asset: string, units: bigint) {
    const decimals = (await loadCatalog(this.deps.db)).assets.get(asset)?.decimals ?? 0;
    return noticeAmount(units, decimals, asset);
  }

  /** A balance moved that no notice is about (money frozen for a withdrawal, sent to someone). */
  async changed(userIds: number[]) {
    await this.deps.notifier?.changed(userIds, 'wallet');
  }

  private async depositCredited(deposit: MovedRow) {
    const { notifier } = this.deps;
    if (!notifier) return;
    await notifier.changed([deposit.userId], 'wallet');
    await notifier.deliver([
      {
        kind: 'depositCredited',
        key: `depositCredited:${deposit.id}`,
        userIds: [deposit.userId],
        params: { amount: await this.amount(deposit.assetCode, BigInt(deposit.amount)) },
        link: assetLink(deposit.assetCode),
      },
    ]);
  }

  /** Completed: the amount sent (fee apart) and where; failed: all of it, fee included, back in the wallet. */
  private async withdrawalFinished(row: FinishedWithdrawal) {
    const { state } = row;
    const { notifier } = this.deps;
    if (!notifier) return;
    await notifier.changed([row.userId], 'wallet');
    const completed = state === 'completed';
    await notifier.deliver([
      {
        kind: completed ? 'withdrawalCompleted' : 'withdrawalFailed',
        key: `${completed ? 'withdrawalCompleted' : 'withdrawalFailed'}:${row.id}`,
        userIds: [row.userId],
        params: completed
          ? { amount: await this.amount(row.assetCode, BigInt(row.amount)), address: row.address }
          : { amount: await this.amount(row.assetCode, BigInt(row.amount) + BigInt(row.fee)) },
        link: assetLink(row.assetCode),
      },
    ]);
  }

  /** The hot wallet cannot cover a withdrawal yet: it stays reserved and goes out once an operator refills it. */
  private async withdrawalDelayed(row: MovedRow) {
    const { notifier } = this.deps;
    if (!notifier) return;
    await notifier.deliver([
      {
        kind: 'withdrawalDelayed',
        key: `withdrawalDelayed:${row.id}`,
        userIds: [row.userId],
        params: { amount: await this.amount(row.assetCode, BigInt(row.amount)) },
        link: assetLink(row.assetCode),
      },
    ]);
  }

  /** A transfer between two users of the app: the recipient is told, both balances refresh. */
  private async transferred(transfer: Transfer) {
    const { notifier } = this.deps;
    if (!notifier) return;
    await notifier.changed([transfer.fromId, transfer.toId], 'wallet');
    await notifier.deliver([
      {
        kind: 'transferReceived',
        key: `transferReceived:${transfer.entryId}`,
        userIds: [transfer.toId],
        params: { amount: await this.amount(transfer.asset, BigInt(transfer.units)), name: transfer.fromName },
        link: assetLink(transfer.asset),
      },
    ]);
  }
}

import { href, PATHS } from '@polaris/contract';
import type { Database, Tx } from '../../db/client.ts';
import { noticeAmount } from '../../platform/notice-format.ts';
import type { Notifier, OutboxHandlers } from '../notifications/events.ts';
import { type PacketRow, packetById, peopleByIds } from './store.ts';

/** Claims of one packet are told to its sender at most once per window (the key names the window). */
const CLAIM_NOTICE_WINDOW_MS = 60_000;
/** A window's notice is due this long after the window ends, so every claim committed in it is counted. */
const CLAIM_NOTICE_GRACE_MS = 1000;
/** A packet's `changed` frames (remaining shares) go out at most once per this many milliseconds. */
const PACKET_CHANGED_MS = 1000;

/** What red packet notices need of chat: room-wide notices and a room's `changed` event. */
export interface RedPacketRooms {
  notifyMembers(
    roomId: number,
    notice: { kind: 'redpacketReceived'; key: string; params: Record<string, string>; link: string },
    except: number[],
  ): Promise<void>;
  roomChanged(roomId: number, topic: 'redpacket', ref: string): Promise<void>;
}

export interface RedPacketNoticeDeps {
  db: Database;
  now: () => Date;
  notifier?: Notifier;
  rooms?: RedPacketRooms;
  decimalsOf(asset: string): Promise<number>;
  claimWindowMs?: number;
}

/** The in-app page of a packet: its state, the claims, the sender's refund. */
const packetLink = (code: string) => href(PATHS.redEnvelopeReceive, { redpacketCode: code });

/**
 * Red packet notices and live updates (docs/notifications.md, "Events: chat, red packets, wallet"): received (a room's members, the sender
 * excepted), claims told to the sender in batches, expired and refunded, and `changed` frames for the packet's
 * remaining shares and for balances. Everything runs after the transaction that caused it has committed.
 */
export class RedPacketNotices {
  /** Packets whose `changed` frame went out lately: when, and the trailing frame's timer if one is due. */
  private readonly changedAt = new Map<number, { at: number; timer?: NodeJS.Timeout }>();
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly deps: RedPacketNoticeDeps) {}

  private get window() {
    return this.deps.claimWindowMs ?? CLAIM_NOTICE_WINDOW_MS;
  }

  private track(work: () => Promise<void>) {
    const running = work().catch(() => {});
    this.running.add(running);
    void running.finally(() => this.running.delete(running));
  }

  /** Inside the send's transaction: the packet is announced once it commits (the outbox's `redpacket.sent`). */
  async sentIn(tx: Tx, packetId: number) {
    await this.deps.notifier?.later(tx, 'redpacket.sent', { packetId });
  }

  /** A packet was sent: a room's packet is announced to the room's members (a direct room's: the other person). */
  private async sent(packet: PacketRow) {
    const { notifier, rooms } = this.deps;
    await notifier?.changed([packet.senderId], 'wallet');
    if (!notifier || !rooms || packet.roomId === null) return;
    const sender = (await peopleByIds(this.deps.db, [packet.senderId])).get(packet.senderId);
    await rooms.notifyMembers(
      packet.roomId,
      {
        kind: 'redpacketReceived',
        key: `redpacketReceived:${packet.id}`,
        params: { name: sender?.name ?? '', greeting: packet.greeting || '🧧' },
        link: packetLink(packet.code),
      },
      [packet.senderId],
    );
  }

  /**
   * Inside a claim batch's transaction, for each packet it took shares of (as it left them): the sender's claim
   * notice is due at the end of the current window (`redpacketClaimed:<packet>:<window>`, one outbox row per packet
   * and window, `once`), counting what the packet row says then, so however many claims a window holds, the notice
   * counts them all; the last share's batch tells at once (`redpacketClaimed:<packet>:all`), and a window's row that
   * runs after the last share went tells nothing more. Written with the claims, so a crash loses no notice.
   */
  async claimedIn(tx: Tx, packets: { id: number; remainingCount: number }[]) {
    const { notifier } = this.deps;
    if (!notifier) return;
    const now = this.deps.now().getTime();
    for (const packet of packets) {
      const window = packet.remainingCount === 0 ? 'all' : Math.floor(now / this.window);
      await notifier.later(
        tx,
        'redpacket.claims',
        { packetId: packet.id, window },
        {
          ...(window === 'all' ? {} : { at: new Date((window + 1) * this.window + CLAIM_NOTICE_GRACE_MS) }),
          once: `redpacket.claims:${packet.id}:${window}`,
        },
      );
    }
  }

  /** A claim committed (`packet` as the claim left it): the claimer's balances and the packet's screens refresh. */
  claimed(packet: PacketRow, claimerId: number) {
    const { notifier } = this.deps;
    if (!notifier) return;
    void notifier.changed([claimerId], 'wallet');
    this.changedSoon(packet);
  }

  /** Sends the `changed` frames waiting for their second, now (tests, and a process shutting down). */
  async flush() {
    for (const [id, entry] of this.changedAt) {
      if (entry.timer) {
        clearTimeout(entry.timer);
        entry.timer = undefined;
        this.track(() => this.announceChanged(id));
      }
    }
    while (this.running.size > 0) await Promise.all([...this.running]);
  }

  private async tellClaims(packetId: number, window: number | 'all') {
    const packet = await packetById(this.deps.db, packetId);
    if (!packet || (window !== 'all' && packet.remainingCount === 0)) return;
    const decimals = await this.deps.decimalsOf(packet.assetCode);
    const claimedUnits = BigInt(packet.amount) - BigInt(packet.remainingAmount);
    await this.deps.notifier!.deliver([
      {
        kind: 'redpacketClaimed',
        key: `redpacketClaimed:${packet.id}:${window}`,
        userIds: [packet.senderId],
        params: {
          claimed: packet.count - packet.remainingCount,
          count: packet.count,
          amount: noticeAmount(claimedUnits, decimals, packet.assetCode),
        },
        link: packetLink(packet.code),
      },
    ]);
  }

  /** The packet's remaining shares changed: its sender's and its room's screens refresh, at most once a second. */
  private changedSoon(packet: PacketRow) {
    const now = Date.now();
    const entry = this.changedAt.get(packet.id);
    if (entry?.timer) return;
    if (!entry || now - entry.at >= PACKET_CHANGED_MS) {
      this.changedAt.set(packet.id, { at: now });
      this.track(() => this.announceChanged(packet.id, packet));
    } else {
      entry.timer = setTimeout(
        () => {
          entry.timer = undefined;
          entry.at = Date.now();
          this.track(() => this.announceChanged(packet.id, packet));
        },
        entry.at + PACKET_CHANGED_MS - now,
      ).unref();
    }
    if (this.changedAt.size > 10_000) {
      for (const [id, old] of this.changedAt)
        if (!old.timer && now - old.at > PACKET_CHANGED_MS) this.changedAt.delete(id);
    }
  }

  private async announceChanged(packetId: number, known?: Pick<PacketRow, 'senderId' | 'roomId' | 'code'>) {
    const packet = known ?? (await packetById(this.deps.db, packetId));
    if (!packet) return;
    await this.deps.notifier?.changed([packet.senderId], 'redpacket', packet.code);
    if (packet.roomId !== null) await this.deps.rooms?.roomChanged(packet.roomId, 'redpacket', packet.code);
  }

  /** The outbox handlers (registered in app-modules.ts). */
  readonly topics = {
    'redpacket.sent': async (p: { packetId: number }) => {
      const packet = await packetById(this.deps.db, p.packetId);
      if (packet) await this.sent(packet);
    },
    'redpacket.claims': (p: { packetId: number; window: number | 'all' }) => this.tellClaims(p.packetId, p.window),
    'redpacket.settled': async (p: { packetId: number; refunded: string }) => {
      const packet = await packetById(this.deps.db, p.packetId);
      if (packet) await this.settled([{ packet, refunded: BigInt(p.refunded) }]);
    },
  } satisfies OutboxHandlers;

  /** Inside the transaction that settled an expired packet: its sender is told once it commits (the outbox). */
  async settledIn(tx: Tx, packetId: number, refunded: bigint) {
    await this.deps.notifier?.later(tx, 'redpacket.settled', { packetId, refunded: refunded.toString() });
  }

  /**
   * Packets the expiry worker settled (the outbox's `redpacket.settled`): the sender of each with a refund is told
   * (`redpacketExpired:<packet>`, once however often it runs), their balances and the packet's screens refresh.
   */
  private async settled(packets: { packet: PacketRow; refunded: bigint }[]) {
    const { notifier } = this.deps;
    if (!notifier) return;
    for (const { packet, refunded } of packets) {
      await this.announceChanged(packet.id, packet);
      if (refunded === 0n) continue;
      const decimals = await this.deps.decimalsOf(packet.assetCode);
      await notifier.changed([packet.senderId], 'wallet');
      await notifier.deliver([
        {
          kind: 'redpacketExpired',
          key: `redpacketExpired:${packet.id}`,
          userIds: [packet.senderId],
          params: {
            amount: noticeAmount(refunded, decimals, packet.assetCode),
          },
          link: packetLink(packet.code),
        },
      ]);
    }
  }
}

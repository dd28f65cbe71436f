import {
  defaultAudience,
  formatAmount,
  type RedPacket,
  type RedPacketSend,
  VALIDITY_UNIT_SECONDS,
} from '@polaris/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Tx } from '../../db/client.ts';
import type { AttemptLimiter, AttemptRule } from '../../platform/attempts.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { once } from '../../platform/idempotency.ts';
import type { Links } from '../../platform/links.ts';
import { rateLimited } from '../../platform/rate-limits.ts';
import { randomToken } from '../../platform/secrets.ts';
import { type RoomVisibility, seesObject } from '../chat/service.ts';
import type { Notifier } from '../notifications/events.ts';
import type { TradePasswordService } from '../security/service.ts';
import { ledger } from '../wallet/ledger.ts';
import { amountUnits, assetOf, type Catalog } from '../wallet/service.ts';
import type { ClaimAutomationGuard } from './automation.ts';
import { audienceFacts, ClaimBatcher } from './claims.ts';
import { RedPacketExpiry } from './expiry.ts';
import { RedPacketNotices, type RedPacketRooms } from './notices.service.ts';
import { passwordHash } from './passwords.ts';
import { canSee, NO_AUDIENCE, unknownPacket } from './policy.ts';
import { type PacketContext, packetState, presentPacket } from './presenter.ts';
import {
  activitiesByIds,
  claimsPage,
  insertPacket,
  luckiestClaimId,
  mySharesOf,
  myTotals,
  type PacketRow,
  packetByCode,
  peopleByIds,
  receivedPage,
  sentPage,
  setSendEntry,
  unsettledSentBy,
} from './store.ts';

/** What red packets need of chat: to refuse a packet for a room before money moves, and to post it after. */
interface RedPacketChat extends Partial<RedPacketRooms> {
  assertCanPost(userId: number, roomId: string): Promise<unknown>;
  post(user: { id: number; uid: number }, roomId: string, greeting: string, code: string): Promise<unknown>;
}

export interface RedPacketDeps {
  db: Database;
  now: () => Date;
  links: Links;
  trade: TradePasswordService;
  attempts: AttemptLimiter;
  chat: RedPacketChat;
  /** Who may see what belongs to a chat room (the chat module's one rule): a room's packet is unknown to others. */
  rooms: RoomVisibility;
  activityIdOf: (code: string) => Promise<number | undefined>;
  /** The sender's membership perks: a member may send up to the asset's maximum times their multiplier. */
  perksOf: (userId: number) => Promise<{ redPacketMultiplier: number }>;
  /** The wallet's catalogue (assets, their decimals and red packet limits). */
  catalog: () => Promise<Catalog>;
  log: FastifyBaseLogger;
  /** Asks for the captcha when a claimer looks automated (automation.ts). */
  automation: ClaimAutomationGuard;
  /** Tests pass a fixed randomness; the default is the operating system's. */
  random?: (below: bigint) => bigint;
  /** Received, claimed (batched), expired; balances and remaining shares on screens (notices.service.ts). */
  notifier?: Notifier;
}

/** Password guesses per person and packet: enough for typos, too few to try a dictionary. */
const PASSWORD_RULE: AttemptRule = { max: 10, windowMs: 600_000 };

/** A public code: 12 characters of base62-ish randomness, not a number to walk. */
const newCode = () => randomToken(9).replace(/[-_]/g, 'x');

/**
 * Red packets (docs/red-packets.md): sending escrows the whole amount in one ledger entry behind the trade
 * password and an idempotency key; claims take one share each (claims.ts); what nobody claimed goes back to
 * the sender once the packet expires (expiry.ts, safe in several processes).
 */
export class RedPacketService {
  private readonly batcher: ClaimBatcher;

  /** Notices (through the outbox) and live updates (after commit). */
  readonly notices: RedPacketNotices;

  /** What nobody claimed goes back to the sender once a packet expires (the `redpacket` worker). */
  readonly expiry: RedPacketExpiry;

  constructor(private readonly deps: RedPacketDeps) {
    this.batcher = new ClaimBatcher({
      db: deps.db,
      now: deps.now,
      random: deps.random,
      decimals: async () => new Map([...(await this.catalog()).assets.values()].map((a) => [a.code, a.decimals])),
      claimedIn: (tx, packets) => this.notices.claimedIn(tx, packets),
    });
    const { notifyMembers, roomChanged } = deps.chat;
    this.notices = new RedPacketNotices({
      db: deps.db,
      now: deps.now,
      notifier: deps.notifier,
      rooms: notifyMembers && roomChanged ? { notifyMembers, roomChanged } : undefined,
      decimalsOf: async (asset) => (await this.catalog()).assets.get(asset)?.decimals ?? 0,
    });
    this.expiry = new RedPacketExpiry({ db: deps.db, now: deps.now, notices: this.notices });
  }

  private get db() {
    return this.deps.db;
  }

  /** Packets this person sent that are not settled yet, for deleting the account (in the deletion's transaction). */
  unsettledSentBy(db: Database | Tx, userId: number): Promise<number> {
    return unsettledSentBy(db, userId);
  }

  async send(user: { id: number; uid: number }, input: RedPacketSend): Promise<RedPacket> {
    const catalog = await this.deps.catalog();
    const asset = assetOf(catalog, input.asset);
    if (!catalog.networks.some((n) => n.assetCode === asset.code && n.redPacketEnabled)) {
      throw fieldError('asset', 'wallet.redPacketNotAllowed');
    }
    const units = amountUnits(input.amount, asset.decimals);
    const { redPacketMultiplier } = await this.deps.perksOf(user.id);
    const max = BigInt(asset.redPacketMax) * BigInt(redPacketMultiplier);
    if (units > max) {
      throw fieldError('amount', 'redpacket.amountAboveMax', {
        max: formatAmount(max, asset.decimals),
        asset: asset.code,
      });
    }
    if (units < BigInt(input.count)) {
      throw fieldError('count', 'redpacket.countAboveUnits', {
        min: formatAmount(1n, asset.decimals),
        asset: asset.code,
      });
    }
    if (input.split === 'fixed' && units % BigInt(input.count) !== 0n) {
      throw fieldError('amount', 'redpacket.fixedNotEven', { count: input.count });
    }
    const audience = input.audience ?? defaultAudience(input.kind);
    const roomId = input.kind === 'chat' || audience === 'room' ? input.roomId! : null;
    if (roomId !== null) await this.assertRoom(user.id, roomId);
    let activityId: number | null = null;
    if (audience === 'attendees') {
      activityId = (await this.deps.activityIdOf(input.activityId!)) ?? null;
      if (activityId === null) throw fieldError('activityId', 'redpacket.activityUnknown');
    }
    await this.deps.trade.verify(user.id, input.tradePassword);

    const now = this.deps.now();
    const { tradePassword: _secret, password, ...request } = input;
    const { code } = await once(
      this.db,
      { key: input.idempotencyKey, userId: user.id, operation: 'redpacket.send', request: { ...request, password } },
      async (tx) => {
        const code = newCode();
        const packet = await insertPacket(tx, {
          code,
          senderId: user.id,
          kind: input.kind,
          split: input.split,
          audience,
          assetCode: asset.code,
          amount: units.toString(),
          count: input.count,
          remainingAmount: units.toString(),
          remainingCount: input.count,
          passwordHash: input.kind === 'password' ? passwordHash(code, password ?? '') : null,
          greeting: input.greeting,
          roomId: roomId === null ? null : Number(roomId),
          activityId,
          sendEntryId: 0,
          expiresAt: new Date(now.getTime() + input.validity * VALIDITY_UNIT_SECONDS[input.validityUnit] * 1000),
          createdAt: now,
        });
        const { entryId } = await ledger.transfer(tx, {
          kind: 'redpacket_send',
          asset: asset.code,
          from: { userId: user.id },
          to: { system: 'redpacket_escrow' },
          amount: units,
          actorId: user.id,
          reference: `redpacket:${packet.id}`,
          memo: { code },
        });
        await setSendEntry(tx, packet.id, entryId);
        await this.notices.sentIn(tx, packet.id);
        return { code };
      },
    );
    // Posted after the money committed; the message's client id is the packet's, so a repeat posts nothing new.
    // If the room refuses it now (closed or muted a moment ago), the packet stands: its members can still open it
    // by link, and what nobody takes goes back at expiry.
    if (input.kind === 'chat') {
      await this.deps.chat.post(user, roomId!, input.greeting, code).catch((error: unknown) => {
        this.deps.log.warn({ err: error, code }, 'red packet sent but not posted into its room');
      });
    }
    return this.detail(code, user.id);
  }

  private async assertRoom(userId: number, roomId: string) {
    try {
      await this.deps.chat.assertCanPost(userId, roomId);
    } catch (error) {
      if (
        error instanceof AppError &&
        (error.messageKey === 'chat.notMember' || error.messageKey === 'chat.notFound')
      ) {
        throw fieldError('roomId', 'redpacket.roomNotMember');
      }
      throw error;
    }
  }

  async detail(code: string, viewerId: number | null): Promise<RedPacket> {
    const packet = await this.visiblePacket(code, viewerId);
    const [context, audience] = await Promise.all([
      this.context([packet], viewerId),
      viewerId === null ? NO_AUDIENCE : audienceFacts(this.db, [{ packet, userId: viewerId }]),
    ]);
    return presentPacket(packet, { ...context, audience });
  }

  /** A packet the viewer may see (policy.ts `canSee`), else exactly the answer of an unknown one. */
  private async visiblePacket(code: string, viewerId: number | null): Promise<PacketRow> {
    const packet = await packetByCode(this.db, code);
    if (!packet || !(await this.sees(packet, viewerId))) throw unknownPacket();
    return packet;
  }

  /** What `canSee` needs, loaded: whether the viewer sees the packet's room (chat's rule), else took a share of it. */
  private async sees(packet: Pick<PacketRow, 'id' | 'roomId' | 'senderId'>, viewerId: number | null) {
    const seesRoom = await seesObject(this.deps.rooms, viewerId, {
      roomId: packet.roomId,
      partyIds: [packet.senderId],
    });
    // Only asked when it can decide: someone who took a share keeps seeing what they took, in the room or not.
    const tookShare =
      !seesRoom && viewerId !== null && (await mySharesOf(this.db, viewerId, [packet.id])).has(packet.id);
    return canSee(packet, viewerId, { seesRoom, tookShare });
  }

  /**
   * A claim of a packet the claimer may not see answers as one of an unknown packet, before it joins a batch. What
   * this needs of a packet never changes, so it is remembered by code: a crowd costs the membership query only.
   */
  private readonly packetRooms = new Map<string, Promise<Pick<PacketRow, 'id' | 'roomId' | 'senderId'> | null>>();
  private async assertMayOpen(code: string, userId: number) {
    // The lookup itself is shared: a crowd arriving at once waits for one query, not a query each.
    let lookup = this.packetRooms.get(code);
    if (!lookup) {
      if (this.packetRooms.size > 10_000) this.packetRooms.clear();
      lookup = packetByCode(this.db, code).then((packet) =>
        packet ? { id: packet.id, roomId: packet.roomId, senderId: packet.senderId } : null,
      );
      this.packetRooms.set(code, lookup);
      // An unknown code is not remembered (it may be a packet being sent), nor a failed lookup.
      lookup.then(
        (known) => known === null && this.packetRooms.delete(code),
        () => this.packetRooms.delete(code),
      );
    }
    const known = await lookup;
    if (!known) return; // the batch answers "not found" as for every unknown code
    if (!(await this.sees(known, userId))) throw unknownPacket();
  }

  /** Opens a packet: my share, or why not. Password guesses are claimed per person and packet before checking. */
  async claim(userId: number, input: { code: string; password?: string; captcha?: string }) {
    await this.deps.automation.check(userId, input.code, input.captcha);
    if (input.password !== undefined) {
      const used = await this.deps.attempts.claim(`redpacket:${input.code}:${userId}`, PASSWORD_RULE);
      if (used === null) throw rateLimited();
    }
    // Everything an unknown code goes through first, so a hidden packet's refusal is the same answer.
    await this.assertMayOpen(input.code, userId);
    const outcome = await this.batcher.claim({ userId, code: input.code, password: input.password });
    if (!outcome.ok) {
      if (outcome.error.messageKey === 'redpacket.attendeesOnly' && outcome.packet?.activityId) {
        const activity = (await activitiesByIds(this.db, [outcome.packet.activityId])).get(outcome.packet.activityId);
        throw new AppError(outcome.error.status, outcome.error.messageKey, { title: activity?.title ?? '' });
      }
      throw outcome.error;
    }
    this.notices.claimed(outcome.packet, userId);
    const context = await this.claimContext(outcome.packet, userId);
    context.mine.set(outcome.packet.id, { amount: outcome.amount, claimedAt: outcome.claimedAt });
    return {
      amount: formatAmount(outcome.amount, context.decimals.get(outcome.packet.assetCode) ?? 0),
      packet: presentPacket(outcome.packet, context),
    };
  }

  /** Who got what, newest first; the luckiest marked once the packet is finished; ledger entries for the sender. */
  async claims(code: string, viewerId: number | null, input: { cursor?: string; limit: number }) {
    const packet = await this.visiblePacket(code, viewerId);
    const before = input.cursor && /^\d+$/.test(input.cursor) ? Number(input.cursor) : null;
    const decimals = (await this.catalog()).assets.get(packet.assetCode)?.decimals ?? 0;
    const [rows, luckiest] = await Promise.all([
      claimsPage(this.db, packet.id, before, input.limit + 1),
      packetState(packet, this.deps.now()) === 'active' ? null : luckiestClaimId(this.db, packet.id),
    ]);
    const page = rows.slice(0, input.limit);
    const isSender = viewerId === packet.senderId;
    return {
      items: page.map((row) => ({
        code: packet.code,
        person: { uid: String(row.uid), name: row.name ?? '', avatar: row.avatar },
        amount: formatAmount(BigInt(row.amount), decimals),
        claimedAt: new Date(row.claimed_at).toISOString(),
        luckiest: luckiest !== null && Number(row.id) === luckiest,
        entryId: isSender ? String(row.entry_id) : null,
      })),
      nextCursor: rows.length > input.limit ? String(page[page.length - 1]!.id) : null,
    };
  }

  /** What I sent or what I received, newest first: a fixed number of queries per page. */
  async mine(userId: number, input: { role: 'sent' | 'received'; cursor?: string; limit: number }) {
    const before = input.cursor && /^\d+$/.test(input.cursor) ? Number(input.cursor) : null;
    if (input.role === 'sent') {
      const rows = await sentPage(this.db, userId, before, input.limit + 1);
      const page = rows.slice(0, input.limit);
      const context = await this.context(page, userId);
      return {
        items: page.map((packet) => ({
          packet: presentPacket(packet, context),
          amount: null,
          at: packet.createdAt.toISOString(),
        })),
        nextCursor: rows.length > input.limit ? String(page[page.length - 1]!.id) : null,
      };
    }
    const rows = await receivedPage(this.db, userId, before, input.limit + 1);
    const page = rows.slice(0, input.limit);
    const context = await this.context(
      page.map((row) => row.packet),
      userId,
      false,
    );
    for (const { claim } of page) {
      context.mine.set(claim.packetId, { amount: BigInt(claim.amount), claimedAt: claim.claimedAt });
    }
    return {
      items: page.map(({ claim, packet }) => ({
        packet: presentPacket(packet, context),
        amount: formatAmount(BigInt(claim.amount), context.decimals.get(packet.assetCode) ?? 0),
        at: claim.claimedAt.toISOString(),
      })),
      nextCursor: rows.length > input.limit ? String(page[page.length - 1]!.claim.id) : null,
    };
  }

  /** `GET /open/redpacket/my/info`: counts and sums per asset. */
  async myInfo(userId: number) {
    const [rows, catalog] = await Promise.all([myTotals(this.db, userId), this.catalog()]);
    const totals = (role: string) =>
      rows
        .filter((row) => row.role === role)
        .map((row) => ({
          asset: row.asset,
          amount: formatAmount(row.total, catalog.assets.get(row.asset)?.decimals ?? 0),
        }));
    const count = (role: string) => rows.filter((row) => row.role === role).reduce((sum, row) => sum + row.count, 0);
    return {
      sent: { count: count('sent'), totals: totals('sent') },
      received: { count: count('received'), totals: totals('received') },
      held: totals('held'),
    };
  }

  /** Names, activities, decimals and the viewer's shares for these packets: four queries at most, any number of packets. */
  private async context(packets: PacketRow[], viewerId: number | null, withMine = true): Promise<PacketContext> {
    const ids = packets.map((p) => p.id);
    const [catalog, people, activities, mine] = await Promise.all([
      this.catalog(),
      peopleByIds(
        this.db,
        packets.map((p) => p.senderId),
      ),
      activitiesByIds(
        this.db,
        packets.flatMap((p) => (p.activityId === null ? [] : [p.activityId])),
      ),
      viewerId !== null && withMine ? mySharesOf(this.db, viewerId, ids) : new Map(),
    ]);
    return {
      decimals: new Map([...catalog.assets.values()].map((a) => [a.code, a.decimals])),
      people,
      activities,
      mine,
      viewerId,
      audience: NO_AUDIENCE,
      now: this.deps.now(),
      shareUrl: (code) => this.deps.links.share({ kind: 'redpacket', code }),
    };
  }

  /**
   * A claim's answer needs the packet's sender and activity: shared by every claim of the packet for a few
   * seconds, so a crowd's winners are answered without a query each behind the crowd's other requests.
   */
  private readonly claimContexts = new Map<number, { at: number; context: Promise<PacketContext> }>();
  private async claimContext(packet: PacketRow, userId: number): Promise<PacketContext> {
    const now = Date.now();
    let cached = this.claimContexts.get(packet.id);
    if (!cached || now - cached.at > 5000) {
      if (this.claimContexts.size > 1000) this.claimContexts.clear();
      cached = { at: now, context: this.context([packet], null, false) };
      this.claimContexts.set(packet.id, cached);
    }
    const shared = await cached.context;
    return { ...shared, viewerId: userId, mine: new Map(), now: this.deps.now() };
  }

  /** The catalogue changes by hand in the database, rarely: read at most once a minute here. */
  private cached: { at: number; catalog: Promise<Catalog> } | null = null;
  private catalog(): Promise<Catalog> {
    const now = Date.now();
    if (!this.cached || now - this.cached.at > 60_000) this.cached = { at: now, catalog: this.deps.catalog() };
    return this.cached.catalog;
  }
}

import { displayStep, Status } from '@polaris/contract';
import type { Database, Tx } from '../../db/client.ts';
import { AppError, FieldsError } from '../../platform/errors.ts';
import { safeEqualHex } from '../../platform/secrets.ts';
import { type EntryInput, ledger } from '../wallet/ledger.ts';
import { passwordHash } from './passwords.ts';
import { type AudienceFacts, claimRefusal, unknownPacket } from './policy.ts';
import { nextRandomShare } from './split.ts';
import {
  checkedInPairs,
  claimsOf,
  followingPairs,
  insertClaims,
  lockPacketsByCode,
  type PacketRow,
  roomMemberPairs,
  writeRemaining,
} from './store.ts';

export interface ClaimRequest {
  userId: number;
  code: string;
  password?: string;
}

export type ClaimOutcome =
  | { ok: true; packet: PacketRow; amount: bigint; claimedAt: Date }
  | { ok: false; error: AppError; packet?: PacketRow };

const conflict = (key: string) => new AppError(Status.conflict, key);

/**
 * Claims of red packets, decided in batches: every claim that arrives while one batch is being written waits
 * for the next, and each batch is one transaction of a fixed number of statements whatever its size (the
 * packets locked in id order, what their claimers already took, who is in each audience, the ledger entries,
 * the claims, what is left). A packet's shares are taken one after another under its row lock, so a thousand
 * people opening one packet at once cost a few transactions instead of a thousand in single file on its row
 * and on the escrow account's.
 */
export class ClaimBatcher {
  private queue: { request: ClaimRequest; resolve: (o: ClaimOutcome) => void; reject: (e: unknown) => void }[] = [];
  private draining = false;

  constructor(
    private readonly deps: {
      db: Database;
      now: () => Date;
      random?: (below: bigint) => bigint;
      /** Ledger decimals per asset code, for the display step random shares are drawn in. */
      decimals?: () => Promise<Map<string, number>>;
      /** Inside a batch's transaction: the packets it took shares of, as it left them (their sender's notices). */
      claimedIn?: (tx: Tx, packets: { id: number; remainingCount: number }[]) => Promise<void>;
    },
    private readonly maxBatch = 500,
  ) {}

  claim(request: ClaimRequest): Promise<ClaimOutcome> {
    return new Promise((resolve, reject) => {
      this.queue.push({ request, resolve, reject });
      if (this.draining) return;
      this.draining = true;
      // The rest of this turn's arrivals join the first batch.
      setImmediate(() => void this.drain());
    });
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, this.maxBatch);
      try {
        const outcomes = await this.run(batch.map((item) => item.request));
        for (const [index, item] of batch.entries()) item.resolve(outcomes[index]!);
      } catch (error) {
        if (batch.length === 1) {
          batch[0]!.reject(error);
          continue;
        }
        // Whatever failed the batch must not fail the claims beside it: each again, alone.
        for (const item of batch) {
          await this.run([item.request]).then(
            (outcomes) => item.resolve(outcomes[0]!),
            (failure: unknown) => item.reject(failure),
          );
        }
      }
    }
    this.draining = false;
  }

  private async run(requests: ClaimRequest[]): Promise<ClaimOutcome[]> {
    const decimals = (await this.deps.decimals?.()) ?? new Map<string, number>();
    const stepOf = (asset: string) => {
      const places = decimals.get(asset);
      return places === undefined ? 1n : displayStep(places, asset);
    };
    return this.deps.db.transaction(async (tx) => {
      const decided = await decide(tx, requests, this.deps.now(), stepOf, this.deps.random);
      if (decided.remaining.size > 0) {
        await this.deps.claimedIn?.(
          tx,
          [...decided.remaining].map(([id, left]) => ({ id, remainingCount: left.count })),
        );
      }
      return decided.outcomes;
    });
  }
}

/**
 * One batch, inside its transaction. Outcomes come back in the order of the requests, with what is left of each
 * packet the batch took shares of.
 */
async function decide(
  tx: Tx,
  requests: ClaimRequest[],
  now: Date,
  stepOf: (asset: string) => bigint,
  random?: (below: bigint) => bigint,
): Promise<{ outcomes: ClaimOutcome[]; remaining: Map<number, { amount: bigint; count: number }> }> {
  const packets = new Map(
    (await lockPacketsByCode(tx, [...new Set(requests.map((r) => r.code))])).map((p) => [p.code, p]),
  );
  const outcomes: (ClaimOutcome | undefined)[] = requests.map((request) => {
    const packet = packets.get(request.code);
    if (!packet) return { ok: false, error: unknownPacket() };
    // The sender's own claims cost no query below; `claimRefusal` says the same again.
    if (packet.senderId === request.userId) return { ok: false, error: conflict('redpacket.ownPacket'), packet };
    return undefined;
  });
  const live = requests
    .map((request, index) => ({ request, index, packet: packets.get(request.code)! }))
    .filter(({ index }) => outcomes[index] === undefined);

  const claimed = new Map(
    (
      await claimsOf(
        tx,
        live.map(({ request, packet }) => ({ packetId: packet.id, userId: request.userId })),
      )
    ).map((c) => [`${c.packetId}:${c.userId}`, c]),
  );
  const audience = await audienceFacts(
    tx,
    live.map(({ request, packet }) => ({ packet, userId: request.userId })),
  );

  const remaining = new Map<number, { amount: bigint; count: number }>();
  const entries: EntryInput[] = [];
  const winners: { index: number; packet: PacketRow; amount: bigint }[] = [];
  for (const { request, index, packet } of live) {
    const pair = `${packet.id}:${request.userId}`;
    const left = remaining.get(packet.id) ?? {
      amount: BigInt(packet.remainingAmount),
      count: packet.remainingCount,
    };
    // What this batch took already counts: a share taken above, and the shares left after it.
    const refusal = claimRefusal(
      { ...packet, remainingCount: left.count },
      request.userId,
      { mine: claimed.get(pair), audience },
      now,
    );
    if (refusal) {
      outcomes[index] = { ok: false, error: refusal, packet };
      continue;
    }
    if (packet.passwordHash !== null) {
      const given = passwordHash(packet.code, request.password ?? '');
      if (!safeEqualHex(given, packet.passwordHash)) {
        outcomes[index] = {
          ok: false,
          packet,
          error: new FieldsError([{ field: 'password', messageKey: 'redpacket.wrongPassword' }]),
        };
        continue;
      }
    }
    const amount =
      packet.split === 'fixed'
        ? BigInt(packet.amount) / BigInt(packet.count)
        : nextRandomShare(left.amount, left.count, random, stepOf(packet.assetCode));
    remaining.set(packet.id, { amount: left.amount - amount, count: left.count - 1 });
    // A second claim of the same person in this batch finds this one.
    claimed.set(pair, { packetId: packet.id, userId: request.userId, amount, claimedAt: now });
    winners.push({ index, packet, amount });
    entries.push({
      kind: 'redpacket_claim',
      asset: packet.assetCode,
      actorId: request.userId,
      reference: `redpacket:${packet.id}`,
      memo: { code: packet.code },
      movements: [
        { account: { system: 'redpacket_escrow' }, bucket: 'available', amount: -amount },
        { account: { userId: request.userId }, bucket: 'available', amount },
      ],
    });
  }
  if (winners.length > 0) {
    const entryIds = await ledger.postMany(tx, entries);
    await insertClaims(
      tx,
      winners.map((winner, i) => ({
        packetId: winner.packet.id,
        userId: requests[winner.index]!.userId,
        amount: winner.amount.toString(),
        entryId: entryIds[i]!,
        claimedAt: now,
      })),
    );
    await writeRemaining(
      tx,
      [...remaining].map(([id, left]) => ({ id, ...left })),
    );
  }
  for (const winner of winners) {
    const left = remaining.get(winner.packet.id)!;
    outcomes[winner.index] = {
      ok: true,
      amount: winner.amount,
      claimedAt: now,
      packet: { ...winner.packet, remainingAmount: left.amount.toString(), remainingCount: left.count },
    };
  }
  return { outcomes: outcomes as ClaimOutcome[], remaining };
}

/** Who is in each packet's audience (policy.ts), asked once per kind of audience for any number of pairs. */
export async function audienceFacts(
  tx: Database | Tx,
  pairs: { packet: Pick<PacketRow, 'audience' | 'senderId' | 'roomId' | 'activityId'>; userId: number }[],
): Promise<AudienceFacts> {
  const of = (audience: PacketRow['audience']) => pairs.filter(({ packet }) => packet.audience === audience);
  // One after another: inside a transaction the queries share its one connection.
  const followers = await followingPairs(
    tx,
    of('followers').map(({ userId, packet }) => ({ senderId: packet.senderId, userId })),
  );
  const members = await roomMemberPairs(
    tx,
    of('room').map(({ userId, packet }) => ({ roomId: packet.roomId!, userId })),
  );
  const attendees = await checkedInPairs(
    tx,
    of('attendees').map(({ userId, packet }) => ({ activityId: packet.activityId!, userId })),
  );
  return { followers, members, attendees };
}

import {
  AMOUNT_PROBLEM_KEYS,
  BOUNTY_LIMITS,
  type Bounty,
  type BountyCreate,
  type BountyListInput,
  type BountyMineInput,
  parseAmount,
  Status,
} from '@polaris/contract';
import type { z } from 'zod';
import type { Database, Tx } from '../../db/client.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { once } from '../../platform/idempotency.ts';
import { eachClaimed, FailingItems } from '../../platform/worker.ts';
import type { Caller } from '../chat/service.ts';
import { InsufficientBalance, ledger } from '../wallet/ledger.ts';
import { assetOf } from '../wallet/service.ts';
import { cursorId, nextCursor } from './cursor.ts';
import { dueDeadlines, submitterIds } from './deadlines.store.ts';
import type { BountyDeps } from './deps.ts';
import { bountyDeadline } from './events.ts';
import { canView } from './policy.ts';
import { presentBounty, presentSubmission } from './presenter.ts';
import {
  activityHosts,
  type BountyFilter,
  type BountyRow,
  bountiesByIds,
  bountyById,
  claimDueBounty,
  countDueBounties,
  insertBounty,
  listBounties,
  nextBountyId,
  setRefundEntry,
  settleBounty,
  unsettledCreatedBy,
} from './store.ts';
import { SubmissionService } from './submissions.service.ts';
import { listSubmissions } from './submissions.store.ts';

export type { BountyDeps };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** How long before its deadline a bounty's creator and submitters hear that it closes soon. */
const DEADLINE_NOTICE_MS = DAY;

const notFound = () => new AppError(Status.notFound, 'bounty.notFound');

/** Base units of a decimal amount, or a field error on `field` saying what is wrong with it. */
function unitsOf(field: string, value: string, decimals: number): bigint {
  const parsed = parseAmount(value, decimals);
  if ('problem' in parsed) throw fieldError(field, AMOUNT_PROBLEM_KEYS[parsed.problem], { max: decimals });
  return parsed.units;
}

const winnersInRange = (winners: number | bigint) =>
  BigInt(winners) >= 1n && BigInt(winners) <= BigInt(BOUNTY_LIMITS.maxWinners);

/**
 * The pool's split: what each winner gets and how many winners there are. The pool is either named per winner
 * or by the number of winners, and must divide evenly, every share at least one base unit.
 */
export function splitPool(
  total: bigint,
  perWinner: bigint | undefined,
  winners: number | undefined,
): { reward: bigint; winners: number } {
  const max = BOUNTY_LIMITS.maxWinners;
  if (winners !== undefined && (!Number.isSafeInteger(winners) || !winnersInRange(winners))) {
    throw fieldError('winners', 'bounty.winnersRange', { max });
  }
  if (perWinner !== undefined) {
    if (perWinner > total) throw fieldError('perWinner', 'bounty.perWinnerAboveTotal');
    const count = total / perWinner;
    if (total % perWinner !== 0n || (winners !== undefined && BigInt(winners) !== count)) {
      throw fieldError('total', 'bounty.notEven', { count: String(winners ?? count) });
    }
    if (!winnersInRange(count)) throw fieldError('winners', 'bounty.winnersRange', { max });
    return { reward: perWinner, winners: Number(count) };
  }
  const count = BigInt(winners!);
  if (total % count !== 0n) throw fieldError('total', 'bounty.notEven', { count: winners! });
  return { reward: total / count, winners: winners! };
}

/**
 * Task bounties: a reward pool escrowed on creation, paid to each approved submission at once, what no winner
 * took given back to the creator once after the review window (docs/bounties.md). Submitting and reviewing are
 * `submissions`.
 */
export class BountyService {
  readonly submissions: SubmissionService;

  /** Bounties whose settlement failed, held out of the next runs for a while (platform/worker.ts). */
  private readonly failing: FailingItems;

  constructor(private readonly deps: BountyDeps) {
    this.failing = new FailingItems({ now: () => deps.now().getTime() });
    this.submissions = new SubmissionService(deps);
  }

  private get db() {
    return this.deps.db;
  }

  /** Bounties this person created that are not settled yet, for deleting the account (in its transaction). */
  unsettledCreatedBy(db: Database | Tx, userId: number): Promise<number> {
    return unsettledCreatedBy(db, userId);
  }

  /**
   * Creates a bounty and escrows its pool: every refusal (input, audience, room, activity, trade password)
   * happens before the one transaction that moves the money; an in-chat bounty is posted to its room after.
   */
  async create(user: Caller, input: BountyCreate): Promise<Bounty> {
    const catalog = await this.deps.catalog();
    const asset = assetOf(catalog, input.asset);
    const total = unitsOf('total', input.total, asset.decimals);
    const perWinner = input.perWinner === undefined ? undefined : unitsOf('perWinner', input.perWinner, asset.decimals);
    const split = splitPool(total, perWinner, input.winners);
    const now = this.deps.now();
    const deadline = new Date(input.deadline);
    const ahead = deadline.getTime() - now.getTime();
    if (!(ahead >= BOUNTY_LIMITS.minDurationMinutes * MINUTE && ahead <= BOUNTY_LIMITS.maxDurationDays * DAY)) {
      throw fieldError('deadline', 'bounty.deadlineRange');
    }
    const audience = input.audience ?? (input.roomId ? 'room' : input.activityId ? 'attendees' : 'anyone');
    const roomId = input.roomId ? Number(input.roomId) : null;
    if (roomId !== null) await this.assertMayPost(user.id, roomId);
    let activityId: number | null = null;
    if (input.activityId) {
      activityId = (await this.deps.activityIdOf(input.activityId)) ?? null;
      const hosts = activityId === null ? undefined : await activityHosts(this.db, activityId);
      if (!hosts) throw new AppError(Status.notFound, 'activity.notFound');
      if (!hosts.hostIds.includes(user.id)) throw new AppError(Status.noPermission, 'bounty.notOrganizer');
      if (hosts.cancelled) throw new AppError(Status.conflict, 'activity.cancelled');
    }
    await this.deps.trade.verify(user.id, input.tradePassword);
    const { tradePassword: _secret, ...request } = input;

    let createdId: number | null = null;
    const answer = await once(
      this.db,
      { key: input.idempotencyKey, userId: user.id, operation: 'bounty.create', request },
      async (tx) => {
        const id = await nextBountyId(tx);
        const { entryId } = await ledger
          .transfer(tx, {
            kind: 'bounty_fund',
            asset: asset.code,
            from: { userId: user.id },
            to: { system: 'bounty_escrow' },
            amount: total,
            actorId: user.id,
            reference: `bounty:${id}`,
            purpose: { type: 'bounty', id: String(id), title: input.title },
          })
          .catch((error: unknown) => {
            throw error instanceof InsufficientBalance ? fieldError('total', 'wallet.insufficient') : error;
          });
        await insertBounty(tx, {
          id,
          creatorId: user.id,
          title: input.title,
          description: input.description,
          category: input.category,
          assetCode: asset.code,
          reward: split.reward,
          winners: split.winners,
          submitKinds: [...new Set(input.submitKinds)],
          audience,
          roomId,
          activityId,
          deadline,
          reviewUntil: new Date(deadline.getTime() + BOUNTY_LIMITS.reviewWindowHours * HOUR),
          fundEntryId: entryId,
          createdAt: now,
        });
        createdId = id;
        return presentBounty((await bountyById(tx, user.id, id))!, user.id, now, this.deps.links);
      },
    );
    // Only the request that created it posts it: a repeat under the same key is answered without a second message.
    if (createdId !== null && roomId !== null) await this.postToRoom(user, roomId, createdId, input.title);
    if (createdId !== null) await this.deps.notifier?.changed([user.id], 'wallet');
    return answer;
  }

  private async assertMayPost(userId: number, roomId: number) {
    try {
      await this.deps.chat.messages.assertCanPost(userId, roomId);
    } catch (error) {
      if (error instanceof AppError && error.messageKey === 'chat.notMember') {
        throw new AppError(Status.noPermission, 'bounty.roomNotMember');
      }
      throw error;
    }
  }

  /** The money is committed: a room that refuses the message now (closed, muted since) does not undo the bounty. */
  private async postToRoom(user: Caller, roomId: number, bountyId: number, title: string) {
    try {
      await this.deps.chat.messages.send(
        { id: user.id, uid: user.uid },
        { roomId: String(roomId), text: title },
        { kind: 'bounty', ref: String(bountyId) },
      );
    } catch (error) {
      this.deps.log.warn({ err: error, bountyId, roomId }, 'bounty created but its room message was refused');
    }
  }

  async detail(viewerId: number | null, id: string): Promise<Bounty> {
    const row = await bountyById(this.db, viewerId, Number(id));
    if (!row || !canView(row, viewerId)) throw notFound();
    return presentBounty(row, viewerId, this.deps.now(), this.deps.links);
  }

  /** Browse: search, category, open only or all, an activity's or a room's. One statement whatever the page size. */
  async list(viewerId: number | null, input: z.output<typeof BountyListInput>) {
    const now = this.deps.now();
    let activityId: number | undefined;
    if (input.activityId) {
      activityId = await this.deps.activityIdOf(input.activityId);
      if (activityId === undefined) return { items: [], nextCursor: null };
    }
    const filter: BountyFilter = {
      q: input.q,
      category: input.category,
      openAt: input.state === 'open' ? now : undefined,
      activityId,
      roomId: input.roomId ? Number(input.roomId) : undefined,
      before: cursorId(input.cursor),
    };
    const rows = await listBounties(this.db, viewerId, filter, input.limit);
    return {
      items: rows.map((row) => presentBounty(row, viewerId, now, this.deps.links)),
      nextCursor: nextCursor(rows, input.limit),
    };
  }

  /** `bounty-mine`: what I created, or what I submitted with its bounty. Two statements at most. */
  async mine(userId: number, input: z.output<typeof BountyMineInput>) {
    const now = this.deps.now();
    const before = cursorId(input.cursor);
    const present = (row: BountyRow) => presentBounty(row, userId, now, this.deps.links);
    if (input.role === 'created') {
      const rows = await listBounties(this.db, userId, { creatorId: userId, before }, input.limit);
      return {
        items: rows.map((row) => ({ bounty: present(row), submission: null })),
        nextCursor: nextCursor(rows, input.limit),
      };
    }
    const submissions = await listSubmissions(this.db, { userId, before }, input.limit);
    const ids = [...new Set(submissions.map((row) => row.bountyId))];
    // Their own submissions' bounties, whatever the bounty's audience now (a room they have left).
    const bounties = await bountiesByIds(this.db, userId, ids);
    const byId = new Map(bounties.map((row) => [row.id, row]));
    return {
      items: submissions.map((submission) => ({
        bounty: present(byId.get(submission.bountyId)!),
        submission: presentSubmission(submission),
      })),
      nextCursor: nextCursor(submissions, input.limit),
    };
  }

  /** Bounties past review and not settled yet (`settleDue`), counted up to `limit`: the backlog metric (docs/jobs.md). */
  backlog(limit = 10_000): Promise<number> {
    return countDueBounties(this.db, this.deps.now(), limit);
  }

  /**
   * Settles every bounty whose review window has passed: what no winner took goes back to the creator, once.
   * Each bounty is claimed with FOR UPDATE SKIP LOCKED and marked settled in the transaction that refunds it,
   * so workers in several processes never refund one twice. Locks in the order payouts take them: the bounty,
   * its submissions, then (inside the ledger) the accounts.
   */
  async settleDue(limit = 100): Promise<{ settled: number }> {
    const settled = await eachClaimed('bounty', this.failing, limit, async (skip, claimed) => {
      const done = await this.db.transaction(async (tx) => {
        const now = this.deps.now();
        const due = await claimDueBounty(tx, now, skip);
        if (!due) return null;
        claimed(due.id);
        await settleBounty(tx, due.id, now);
        if (due.unused > 0n) {
          const { entryId } = await ledger.transfer(tx, {
            kind: 'bounty_refund',
            asset: due.assetCode,
            from: { system: 'bounty_escrow' },
            to: { userId: due.creatorId },
            amount: due.unused,
            reference: `bounty:${due.id}`,
          });
          await setRefundEntry(tx, due.id, entryId);
        }
        return due;
      });
      if (!done) return false;
      await this.settled(done);
      return true;
    });
    return { settled };
  }

  /** After a settlement commits: the bounty has ended on its creator's and its submitters' screens. */
  private async settled(bounty: { id: number; creatorId: number; unused: bigint }) {
    const notifier = this.deps.notifier;
    if (!notifier) return;
    const watchers = await submitterIds(this.db, bounty.id);
    await notifier.changed([bounty.creatorId, ...watchers], 'bounty', String(bounty.id));
    if (bounty.unused > 0n) await notifier.changed([bounty.creatorId], 'wallet');
  }

  /**
   * "Deadline soon": every open bounty whose deadline is within DEADLINE_NOTICE_MS and not yet announced is told
   * to its creator and its submitters. Exactly once across processes: each recipient's notice has the key
   * `bountyDeadline:<id>`, unique per user, and a bounty already told is not selected again (dueDeadlines).
   */
  async announceDeadlines(limit = 100): Promise<{ announced: number }> {
    const now = this.deps.now();
    const notifier = this.deps.notifier;
    if (!notifier) return { announced: 0 };
    const until = new Date(now.getTime() + DEADLINE_NOTICE_MS);
    const due = await dueDeadlines(this.db, now, until, DEADLINE_NOTICE_MS, limit);
    for (const bounty of due) {
      await notifier.notify(
        bountyDeadline({
          bountyId: bounty.id,
          creatorId: bounty.creatorId,
          title: bounty.title,
          deadline: bounty.deadline,
          submitterIds: bounty.submitterIds,
        }),
      );
    }
    return { announced: due.length };
  }
}

import { type BountySubmissionsInput, Status } from '@polaris/contract';
import type { z } from 'zod';
import type { Database, Tx } from '../../db/client.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { noticeAmount } from '../../platform/notice-format.ts';
import { ledger } from '../wallet/ledger.ts';
import { cursorId, nextCursor } from './cursor.ts';
import { submitterIds } from './deadlines.store.ts';
import type { BountyDeps } from './deps.ts';
import { submissionApproved, submissionReceived, submissionRejected } from './events.ts';
import { canView, isCreator, reviewRefusal, submitRefusal } from './policy.ts';
import { presentSubmission } from './presenter.ts';
import { type BountyRow, bountyById, claimWinnerSlot, lockOpenBounty, settleBounty } from './store.ts';
import {
  insertSubmission,
  listSubmissions,
  reviewSubmission,
  type SubmissionRow,
  setSubmissionEntry,
  submissionById,
} from './submissions.store.ts';

const conflict = (key: string) => new AppError(Status.conflict, key);
const bountyNotFound = () => new AppError(Status.notFound, 'bounty.notFound');
const submissionNotFound = () => new AppError(Status.notFound, 'bounty.submissionNotFound');

/** A link a reviewer can open safely: https with a host. */
function isHttpsLink(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * Submitting to a bounty and reviewing submissions. Limits are claimed, not checked: one live submission per
 * person is the partial unique index, a winner slot is a conditional update of `paid_count`.
 */
export class SubmissionService {
  constructor(private readonly deps: BountyDeps) {}

  private get db() {
    return this.deps.db;
  }

  private async visibleBounty(viewerId: number, id: number): Promise<BountyRow> {
    const bounty = await bountyById(this.db, viewerId, id);
    if (!bounty || !canView(bounty, viewerId)) throw bountyNotFound();
    return bounty;
  }

  async submit(userId: number, input: { id: string; text: string; link?: string; imageId?: string }) {
    const bounty = await this.visibleBounty(userId, Number(input.id));
    const now = this.deps.now();
    const refused = submitRefusal(bounty, userId, now);
    if (refused) throw refused;
    const text = input.text.trim();
    const link = input.link?.trim() || null;
    const imageId = input.imageId ?? null;
    const asks = new Set(bounty.submitKinds);
    if (asks.has('text') && text === '') throw fieldError('text', 'bounty.missingText');
    if (asks.has('link') && link === null) throw fieldError('link', 'bounty.missingLink');
    if (link !== null && !isHttpsLink(link)) throw fieldError('link', 'bounty.linkInvalid');
    if (asks.has('image') && imageId === null) throw fieldError('imageId', 'bounty.missingImage');
    if (imageId !== null && !(await this.deps.imageOwnedBy(imageId, userId))) {
      throw fieldError('imageId', 'activity.imageUnknown');
    }

    const id = await this.db.transaction(async (tx) => {
      // Waits for a payout taking the last slot to commit, and then finds the bounty closed.
      if (!(await lockOpenBounty(tx, bounty.id, now))) throw conflict('bounty.closed');
      const stored = await insertSubmission(tx, {
        bountyId: bounty.id,
        userId,
        body: text,
        link,
        imageId,
        createdAt: now,
      });
      if (stored === null) throw conflict('bounty.alreadySubmitted');
      return stored;
    });
    const stored = (await submissionById(this.db, id))!;
    await this.deps.notifier?.notify([
      submissionReceived({
        bountyId: bounty.id,
        creatorId: bounty.creatorId,
        title: bounty.title,
        submissionId: id,
        submitterName: stored.userName,
      }),
    ]);
    await this.deps.notifier?.changed([bounty.creatorId], 'bounty', String(bounty.id));
    return presentSubmission(stored);
  }

  /** The creator sees every submission (by state if asked); anyone else only their own. One statement. */
  async list(viewerId: number, input: z.output<typeof BountySubmissionsInput>) {
    const bounty = await this.visibleBounty(viewerId, Number(input.id));
    const rows = await listSubmissions(
      this.db,
      {
        bountyId: bounty.id,
        userId: isCreator(bounty, viewerId) ? undefined : viewerId,
        state: input.state,
        before: cursorId(input.cursor),
      },
      input.limit,
    );
    return {
      items: rows.map(presentSubmission),
      nextCursor: nextCursor(rows, input.limit),
    };
  }

  /**
   * The creator approves (the winner is paid from escrow at once) or rejects with a reason. Approving runs in
   * one transaction: claim a winner slot (locking the bounty), move the submission from pending, pay, and when
   * that was the last slot settle the bounty (nothing is left to refund; what still waits expires).
   */
  async review(userId: number, input: { submissionId: string; decision: 'approve' | 'reject'; reason?: string }) {
    const submission = await submissionById(this.db, Number(input.submissionId));
    if (!submission) throw submissionNotFound();
    const bounty = await bountyById(this.db, userId, submission.bountyId);
    if (!bounty || !canView(bounty, userId)) throw submissionNotFound();
    const now = this.deps.now();
    const refused = reviewRefusal(bounty, userId, now, submission);
    if (refused) throw refused;
    if (input.decision === 'approve' && submission.userId === bounty.creatorId) {
      throw new AppError(Status.noPermission, 'bounty.selfApproval');
    }

    if (input.decision === 'reject') {
      const rejected = await this.db.transaction(async (tx) => {
        const done = await reviewSubmission(tx, submission.id, {
          state: 'rejected',
          reason: input.reason ?? null,
          reviewedAt: now,
        });
        if (done) {
          const about = this.about(bounty, submission);
          await this.deps.notifier?.notifyIn(tx, [submissionRejected({ ...about, reason: input.reason ?? '' })]);
        }
        return done;
      });
      if (!rejected) throw await this.refusalNow(this.db, submission.id);
    } else {
      await this.db.transaction((tx) => this.approve(tx, bounty, submission, now));
    }
    const reviewed = (await submissionById(this.db, submission.id))!;
    await this.announceReview(bounty, reviewed);
    return presentSubmission(reviewed);
  }

  private about(bounty: BountyRow, submission: SubmissionRow) {
    return { bountyId: bounty.id, title: bounty.title, submissionId: submission.id, submitterId: submission.userId };
  }

  /**
   * After the review commits (its notice was written in the review's transaction, through the outbox): both sides'
   * screens of the bounty refresh.
   */
  private async announceReview(bounty: BountyRow, submission: SubmissionRow) {
    const notifier = this.deps.notifier;
    if (!notifier) return;
    if (submission.state === 'approved') await notifier.changed([submission.userId], 'wallet');
    // An approval may take the last slot, which ends the bounty for everyone who submitted.
    const watchers = await submitterIds(this.db, bounty.id);
    await notifier.changed([bounty.creatorId, ...watchers], 'bounty', String(bounty.id));
  }

  /** Why a review lost a race: reads the submission and its bounty as they are now. */
  private async refusalNow(db: Database | Tx, submissionId: number) {
    const submission = (await submissionById(db, submissionId))!;
    const bounty = (await bountyById(db, null, submission.bountyId))!;
    // What the rule says now; a race lost while the rule still allows it lost to the window closing.
    return reviewRefusal(bounty, bounty.creatorId, this.deps.now(), submission) ?? conflict('bounty.reviewClosed');
  }

  private async approve(tx: Tx, bounty: BountyRow, submission: SubmissionRow, now: Date) {
    const bountyId = bounty.id;
    const slot = await claimWinnerSlot(tx, bountyId, now);
    if (!slot) throw await this.refusalNow(tx, submission.id);
    const approved = await reviewSubmission(tx, submission.id, { state: 'approved', reason: null, reviewedAt: now });
    // Throwing undoes the slot claimed above.
    if (!approved) throw await this.refusalNow(tx, submission.id);
    const { entryId } = await ledger.transfer(tx, {
      kind: 'bounty_payout',
      asset: slot.assetCode,
      from: { system: 'bounty_escrow' },
      to: { userId: submission.userId },
      amount: slot.reward,
      actorId: bounty.creatorId,
      reference: `bounty:${bountyId}`,
      memo: { submissionId: String(submission.id) },
    });
    await setSubmissionEntry(tx, submission.id, entryId);
    const amount = noticeAmount(slot.reward, submission.decimals, slot.assetCode);
    await this.deps.notifier?.notifyIn(tx, [submissionApproved({ ...this.about(bounty, submission), amount })]);
    if (slot.paidCount === slot.winners) await settleBounty(tx, bountyId, now);
  }
}

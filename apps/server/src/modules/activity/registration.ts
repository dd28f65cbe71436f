import { formatAmount, type Language, type Registration, refundsInFull, Status } from '@polaris/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { type Database, query, type Tx } from '../../db/client.ts';
import { activities, activityInvitations, registrations, ticketTypes, users } from '../../db/schema/index.ts';
import { AppError, FieldsError } from '../../platform/errors.ts';
import { enqueueMail, type QueuedMail } from '../../platform/mail-queue.ts';
import type { SessionUser } from '../../platform/router.ts';
import type { CreatorEarningsService } from '../master/service.ts';
import type { TradePasswordService } from '../security/service.ts';
import { once } from '../wallet/idempotency.ts';
import { ledger, type Movement } from '../wallet/ledger.ts';
import { managedActivity, registrationView, visibleActivity } from './access.ts';
import { newTicketCode } from './codes.ts';
import { cancelNotice } from './notices.ts';
import { canCancelActivity } from './policy.ts';
import { decimalsOf, type Links, type RegistrationRow } from './presenter.ts';
import {
  type ActivityRow,
  assetDecimals,
  hasSeat,
  holderEmails,
  lockActivity,
  phaseOf,
  seatCounts,
  type TicketTypeRow,
} from './store.ts';

export interface RegistrationDeps {
  db: Database;
  now: () => Date;
  trade: TradePasswordService;
  links: Links;
  /** Where ticket money waits after the end until the payout hold has passed. */
  earnings: CreatorEarningsService;
  /** How long after the end the organizer's ticket money stays frozen (PAYOUT_HOLD_HOURS). */
  payoutHoldMs: number;
}

const LIVE = ['pending', 'approved', 'waitlisted'] as const;
const conflict = (key: string, params?: Record<string, string | number>) => new AppError(Status.conflict, key, params);
const reference = (registrationId: number) => `registration:${registrationId}`;

/**
 * The refund rule when an attendee cancels a paid ticket: in full until 24 hours before the start, or until the
 * start when the organizer changed the start or the venue while the place was held (`fullRefundUntil`); after
 * that nothing, and the price goes to the organizer with the rest at the end. Cancelling the whole activity
 * always refunds everything.
 */
export function refundOnCancel(paid: bigint, startsAt: Date, fullRefundUntil: Date | null, now: Date): bigint {
  return refundsInFull(startsAt, fullRefundUntil, now) ? paid : 0n;
}

interface SignUpInput {
  activityId: string;
  ticketTypeId?: string;
  answers: Record<string, string>;
  inviteCode?: string;
  tradePassword?: string;
  idempotencyKey?: string;
  /** The request's language: mail about this place (a change, a cancellation) is written in it. */
  language?: Language;
}

/**
 * Sign-up, approval, waitlist, cancellation and settlement: every place a ticket's money moves.
 *
 * Ledger flows (amounts in the ticket's asset):
 * - paid seat: user available → ticket_escrow available (`ticket_payment`)
 * - approval required: user available → user frozen (`ticket_hold`); approve: user frozen → ticket_escrow
 *   (`ticket_payment`); reject or expiry: user frozen → user available (`ticket_hold_release`)
 * - attendee cancels ≥ 24 h before the start (or before the start, after the organizer changed the start or
 *   the venue), or the activity is cancelled: ticket_escrow → user (`ticket_refund`)
 * - after the end: ticket_escrow → creator_earnings frozen, one entry per asset (`ticket_earning_hold`); after
 *   the payout hold the earnings service moves it to the organizer's available balance (`ticket_release`)
 */
export class RegistrationService {
  constructor(private readonly deps: RegistrationDeps) {}

  private get db() {
    return this.deps.db;
  }

  async signUp(user: SessionUser, input: SignUpInput): Promise<Registration> {
    const activity = await visibleActivity(this.db, input.activityId, user.id);
    const now = this.deps.now();
    this.assertOpen(activity.row, now);
    const types = await this.db
      .select()
      .from(ticketTypes)
      .where(and(eq(ticketTypes.activityId, activity.row.id), sql`${ticketTypes.deletedAt} is null`))
      .orderBy(asc(ticketTypes.sort), asc(ticketTypes.id));
    const type = input.ticketTypeId ? types.find((t) => String(t.id) === input.ticketTypeId) : types[0];
    if (!type) throw new FieldsError([{ field: 'ticketTypeId', messageKey: 'activity.ticketTypeUnknown' }]);
    this.assertOnSale(activity.row, type, now);
    const answers = this.checkAnswers(activity.row, input.answers);
    const work = (tx: Tx) =>
      this.signUpIn(tx, user.id, activity.row.id, type.id, answers, input.inviteCode, input.language ?? null);

    if (BigInt(type.price) === 0n) return this.db.transaction(work);
    if (!input.tradePassword || !input.idempotencyKey) {
      throw new FieldsError([
        { field: input.tradePassword ? 'idempotencyKey' : 'tradePassword', messageKey: 'activity.paymentRequired' },
      ]);
    }
    // The hash costs milliseconds of CPU: checked before any lock is taken.
    await this.deps.trade.verify(user.id, input.tradePassword);
    return once(
      this.db,
      {
        key: input.idempotencyKey,
        userId: user.id,
        operation: 'activity.signUp',
        request: { activityId: input.activityId, ticketTypeId: type.id, answers, inviteCode: input.inviteCode },
      },
      work,
    );
  }

  private assertOpen(row: ActivityRow, now: Date) {
    if (row.status === 'cancelled') throw conflict('activity.cancelled');
    if (row.status !== 'published') throw new AppError(Status.notFound, 'activity.notFound');
    if (phaseOf(row, now) === 'ended') throw conflict('activity.ended');
  }

  private assertOnSale(row: ActivityRow, type: TicketTypeRow, now: Date) {
    if (type.salesStart && now < type.salesStart) throw conflict('activity.salesNotOpen');
    if (now >= (type.salesEnd ?? row.endsAt)) throw conflict('activity.salesClosed');
  }

  private checkAnswers(row: ActivityRow, given: Record<string, string>): Record<string, string> {
    const answers: Record<string, string> = {};
    const problems: { field: string; messageKey: string; params: Record<string, string> }[] = [];
    for (const question of row.questions) {
      const value = given[question.id]?.trim() ?? '';
      const params = { question: question.label };
      if (value === '') {
        if (question.required)
          problems.push({ field: `answers.${question.id}`, messageKey: 'activity.answerRequired', params });
        continue;
      }
      if (question.type === 'choice' && !question.options?.includes(value)) {
        problems.push({ field: `answers.${question.id}`, messageKey: 'activity.answerChoice', params });
        continue;
      }
      answers[question.id] = value;
    }
    if (problems.length > 0) throw new FieldsError(problems);
    return answers;
  }

  /**
   * One sign-up under the activity's lock: a repeat returns the live registration; otherwise the person gets a
   * seat (paid into escrow), or a pending request or waitlist place (price frozen in their own account: held,
   * not taken, until a host approves or a seat frees).
   */
  private async signUpIn(
    tx: Tx,
    userId: number,
    activityId: number,
    typeId: number,
    answers: Record<string, string>,
    inviteCode: string | undefined,
    language: Language | null,
  ): Promise<Registration> {
    const row = await lockActivity(tx, activityId);
    const now = this.deps.now();
    const [existing] = await tx
      .select()
      .from(registrations)
      .where(
        and(
          eq(registrations.activityId, activityId),
          eq(registrations.userId, userId),
          inArray(registrations.status, [...LIVE]),
        ),
      );
    if (existing) return registrationView(tx, row, existing);
    this.assertOpen(row, now);
    const [type] = await tx.select().from(ticketTypes).where(eq(ticketTypes.id, typeId));
    if (!type || type.deletedAt)
      throw new FieldsError([{ field: 'ticketTypeId', messageKey: 'activity.ticketTypeUnknown' }]);
    this.assertOnSale(row, type, now);
    const invited = inviteCode
      ? (
          await tx
            .select({ id: activityInvitations.id })
            .from(activityInvitations)
            .where(and(eq(activityInvitations.activityId, activityId), eq(activityInvitations.code, inviteCode)))
        ).length > 0
      : false;
    const counts = (await seatCounts(tx, [activityId])).get(activityId)!;
    const price = BigInt(type.price);
    const status: Registration['status'] =
      row.requireApproval && !invited ? 'pending' : hasSeat(row, type, counts) ? 'approved' : 'waitlisted';
    const [created] = await tx
      .insert(registrations)
      .values({
        activityId,
        ticketTypeId: type.id,
        userId,
        status,
        code: newTicketCode(),
        assetCode: type.assetCode,
        price: type.price,
        answers,
        inviteCode: invited ? inviteCode : null,
        language,
        createdAt: now,
        updatedAt: now,
        approvedAt: status === 'approved' ? now : null,
      })
      .returning();
    let registration = created!;
    if (price > 0n && status === 'approved') {
      await ledger.transfer(tx, {
        kind: 'ticket_payment',
        asset: type.assetCode!,
        from: { userId },
        to: { system: 'ticket_escrow' },
        amount: price,
        actorId: userId,
        reference: reference(registration.id),
      });
      registration = await this.setPayment(tx, registration.id, { paymentState: 'escrow', paid: price });
    } else if (price > 0n && (status === 'pending' || status === 'waitlisted')) {
      await ledger.freeze(tx, {
        kind: 'ticket_hold',
        asset: type.assetCode!,
        account: { userId },
        amount: price,
        actorId: userId,
        reference: reference(registration.id),
      });
      registration = await this.setPayment(tx, registration.id, { paymentState: 'frozen', paid: price });
    }
    return registrationView(tx, row, registration);
  }

  private async setPayment(
    tx: Tx,
    id: number,
    values: { paymentState: string; paid?: bigint; refunded?: bigint; status?: string; note?: string | null },
  ): Promise<RegistrationRow> {
    const [row] = await tx
      .update(registrations)
      .set({
        paymentState: values.paymentState,
        ...(values.paid !== undefined ? { paid: values.paid.toString() } : {}),
        ...(values.refunded !== undefined ? { refunded: values.refunded.toString() } : {}),
        ...(values.status !== undefined ? { status: values.status } : {}),
        ...(values.note !== undefined ? { note: values.note } : {}),
        updatedAt: this.deps.now(),
      })
      .where(eq(registrations.id, id))
      .returning();
    return row!;
  }

  /** The attendee gives up their place; the refund rule applies, and a freed seat goes to the waitlist. */
  async cancel(user: SessionUser, code: string): Promise<Registration> {
    const activity = await visibleActivity(this.db, code, user.id);
    const { registration, freedSeat } = await this.db.transaction(async (tx) => {
      const row = await lockActivity(tx, activity.row.id);
      const now = this.deps.now();
      const [mine] = await tx
        .select()
        .from(registrations)
        .where(
          and(
            eq(registrations.activityId, row.id),
            eq(registrations.userId, user.id),
            inArray(registrations.status, [...LIVE]),
          ),
        )
        .for('update');
      if (!mine) throw new AppError(Status.notFound, 'activity.notSignedUp');
      if (mine.checkedInAt) throw conflict('activity.checkedInCannotCancel');
      if (now >= row.startsAt) throw conflict('activity.startedCannotCancel');
      const paid = BigInt(mine.paid);
      const asset = mine.assetCode;
      let refunded = BigInt(mine.refunded);
      let paymentState = mine.paymentState;
      let note: string | null = null;
      if (mine.paymentState === 'frozen' && paid > 0n) {
        await ledger.unfreeze(tx, {
          kind: 'ticket_hold_release',
          asset: asset!,
          account: { userId: user.id },
          amount: paid,
          actorId: user.id,
          reference: reference(mine.id),
        });
        refunded = paid;
        paymentState = 'refunded';
      } else if (mine.paymentState === 'escrow' && paid > 0n) {
        const refund = refundOnCancel(paid, row.startsAt, mine.fullRefundUntil, now);
        if (refund > 0n) {
          await ledger.transfer(tx, {
            kind: 'ticket_refund',
            asset: asset!,
            from: { system: 'ticket_escrow' },
            to: { userId: user.id },
            amount: refund,
            actorId: user.id,
            reference: reference(mine.id),
          });
          refunded = refund;
          paymentState = 'refunded';
        } else {
          // Late: the price stays in escrow and is released to the organizer at the end (or refunded if the
          // whole activity is cancelled).
          note = 'lateCancellation';
        }
      }
      const [updated] = await tx
        .update(registrations)
        .set({
          status: 'cancelled',
          paymentState,
          refunded: refunded.toString(),
          note,
          cancelledAt: now,
          updatedAt: now,
        })
        .where(eq(registrations.id, mine.id))
        .returning();
      return { registration: await registrationView(tx, row, updated!), freedSeat: mine.status === 'approved' };
    });
    if (freedSeat) await this.promoteAll(activity.row.id);
    return registration;
  }

  /**
   * Give a confirmed ticket to another user by uid, before the activity starts. It is a gift: what was paid
   * stays in escrow with the ticket, and a later refund goes to whoever holds it then. The ticket gets a new
   * code, so the giver's QR stops working.
   */
  async transferTicket(user: SessionUser, code: string, toUid: string): Promise<Registration> {
    const activity = await visibleActivity(this.db, code, user.id);
    const [recipient] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.uid, Number(toUid)));
    if (!recipient) throw new FieldsError([{ field: 'toUid', messageKey: 'activity.transferRecipientUnknown' }]);
    if (recipient.id === user.id) throw new FieldsError([{ field: 'toUid', messageKey: 'activity.transferToSelf' }]);
    return this.db.transaction(async (tx) => {
      const row = await lockActivity(tx, activity.row.id);
      const now = this.deps.now();
      const live = await tx
        .select()
        .from(registrations)
        .where(
          and(
            eq(registrations.activityId, row.id),
            inArray(registrations.userId, [user.id, recipient.id]),
            inArray(registrations.status, [...LIVE]),
          ),
        )
        .for('update');
      const mine = live.find((registration) => registration.userId === user.id);
      if (!mine) throw new AppError(Status.notFound, 'activity.notSignedUp');
      if (mine.status !== 'approved') throw conflict('activity.ticketTransferNotApproved');
      if (mine.checkedInAt) throw conflict('activity.ticketTransferCheckedIn');
      if (now >= row.startsAt) throw conflict('activity.ticketTransferStarted');
      if (live.some((registration) => registration.userId === recipient.id)) {
        throw new FieldsError(
          [{ field: 'toUid', messageKey: 'activity.transferRecipientRegistered' }],
          Status.conflict,
        );
      }
      const [moved] = await tx
        .update(registrations)
        // The recipient's language is not known: mail about the ticket goes out in two languages.
        .set({ userId: recipient.id, transferredFrom: user.id, code: newTicketCode(), language: null, updatedAt: now })
        .where(eq(registrations.id, mine.id))
        .returning();
      return registrationView(tx, row, moved!);
    });
  }

  /**
   * Fill free seats from the waitlist, in sign-up order. Each promotion is its own transaction with one ledger
   * entry (the held price moves from the person's frozen balance into escrow), so no transaction holds the
   * escrow account while it waits for another account.
   */
  async promoteAll(activityId: number): Promise<{ promoted: number }> {
    let promoted = 0;
    while ((await this.db.transaction((tx) => this.promoteNext(tx, activityId))) === 'promoted') promoted++;
    return { promoted };
  }

  private async promoteNext(tx: Tx, activityId: number, row?: ActivityRow): Promise<'promoted' | 'none'> {
    const activity = row ?? (await lockActivity(tx, activityId));
    const now = this.deps.now();
    if (activity.status !== 'published' || phaseOf(activity, now) === 'ended') return 'none';
    const counts = (await seatCounts(tx, [activityId])).get(activityId)!;
    if (activity.capacity !== null && counts.taken >= activity.capacity) return 'none';
    const waiting = await tx
      .select({ registration: registrations, type: ticketTypes })
      .from(registrations)
      .innerJoin(ticketTypes, eq(ticketTypes.id, registrations.ticketTypeId))
      .where(and(eq(registrations.activityId, activityId), eq(registrations.status, 'waitlisted')))
      .orderBy(asc(registrations.id));
    const next = waiting.find(({ type }) => hasSeat(activity, type, counts));
    if (!next) return 'none';
    const candidate = next.registration;
    const held = BigInt(candidate.paid);
    if (candidate.paymentState === 'frozen' && held > 0n) {
      // The price was held when they joined the waitlist, so promotion cannot fail for want of money.
      await ledger.settleFrozen(tx, {
        kind: 'ticket_payment',
        asset: candidate.assetCode!,
        from: { userId: candidate.userId },
        to: { system: 'ticket_escrow' },
        amount: held,
        reference: reference(candidate.id),
        memo: { promotedFromWaitlist: true },
      });
    }
    await tx
      .update(registrations)
      .set({
        status: 'approved',
        approvedAt: now,
        updatedAt: now,
        ...(candidate.paymentState === 'frozen' ? { paymentState: 'escrow' } : {}),
      })
      .where(eq(registrations.id, candidate.id));
    return 'promoted';
  }

  /** Approve a pending request: it takes a seat, and a frozen price moves into escrow. */
  async approve(hostId: number, code: string, registrationId: number) {
    const activity = await managedActivity(this.db, code, hostId);
    return this.db.transaction(async (tx) => {
      const row = await lockActivity(tx, activity.row.id);
      const mine = await this.lockRegistration(tx, row.id, registrationId);
      if (mine.status !== 'pending') throw conflict('activity.notPending');
      const now = this.deps.now();
      if (row.status === 'cancelled') throw conflict('activity.cancelled');
      if (phaseOf(row, now) === 'ended') throw conflict('activity.ended');
      const [type] = await tx.select().from(ticketTypes).where(eq(ticketTypes.id, mine.ticketTypeId));
      const counts = (await seatCounts(tx, [row.id])).get(row.id)!;
      if (!hasSeat(row, type!, counts)) throw conflict('activity.full');
      const paid = BigInt(mine.paid);
      if (mine.paymentState === 'frozen' && paid > 0n) {
        await ledger.settleFrozen(tx, {
          kind: 'ticket_payment',
          asset: mine.assetCode!,
          from: { userId: mine.userId },
          to: { system: 'ticket_escrow' },
          amount: paid,
          actorId: hostId,
          reference: reference(mine.id),
        });
      }
      const [updated] = await tx
        .update(registrations)
        .set({
          status: 'approved',
          approvedAt: now,
          updatedAt: now,
          paymentState: mine.paymentState === 'frozen' ? 'escrow' : mine.paymentState,
        })
        .where(eq(registrations.id, mine.id))
        .returning();
      return registrationView(tx, row, updated!);
    });
  }

  /** Reject a pending request: the frozen price goes back to the person's available balance. */
  async reject(hostId: number, code: string, registrationId: number) {
    const activity = await managedActivity(this.db, code, hostId);
    return this.db.transaction(async (tx) => {
      const row = await lockActivity(tx, activity.row.id);
      const mine = await this.lockRegistration(tx, row.id, registrationId);
      if (mine.status !== 'pending') throw conflict('activity.notPending');
      const updated = await this.releaseHold(tx, mine, 'rejected', 'rejected', hostId);
      return registrationView(tx, row, updated);
    });
  }

  private async releaseHold(tx: Tx, mine: RegistrationRow, status: string, note: string, actorId?: number) {
    const paid = BigInt(mine.paid);
    if (mine.paymentState === 'frozen' && paid > 0n) {
      await ledger.unfreeze(tx, {
        kind: 'ticket_hold_release',
        asset: mine.assetCode!,
        account: { userId: mine.userId },
        amount: paid,
        actorId,
        reference: reference(mine.id),
      });
    }
    const now = this.deps.now();
    const [updated] = await tx
      .update(registrations)
      .set({
        status,
        note,
        cancelledAt: now,
        updatedAt: now,
        ...(mine.paymentState === 'frozen' ? { paymentState: 'refunded', refunded: mine.paid } : {}),
      })
      .where(eq(registrations.id, mine.id))
      .returning();
    return updated!;
  }

  private async lockRegistration(tx: Tx, activityId: number, registrationId: number): Promise<RegistrationRow> {
    const [row] = await tx
      .select()
      .from(registrations)
      .where(and(eq(registrations.id, registrationId), eq(registrations.activityId, activityId)))
      .for('update');
    if (!row) throw new AppError(Status.notFound, 'http.404');
    return row;
  }

  /**
   * The organizer cancels the activity: every registration ends, and everyone gets back exactly what is still
   * held for them (escrow, including late cancellations' forfeits, and frozen holds). One ledger entry per asset.
   * Everyone whose place ended or whose money came back is mailed, after the commit, through the mail queue.
   */
  async cancelActivity(organizerId: number, code: string) {
    const activity = await managedActivity(this.db, code, organizerId, canCancelActivity);
    return this.db.transaction(async (tx) => {
      const row = await lockActivity(tx, activity.row.id);
      const now = this.deps.now();
      if (row.status === 'cancelled') throw conflict('activity.alreadyCancelled');
      if (row.settledAt) throw conflict('activity.notEditable');
      const all = await tx
        .select()
        .from(registrations)
        .where(eq(registrations.activityId, row.id))
        .orderBy(asc(registrations.id))
        .for('update');
      const movements = new Map<string, Movement[]>();
      const add = (asset: string, ...items: Movement[]) =>
        movements.set(asset, [...(movements.get(asset) ?? []), ...items]);
      const decimals = await assetDecimals(tx);
      const emails = await holderEmails(tx, row.id);
      const notices: QueuedMail[] = [];
      let cancelled = 0;
      for (const registration of all) {
        const remaining = BigInt(registration.paid) - BigInt(registration.refunded);
        const asset = registration.assetCode;
        const account = { userId: registration.userId };
        if (asset && remaining > 0n && registration.paymentState === 'frozen') {
          add(
            asset,
            { account, bucket: 'frozen', amount: -remaining },
            { account, bucket: 'available', amount: remaining },
          );
        }
        if (asset && remaining > 0n && registration.paymentState === 'escrow') {
          add(
            asset,
            { account: { system: 'ticket_escrow' }, bucket: 'available', amount: -remaining },
            { account, bucket: 'available', amount: remaining },
          );
        }
        const live = (LIVE as readonly string[]).includes(registration.status);
        if (live) cancelled++;
        if (live || remaining > 0n) {
          const refundsMoney =
            asset !== null && remaining > 0n && ['frozen', 'escrow'].includes(registration.paymentState);
          notices.push(
            cancelNotice(this.deps.links, row, {
              registrationId: registration.id,
              email: emails.get(registration.id)!,
              language: registration.language,
              refunded: refundsMoney
                ? { amount: formatAmount(remaining, decimalsOf(decimals, asset)), asset: asset! }
                : null,
            }),
          );
          await tx
            .update(registrations)
            .set({
              status: live ? 'cancelled' : registration.status,
              note: live ? 'activityCancelled' : registration.note,
              cancelledAt: live ? now : registration.cancelledAt,
              updatedAt: now,
              ...(refundsMoney ? { paymentState: 'refunded', refunded: registration.paid } : {}),
            })
            .where(eq(registrations.id, registration.id));
        }
      }
      const refunded: { asset: string; amount: string }[] = [];
      // Assets in a fixed order, so two settlements never lock the same accounts in opposite orders.
      for (const asset of [...movements.keys()].sort()) {
        const list = movements.get(asset)!;
        await ledger.post(tx, {
          kind: 'ticket_refund',
          asset,
          movements: list,
          actorId: organizerId,
          reference: `activity:${row.id}`,
          memo: { reason: 'activityCancelled' },
        });
        const total = list.filter((m) => m.amount > 0n && m.bucket === 'available').reduce((s, m) => s + m.amount, 0n);
        refunded.push({ asset, amount: formatAmount(total, decimals.get(asset) ?? 0) });
      }
      await tx
        .update(activities)
        .set({ status: 'cancelled', cancelledAt: now, settledAt: now, updatedAt: now })
        .where(eq(activities.id, row.id));
      await enqueueMail(tx, notices, now);
      return { cancelled, refunded };
    });
  }

  /**
   * Scheduled work, safe in several processes: each activity is claimed with FOR UPDATE SKIP LOCKED.
   * - After the end: pending holds are released, the waitlist is closed, and what is in escrow for the activity
   *   goes into the organizer's creator earnings, frozen until the end plus the payout hold.
   * - Before it: seats freed without a promotion (a crash between a cancellation and its promotion) are filled.
   */
  async processDue(limit = 50): Promise<{ settled: number; promoted: number }> {
    let settled = 0;
    for (let i = 0; i < limit; i++) {
      const done = await this.db.transaction(async (tx) => {
        const now = this.deps.now();
        const claimed = await query<{ id: string }>(
          tx,
          sql`select id from activities where status = 'published' and settled_at is null
              and ends_at <= ${now.toISOString()}::timestamptz
              order by ends_at, id limit 1 for update skip locked`,
        );
        const id = claimed.rows[0] ? Number(claimed.rows[0].id) : null;
        if (id === null) return false;
        await this.settle(tx, id, now);
        return true;
      });
      if (!done) break;
      settled++;
    }

    let promoted = 0;
    const now = this.deps.now();
    const waiting = await query<{ id: string }>(
      this.db,
      sql`select distinct a.id from activities a join registrations r on r.activity_id = a.id and r.status = 'waitlisted'
          where a.status = 'published' and a.ends_at > ${now.toISOString()}::timestamptz limit ${limit}`,
    );
    for (const { id } of waiting.rows) {
      for (;;) {
        const outcome = await this.db.transaction(async (tx) => {
          const claimed = await tx
            .select()
            .from(activities)
            .where(eq(activities.id, Number(id)))
            .for('update', { skipLocked: true });
          // Another process holds it: that process is promoting or settling it right now.
          if (!claimed[0]) return 'none' as const;
          return this.promoteNext(tx, Number(id), claimed[0]);
        });
        if (outcome === 'none') break;
        promoted++;
      }
    }
    return { settled, promoted };
  }

  private async settle(tx: Tx, activityId: number, now: Date) {
    const [row] = await tx.select().from(activities).where(eq(activities.id, activityId));
    const all = await tx
      .select()
      .from(registrations)
      .where(eq(registrations.activityId, activityId))
      .orderBy(asc(registrations.id))
      .for('update');
    const totals = new Map<string, bigint>();
    for (const registration of all) {
      if (registration.status === 'pending') {
        await this.releaseHold(tx, registration, 'rejected', 'expired');
        continue;
      }
      if (registration.status === 'waitlisted') {
        await this.releaseHold(tx, registration, 'cancelled', 'waitlistClosed');
        continue;
      }
      const remaining = BigInt(registration.paid) - BigInt(registration.refunded);
      if (registration.paymentState === 'escrow' && remaining > 0n && registration.assetCode) {
        totals.set(registration.assetCode, (totals.get(registration.assetCode) ?? 0n) + remaining);
        await tx
          .update(registrations)
          .set({ paymentState: 'released', updatedAt: now })
          .where(eq(registrations.id, registration.id));
      }
    }
    // Not the organizer's yet: the hold runs from the end, so moving the start (or the end) closer cannot make
    // the money spendable before attendees could react to the change.
    const releaseAt = new Date(row!.endsAt.getTime() + this.deps.payoutHoldMs);
    for (const asset of [...totals.keys()].sort()) {
      await this.deps.earnings.holdTicketEarnings(tx, {
        organizerId: row!.organizerId,
        activityId,
        asset,
        amount: totals.get(asset)!,
        releaseAt,
        now,
      });
    }
    await tx.update(activities).set({ settledAt: now }).where(eq(activities.id, activityId));
  }

  /** The user's tickets with their activities, soonest first (or latest first for past ones). */
  async myTicketRows(userId: number, when: 'upcoming' | 'past' | 'all', cursor: string | undefined, limit: number) {
    const now = this.deps.now().toISOString();
    const after = cursor && /^\d{1,15}$/.test(cursor) ? Number(cursor) : null;
    const rows = await query<{ id: string }>(
      this.db,
      sql`select r.id from registrations r join activities a on a.id = r.activity_id
          where r.user_id = ${userId}
          ${when === 'upcoming' ? sql`and a.ends_at > ${now}::timestamptz` : when === 'past' ? sql`and a.ends_at <= ${now}::timestamptz` : sql``}
          ${after !== null ? sql`and r.id < ${after}` : sql``}
          order by r.id desc limit ${limit + 1}`,
    );
    const ids = rows.rows.map((row) => Number(row.id));
    const page = ids.slice(0, limit);
    const found = page.length
      ? await this.db
          .select({ registration: registrations, activity: activities })
          .from(registrations)
          .innerJoin(activities, eq(activities.id, registrations.activityId))
          .where(inArray(registrations.id, page))
      : [];
    const ordered = page.map((id) => found.find((row) => row.registration.id === id)!);
    const decimals = await assetDecimals(this.db);
    const items = [];
    for (const { registration, activity } of ordered) {
      items.push({ view: await registrationView(this.db, activity, registration, decimals), activity });
    }
    return { items, nextCursor: ids.length > limit ? String(page[page.length - 1]) : null };
  }
}

import { type Language, type Registration, Status } from '@polaris/contract';
import type { Database, Tx } from '../../db/client.ts';
import { AppError, FieldsError } from '../../platform/errors.ts';
import { once } from '../../platform/idempotency.ts';
import type { SessionUser } from '../../platform/session.ts';
import type { TradePasswordService } from '../security/service.ts';
import { ledger } from '../wallet/ledger.ts';
import {
  type ActivityRow,
  assetDecimals,
  invitationExists,
  type LoadedActivity,
  liveTicketTypes,
  lockActivity,
  type TicketTypeRow,
  ticketTypeById,
  usersByUid,
} from './activities.store.ts';
import { newTicketCode } from './codes.ts';
import { deposits } from './deposit.ts';
import type { DiscoveryService } from './discovery.service.ts';
import type { ActivityEvents } from './events.ts';
import type { ActivityNoticeService } from './notify.service.ts';
import { cancelRegistrationRefusal, placeOf, signUpRefusal, transferTicketRefusal } from './policy.ts';
import type { PromoService } from './promo.service.ts';
import { claimPromoUse, releasePromoUse } from './promo.store.ts';
import {
  insertRegistration,
  liveRegistrationOf,
  lockLiveRegistrations,
  registrationsWithActivities,
  seatCounts,
  ticketIds,
  updateRegistration,
} from './registrations.store.ts';
import { hasSeat, refundOnCancel } from './rules.ts';
import type { SeatService } from './seats.service.ts';
import { registrationReference, registrationView, visibleActivity } from './service.ts';

export interface SignupDeps {
  db: Database;
  now: () => Date;
  trade: TradePasswordService;
  /** Fills a seat an attendee gave up from the waitlist. */
  seats: SeatService;
  /** The activities on the user's tickets. */
  discovery: DiscoveryService;
  events?: ActivityEvents;
  /** Tells the holder and the hosts, after the commit (notify.service.ts). */
  notices?: ActivityNoticeService;
  /** Promo codes: the quote a sign-up is charged by. */
  promos: PromoService;
}

interface SignUpInput {
  activityId: string;
  ticketTypeId?: string;
  answers: Record<string, string>;
  inviteCode?: string;
  promoCode?: string;
  tradePassword?: string;
  idempotencyKey?: string;
  /** The request's language: mail about this place (a change, a cancellation) is written in it. */
  language?: Language;
}

const conflict = (key: string) => new AppError(Status.conflict, key);

/**
 * An attendee's side of a place: signing up (a seat, a pending request or a waitlist place), cancelling, giving
 * the ticket away, and the list of their tickets.
 *
 * Ledger flows (amounts in the ticket's asset):
 * - paid seat: user available → ticket_escrow available (`ticket_payment`)
 * - approval required or waitlisted: user available → user frozen (`ticket_hold`), until a host approves or a
 *   seat frees (seats.service.ts)
 * - cancelling a hold: user frozen → user available (`ticket_hold_release`); cancelling a seat ≥ 24 h before
 *   the start (or before the start, after the organizer changed the start or the venue): ticket_escrow → user
 *   (`ticket_refund`); later, the price stays in escrow for the organizer (settlement.service.ts)
 */
export class SignupService {
  constructor(private readonly deps: SignupDeps) {}

  private get db() {
    return this.deps.db;
  }

  async signUp(user: SessionUser, input: SignUpInput): Promise<Registration> {
    const activity = await visibleActivity(this.db, input.activityId, user.id);
    const now = this.deps.now();
    const refused = signUpRefusal(activity, user.id, now);
    if (refused) throw refused;
    const types = await liveTicketTypes(this.db, [activity.row.id]);
    const type = input.ticketTypeId
      ? types.find((t) => String(t.id) === input.ticketTypeId)
      : types.find((t) => !t.hidden);
    if (!type) throw new FieldsError([{ field: 'ticketTypeId', messageKey: 'activity.ticketTypeUnknown' }]);
    const promoCode = input.promoCode?.trim() || undefined;
    // A hidden type is as unknown as a missing one, unless the code names it.
    if (type.hidden && !promoCode)
      throw new FieldsError([{ field: 'ticketTypeId', messageKey: 'activity.ticketTypeUnknown' }]);
    this.assertOnSale(activity.row, type, now);
    const answers = this.checkAnswers(activity.row, input.answers);
    const quote = promoCode
      ? await this.deps.promos.quote(this.db, activity.row.id, promoCode, type, 'promoCode')
      : undefined;
    // The sign-up's notices are written in its own transaction (the outbox), so one that commits is announced.
    const work = async (tx: Tx) => {
      const made = await this.signUpIn(
        tx,
        user.id,
        activity,
        type.id,
        answers,
        input.inviteCode,
        promoCode,
        input.language ?? null,
        confirmed,
      );
      await this.deps.notices?.later(tx, 'activity.signedUp', { registrationId: Number(made.id) });
      return made;
    };

    // A price (after any code) or a deposit is money frozen: confirmed with the trade password (docs/activities.md
    // "No-show deposit", "Promo codes").
    const confirmed =
      BigInt(type.price) - (quote?.discount ?? 0n) > 0n || (await deposits.required(this.db, activity.row.id));
    const registration = !confirmed
      ? await this.db.transaction(work)
      : await this.paidSignUp(user, input, type, answers, work);
    if (registration.status === 'approved') {
      await this.deps.events?.emit({ type: 'ticketHeld', activityId: activity.row.id, userId: user.id });
    }
    return registration;
  }

  private async paidSignUp(
    user: SessionUser,
    input: SignUpInput,
    type: TicketTypeRow,
    answers: ReturnType<SignupService['checkAnswers']>,
    work: (tx: Tx) => Promise<Registration>,
  ): Promise<Registration> {
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
        request: {
          activityId: input.activityId,
          ticketTypeId: type.id,
          answers,
          inviteCode: input.inviteCode,
          promoCode: input.promoCode,
        },
      },
      work,
    );
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
    activity: LoadedActivity,
    typeId: number,
    answers: Record<string, string>,
    inviteCode: string | undefined,
    promoCode: string | undefined,
    language: Language | null,
    confirmed: boolean,
  ): Promise<Registration> {
    const activityId = activity.row.id;
    const row = await lockActivity(tx, activityId);
    const now = this.deps.now();
    const existing = await liveRegistrationOf(tx, activityId, userId);
    if (existing) return registrationView(tx, row, existing);
    const refused = signUpRefusal({ ...activity, status: row.status, row }, userId, now);
    if (refused) throw refused;
    const type = await ticketTypeById(tx, typeId);
    if (!type || type.deletedAt)
      throw new FieldsError([{ field: 'ticketTypeId', messageKey: 'activity.ticketTypeUnknown' }]);
    this.assertOnSale(row, type, now);
    const invited = inviteCode ? await invitationExists(tx, activityId, inviteCode) : false;
    const counts = (await seatCounts(tx, [activityId])).get(activityId)!;
    const status: Registration['status'] =
      row.requireApproval && !invited ? 'pending' : hasSeat(row, type, counts) ? 'approved' : 'waitlisted';
    // Checked again under the lock; a seat claims the code's use now, a request or a waitlist place when it
    // gets its seat (seats.service.ts), at the price held now.
    const quote = promoCode ? await this.deps.promos.quote(tx, activityId, promoCode, type, 'promoCode') : undefined;
    const claimed = quote !== undefined && status === 'approved';
    if (claimed && !(await claimPromoUse(tx, quote.promo.id)))
      throw new FieldsError([{ field: 'promoCode', messageKey: 'activity.promoUsedUp' }]);
    const discount = quote?.discount ?? 0n;
    const price = BigInt(type.price) - discount;
    let registration = await insertRegistration(tx, {
      activityId,
      ticketTypeId: type.id,
      userId,
      status,
      code: newTicketCode(),
      assetCode: type.assetCode,
      price: type.price,
      discount: discount.toString(),
      promoCodeId: quote?.promo.id ?? null,
      promoUseClaimed: claimed,
      answers,
      inviteCode: invited ? (inviteCode ?? null) : null,
      language,
      createdAt: now,
      updatedAt: now,
      approvedAt: status === 'approved' ? now : null,
    });
    await deposits.hold(tx, registration, confirmed, now);
    if (price > 0n && status === 'approved') {
      await ledger.transfer(tx, {
        kind: 'ticket_payment',
        asset: type.assetCode!,
        from: { userId },
        to: { system: 'ticket_escrow' },
        amount: price,
        actorId: userId,
        reference: registrationReference(registration.id),
      });
      registration = await this.setPaid(tx, registration.id, 'escrow', price);
    } else if (price > 0n && (status === 'pending' || status === 'waitlisted')) {
      await ledger.freeze(tx, {
        kind: 'ticket_hold',
        asset: type.assetCode!,
        account: { userId },
        amount: price,
        actorId: userId,
        reference: registrationReference(registration.id),
      });
      registration = await this.setPaid(tx, registration.id, 'frozen', price);
    }
    return registrationView(tx, row, registration);
  }

  private setPaid(tx: Tx, id: number, paymentState: 'escrow' | 'frozen', paid: bigint) {
    return updateRegistration(tx, id, { paymentState, paid: paid.toString(), updatedAt: this.deps.now() });
  }

  /** The attendee gives up their place; the refund rule applies, and a freed seat goes to the waitlist. */
  async cancel(user: SessionUser, code: string): Promise<Registration> {
    const activity = await visibleActivity(this.db, code, user.id);
    const { registration, freedSeat } = await this.db.transaction(async (tx) => {
      const row = await lockActivity(tx, activity.row.id);
      const now = this.deps.now();
      const [mine] = await lockLiveRegistrations(tx, row.id, [user.id]);
      const refused = cancelRegistrationRefusal({ ...activity, row }, placeOf(mine), now);
      // Without a place the policy refuses: `!mine` only tells the compiler so.
      if (refused || !mine) throw refused;
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
          reference: registrationReference(mine.id),
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
            reference: registrationReference(mine.id),
          });
          refunded = refund;
          paymentState = 'refunded';
        } else {
          // Late: the price stays in escrow and is released to the organizer at the end (or refunded if the
          // whole activity is cancelled).
          note = 'lateCancellation';
        }
      }
      // The seat is free again, and so is the code's use it held (refunded or not).
      if (mine.promoUseClaimed && mine.promoCodeId !== null) await releasePromoUse(tx, mine.promoCodeId);
      await deposits.cancelled(tx, mine, now);
      const updated = await updateRegistration(tx, mine.id, {
        status: 'cancelled',
        paymentState,
        refunded: refunded.toString(),
        note,
        cancelledAt: now,
        updatedAt: now,
        promoUseClaimed: false,
      });
      // No notice of its own, but a Wallet pass of this ticket must hear of it even if the process dies next.
      await this.deps.events?.recorded(tx, 'activity.ticketCancelled', { registrationId: mine.id });
      return { registration: await registrationView(tx, row, updated), freedSeat: mine.status === 'approved' };
    });
    await this.deps.events?.emit({ type: 'ticketGone', activityId: activity.row.id, userId: user.id });
    await this.deps.notices?.ticketLeft(user.id, activity.row.code, Number(registration.refunded) > 0);
    if (freedSeat) await this.deps.seats.promoteAll(activity.row.id);
    return registration;
  }

  /**
   * Give a confirmed ticket to another user by uid, before the activity starts. It is a gift: what was paid
   * stays in escrow with the ticket, and a later refund goes to whoever holds it then. The ticket gets a new
   * code, so the giver's QR stops working.
   */
  async transferTicket(user: SessionUser, code: string, toUid: string): Promise<Registration> {
    const activity = await visibleActivity(this.db, code, user.id);
    const [recipient] = await usersByUid(this.db, [Number(toUid)]);
    if (!recipient) throw new FieldsError([{ field: 'toUid', messageKey: 'activity.transferRecipientUnknown' }]);
    if (recipient.id === user.id) throw new FieldsError([{ field: 'toUid', messageKey: 'activity.transferToSelf' }]);
    const moved = await this.db.transaction(async (tx) => {
      const row = await lockActivity(tx, activity.row.id);
      const now = this.deps.now();
      const live = await lockLiveRegistrations(tx, row.id, [user.id, recipient.id]);
      const mine = live.find((registration) => registration.userId === user.id);
      const refused = transferTicketRefusal({ ...activity, row }, placeOf(mine), now);
      // Without a place the policy refuses: `!mine` only tells the compiler so.
      if (refused || !mine) throw refused;
      await deposits.refuseTransfer(tx, row.id);
      if (live.some((registration) => registration.userId === recipient.id)) {
        throw new FieldsError(
          [{ field: 'toUid', messageKey: 'activity.transferRecipientRegistered' }],
          Status.conflict,
        );
      }
      const moved = await updateRegistration(tx, mine.id, {
        userId: recipient.id,
        transferredFrom: user.id,
        code: newTicketCode(),
        // The recipient's language is not known: mail about the ticket goes out in two languages.
        language: null,
        // The giver's address for the attendance NFT is not the recipient's: theirs is custody until they choose.
        nftAddress: null,
        updatedAt: now,
      });
      // The recipient is confirmed as a sign-up would be (with their own invite); the hosts already heard of it.
      await this.deps.notices?.later(tx, 'activity.signedUp', { registrationId: moved.id });
      return registrationView(tx, row, moved);
    });
    await this.deps.events?.emit({ type: 'ticketGone', activityId: activity.row.id, userId: user.id });
    await this.deps.events?.emit({ type: 'ticketHeld', activityId: activity.row.id, userId: recipient.id });
    await this.deps.notices?.ticketLeft(user.id, activity.row.code, false);
    return moved;
  }

  /** The user's tickets with their activities, newest first, each with its QR payload while valid. */
  async tickets(userId: number, input: { when: 'upcoming' | 'past' | 'all'; cursor?: string; limit: number }) {
    const before = input.cursor && /^\d{1,15}$/.test(input.cursor) ? Number(input.cursor) : null;
    const ids = await ticketIds(this.db, userId, {
      when: input.when,
      before,
      limit: input.limit + 1,
      now: this.deps.now(),
    });
    const page = ids.slice(0, input.limit);
    const found = await registrationsWithActivities(this.db, page);
    const ordered = page.map((id) => found.find((row) => row.registration.id === id)!);
    const decimals = await assetDecimals(this.db);
    const views = [];
    for (const { registration, activity } of ordered) {
      views.push(await registrationView(this.db, activity, registration, decimals));
    }
    const summaries = await this.deps.discovery.summaries(ordered.map((item) => item.activity));
    return {
      items: views.map((view, index) => ({ ...view, activity: summaries[index]! })),
      nextCursor: ids.length > input.limit ? String(page[page.length - 1]) : null,
    };
  }
}

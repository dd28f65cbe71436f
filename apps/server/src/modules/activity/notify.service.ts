import type { FastifyBaseLogger } from 'fastify';
import type { Database, Tx } from '../../db/client.ts';
import type { Links } from '../../platform/links.ts';
import { noticeDate, noticeWord } from '../../platform/notice-format.ts';
import type { NoticeEvent, Notifier, OutboxHandlers } from '../notifications/events.ts';
import { type ActivityRow, activityById, assetDecimals, findActivity, peopleById } from './activities.store.ts';
import { depositTerms } from './deposit.store.ts';
import type { ActivityEvents } from './events.ts';
import { activityParams, calendarInvite, leadText, money, NOTICE_LINKS } from './notices.ts';
import {
  claimReminder,
  dueReminders,
  type Holder,
  type HolderRow,
  holderOfPlace,
  holdersOf,
  holdersOfPlaces,
} from './notify.store.ts';
import { decimalsOf } from './presenter.ts';
import type { RegistrationRow } from './registrations.store.ts';
import { seatCounts } from './registrations.store.ts';

export interface ActivityNoticeDeps {
  db: Database;
  now: () => Date;
  links: Links;
  /** The notifications module's port; without it (tests that build services by hand) nothing is announced. */
  notifier?: Notifier;
  /** The mail address invitations name as their ORGANIZER (MAIL_FROM's): attendees never see a host's own address. */
  mailbox: string;
  /** Reminders before the start, in minutes (NOTICE_REMINDER_LEADS). */
  reminderLeads: readonly number[];
  /** The holders' email addresses by id (the user module's `UserService.emailsOf`), for their calendar invites. */
  emailsOf: (userIds: number[]) => Promise<Map<number, string>>;
  log?: FastifyBaseLogger;
  /** Each topic written is also a change its followers record in the transaction (`ActivityEvents.recorded`). */
  events?: ActivityEvents;
}

/** What one attendee's place ended with, for the cancellation notice: what came back to them (base units, JSON). */
export interface CancelledPlace {
  registrationId: number;
  refunded: { units: string; asset: string } | null;
  /** Whether the place held a seat (it had a calendar invite to cancel). */
  hadSeat: boolean;
}

/** A creator earning whose payout hold passed (its amount in base units, JSON). */
interface ReleasedEarning {
  id: number;
  activityId: number;
  payeeId: number;
  asset: string;
  amount: string;
}

type ActivityTopics = ActivityNoticeService['topics'];

type PlaceKind = 'registrationConfirmed' | 'registrationPending' | 'registrationApproved' | 'waitlistPromoted';

/**
 * The activity's notices: the other activity services write what happened into the notice outbox inside their
 * transaction (`later`), and the outbox worker runs the topic's handler here once it has committed: it loads what
 * the notice says (written in each reader's language when read) and hands it to the Notifier. One event per
 * recipient, keyed so that a second run, a replay or a second process notifies nobody twice (docs/notifications.md,
 * "Events: activities, with email and calendar invites"). A handler throws when the notices could not be recorded,
 * and the outbox tries it again.
 */
export class ActivityNoticeService {
  constructor(private readonly deps: ActivityNoticeDeps) {}

  /** The outbox handlers (registered in app-modules.ts); each payload is what `later` wrote. */
  readonly topics = {
    'activity.signedUp': (p: { registrationId: number }) => this.signedUp(p.registrationId),
    'activity.approved': (p: { registrationId: number }) => this.placeChanged(p.registrationId, 'registrationApproved'),
    'activity.promoted': (p: { registrationId: number }) => this.placeChanged(p.registrationId, 'waitlistPromoted'),
    'activity.declined': (p: { registrationId: number }) => this.declined(p.registrationId),
    'activity.changed': (p: { activityId: number }) => this.changed(p.activityId),
    'activity.cancelled': (p: { activityId: number; places: CancelledPlace[] }) =>
      this.cancelled(p.activityId, p.places),
    'activity.checkedIn': (p: { registrationId: number }) => this.checkedIn(p.registrationId),
    'activity.payoutReleased': (p: ReleasedEarning) => this.payoutReleased(p),
    'activity.reminder': (p: { activityId: number; lead: number }) => this.remind(p.activityId, p.lead),
  } satisfies OutboxHandlers;

  /** Inside the change's transaction: the topic is announced once it commits (nothing without a notifier). */
  async later<K extends keyof ActivityTopics>(tx: Tx, topic: K, payload: Parameters<ActivityTopics[K]>[0]) {
    await this.deps.notifier?.later(tx, topic, payload);
    await this.deps.events?.recorded(tx, topic, payload);
  }

  private get db() {
    return this.deps.db;
  }

  /** Runs one announcement (nothing without a notifier); throws when it must be tried again. */
  private async announce(work: (notifier: Notifier) => Promise<void>): Promise<void> {
    const notifier = this.deps.notifier;
    if (!notifier) return;
    await work(notifier);
  }

  /** Live refreshes only (no notice): nothing is lost if one fails, so it is logged. */
  private async refresh(what: string, work: (notifier: Notifier) => Promise<void>): Promise<void> {
    try {
      await this.announce(work);
    } catch (error) {
      this.deps.log?.error({ err: error, notice: what }, 'activity refresh failed');
    }
  }

  /** Holders with the address their invites go to, and the name that falls back to its local part. */
  private async withEmails(rows: HolderRow[]): Promise<Holder[]> {
    const emails = await this.deps.emailsOf(rows.map((row) => row.userId));
    return rows.map((row) => {
      const email = emails.get(row.userId) ?? '';
      return { ...row, email, name: row.name ?? email.split('@')[0] ?? '' };
    });
  }

  private async holderOfPlace(registrationId: number): Promise<Holder | undefined> {
    const row = await holderOfPlace(this.db, registrationId);
    return row ? (await this.withEmails([row]))[0] : undefined;
  }

  private async holdersOf(activityId: number, statuses: readonly RegistrationRow['status'][]): Promise<Holder[]> {
    return this.withEmails(await holdersOf(this.db, activityId, statuses));
  }

  private async holdersOfPlaces(registrationIds: number[]): Promise<Holder[]> {
    return this.withEmails(await holdersOfPlaces(this.db, registrationIds));
  }

  private async organizerOf(activity: ActivityRow) {
    const organizer = (await peopleById(this.db, [activity.organizerId])).get(activity.organizerId);
    return { name: organizer?.name ?? 'Polaris', email: this.deps.mailbox };
  }

  /** The calendar invite of one holder's place (`organizer` loaded once for a fan-out). */
  private async invite(
    activity: ActivityRow,
    holder: Holder,
    method: 'REQUEST' | 'CANCEL',
    organizer?: { name: string; email: string },
  ) {
    return calendarInvite(
      activity,
      {
        organizer: organizer ?? (await this.organizerOf(activity)),
        attendee: { name: holder.name, email: holder.email },
        url: this.deps.links.activity(activity.code),
      },
      method,
      this.deps.now(),
    );
  }

  /** A notice to one holder about their place. */
  private async placeEvent(activity: ActivityRow, holder: Holder, kind: PlaceKind | 'registrationDeclined') {
    const withInvite = kind !== 'registrationPending' && kind !== 'registrationDeclined';
    const event: NoticeEvent = {
      kind,
      key: `${kind}:${holder.registrationId}`,
      userIds: [holder.userId],
      params: activityParams(activity),
      link: NOTICE_LINKS.activity(activity.code),
    };
    if (withInvite) event.attachments = [await this.invite(activity, holder, 'REQUEST')];
    return event;
  }

  /** The organizer and co-hosts, each told once per place. */
  private async hostEvents(
    activity: ActivityRow,
    holder: Holder,
    kind: 'newRegistration' | 'approvalNeeded',
  ): Promise<NoticeEvent[]> {
    const loaded = await findActivity(this.db, activity.code);
    const hosts = [activity.organizerId, ...(loaded?.cohostIds ?? [])].filter((id) => id !== holder.userId);
    if (hosts.length === 0) return [];
    const going = (await seatCounts(this.db, [activity.id])).get(activity.id)?.taken ?? 0;
    return [
      {
        kind,
        key: `${kind}:${holder.registrationId}`,
        userIds: hosts,
        params: { title: activity.title, name: holder.name, going },
        link: NOTICE_LINKS.manage(activity.code),
      },
    ];
  }

  /**
   * A sign-up committed: a seat (confirmed, with the invite; the hosts hear of a new registration), a request
   * waiting for approval (the hosts are asked), or a waitlist place (nothing yet: the promotion will tell).
   */
  private signedUp(registrationId: number): Promise<void> {
    return this.announce(async (notifier) => {
      const holder = await this.holderOfPlace(registrationId);
      if (!holder) return;
      const activity = await this.activityOf(holder);
      if (holder.status === 'approved') {
        await notifier.deliver([
          await this.placeEvent(activity, holder, 'registrationConfirmed'),
          ...(await this.hostEvents(activity, holder, 'newRegistration')),
        ]);
      } else if (holder.status === 'pending') {
        await notifier.deliver([
          await this.placeEvent(activity, holder, 'registrationPending'),
          ...(await this.hostEvents(activity, holder, 'approvalNeeded')),
        ]);
      }
    });
  }

  /** A host approved a request, or a waitlisted place got a seat (its held price moved into escrow): with the invite. */
  private placeChanged(registrationId: number, kind: 'registrationApproved' | 'waitlistPromoted') {
    return this.announce(async (notifier) => {
      const holder = await this.holderOfPlace(registrationId);
      if (holder?.status !== 'approved') return;
      const activity = await this.activityOf(holder);
      await notifier.deliver([await this.placeEvent(activity, holder, kind)]);
      if (BigInt(holder.paid) > 0n) await notifier.changed([holder.userId], 'wallet');
    });
  }

  /** A host declined a request: anything held came back. */
  private declined(registrationId: number): Promise<void> {
    return this.announce(async (notifier) => {
      const holder = await this.holderOfPlace(registrationId);
      if (!holder) return;
      const activity = await this.activityOf(holder);
      await notifier.deliver([await this.placeEvent(activity, holder, 'registrationDeclined')]);
      if (BigInt(holder.refunded) > 0n) await notifier.changed([holder.userId], 'wallet');
    });
  }

  /** The holder gave up their place (or gave the ticket away): their ticket screen and, when money came back, their wallet. */
  ticketLeft(userId: number, code: string, refunded: boolean): Promise<void> {
    return this.refresh('ticketLeft', async (notifier) => {
      await notifier.changed([userId], 'ticket', code);
      if (refunded) await notifier.changed([userId], 'wallet');
    });
  }

  /**
   * The start or the venue changed (the activity's calendar_sequence was raised in that transaction): every
   * live place hears what it is now, once per revision; a seat gets the updated invite (same UID, higher
   * SEQUENCE), and a paid place its full-refund right.
   */
  private changed(activityId: number): Promise<void> {
    return this.announce(async (notifier) => {
      const activity = await activityById(this.db, activityId);
      const holders = await this.holdersOf(activityId, ['approved', 'pending', 'waitlisted']);
      const decimals = await assetDecimals(this.db);
      const organizer = await this.organizerOf(activity);
      const events: NoticeEvent[] = [];
      for (const holder of holders) {
        const params = activityParams(activity);
        const refund =
          holder.fullRefundUntil && holder.assetCode && BigInt(holder.paid) > 0n
            ? noticeWord('refundRight', {
                amount: money(BigInt(holder.paid), decimalsOf(decimals, holder.assetCode), holder.assetCode),
                until: noticeDate(holder.fullRefundUntil, activity.timezone),
              })
            : '';
        const event: NoticeEvent = {
          kind: 'activityChanged',
          key: `activityChanged:${activity.id}:${activity.calendarSequence}`,
          userIds: [holder.userId],
          params: { ...params, refund },
          link: NOTICE_LINKS.activity(activity.code),
        };
        if (holder.status === 'approved') {
          event.attachments = [await this.invite(activity, holder, 'REQUEST', organizer)];
        }
        events.push(event);
      }
      await notifier.deliver(events);
    });
  }

  /** The organizer cancelled the activity: each place hears it once, with what came back and the CANCEL invite. */
  private cancelled(activityId: number, places: CancelledPlace[]): Promise<void> {
    return this.announce(async (notifier) => {
      const activity = await activityById(this.db, activityId);
      const holders = new Map(
        (await this.holdersOfPlaces(places.map((place) => place.registrationId))).map((holder) => [
          holder.registrationId,
          holder,
        ]),
      );
      const decimals = await assetDecimals(this.db);
      const organizer = await this.organizerOf(activity);
      const events: NoticeEvent[] = [];
      const refundedUsers: number[] = [];
      for (const place of places) {
        const holder = holders.get(place.registrationId);
        if (!holder) continue;
        const refund = place.refunded
          ? noticeWord('refunded', {
              amount: money(
                BigInt(place.refunded.units),
                decimalsOf(decimals, place.refunded.asset),
                place.refunded.asset,
              ),
            })
          : noticeWord('noRefund');
        const event: NoticeEvent = {
          kind: 'activityCancelled',
          key: `activityCancelled:${activity.id}:${holder.registrationId}`,
          userIds: [holder.userId],
          params: { ...activityParams(activity), refund },
          link: NOTICE_LINKS.activity(activity.code),
        };
        if (place.hadSeat) event.attachments = [await this.invite(activity, holder, 'CANCEL', organizer)];
        events.push(event);
        if (place.refunded) refundedUsers.push(holder.userId);
      }
      await notifier.deliver(events);
      const everyone = [...new Set(events.flatMap((event) => event.userIds))];
      await notifier.changed(everyone, 'ticket', activity.code);
      if (refundedUsers.length > 0) await notifier.changed([...new Set(refundedUsers)], 'wallet');
    });
  }

  /** A ticket was checked in and its attendance collectible minted: the holder's open ticket turns "checked in". */
  private checkedIn(registrationId: number): Promise<void> {
    return this.announce(async (notifier) => {
      const holder = await this.holderOfPlace(registrationId);
      if (!holder) return;
      const activity = await this.activityOf(holder);
      await notifier.changed([holder.userId], 'ticket', activity.code);
      await notifier.deliver([
        {
          kind: 'checkedIn',
          key: `checkedIn:${holder.registrationId}`,
          userIds: [holder.userId],
          params: { title: activity.title },
          link: NOTICE_LINKS.nfts,
        },
      ]);
    });
  }

  /** A check-in was undone: the holder's open ticket shows its QR code again. */
  ticketChanged(registrationId: number): Promise<void> {
    return this.refresh('ticketChanged', async (notifier) => {
      const holder = await this.holderOfPlace(registrationId);
      if (!holder) return;
      await notifier.changed([holder.userId], 'ticket', (await this.activityOf(holder)).code);
    });
  }

  /** A creator earning from an activity passed its payout hold: its payee (organizer, co-host or referrer) hears. */
  private payoutReleased(earning: ReleasedEarning) {
    return this.announce(async (notifier) => {
      const activity = await activityById(this.db, earning.activityId);
      const decimals = await assetDecimals(this.db);
      await notifier.deliver([
        {
          kind: 'payoutReleased',
          key: `payoutReleased:${earning.id}`,
          userIds: [earning.payeeId],
          params: {
            title: activity.title,
            amount: money(BigInt(earning.amount), decimalsOf(decimals, earning.asset), earning.asset),
          },
          link: NOTICE_LINKS.earnings,
        },
      ]);
      await notifier.changed([earning.payeeId], 'wallet');
    });
  }

  /**
   * Scheduled work (the `reminders` worker), safe in several processes: for each lead, the activities whose
   * reminder is due (notify.store.ts `dueReminders`) are claimed one by one with an insert into
   * `activity_reminders` that only one process gets (its primary key), and the same transaction writes the
   * reminder into the notice outbox, whose worker tells every holder of an approved ticket, with the invite.
   */
  async remindDue(limit = 50): Promise<{ reminded: number }> {
    if (!this.deps.notifier) return { reminded: 0 };
    let reminded = 0;
    for (const lead of this.deps.reminderLeads) {
      for (const activityId of await dueReminders(this.db, this.deps.now(), lead, limit)) {
        const claimed = await this.db.transaction(async (tx) => {
          if (!(await claimReminder(tx, activityId, lead, this.deps.now()))) return false;
          await this.later(tx, 'activity.reminder', { activityId, lead });
          return true;
        });
        if (claimed) reminded++;
      }
    }
    return { reminded };
  }

  private remind(activityId: number, lead: number): Promise<void> {
    return this.announce(async (notifier) => {
      const activity = await activityById(this.db, activityId);
      const organizer = await this.organizerOf(activity);
      // A no-show deposit is said again where people decide whether to come (docs/activities.md "No-show deposit").
      const terms = await depositTerms(this.db, activityId);
      const decimals = terms ? await assetDecimals(this.db) : new Map<string, number>();
      const deposit = terms
        ? noticeWord('depositReminder', {
            amount: money(BigInt(terms.amount), decimalsOf(decimals, terms.assetCode), terms.assetCode),
          })
        : '';
      const events: NoticeEvent[] = [];
      for (const holder of await this.holdersOf(activityId, ['approved'])) {
        events.push({
          kind: 'activityReminder',
          key: `activityReminder:${activity.id}:${lead}`,
          userIds: [holder.userId],
          params: { ...activityParams(activity), lead: leadText(lead), deposit },
          link: NOTICE_LINKS.activity(activity.code),
          attachments: [await this.invite(activity, holder, 'REQUEST', organizer)],
        });
      }
      await notifier.deliver(events);
    });
  }

  private activityOf(holder: Holder): Promise<ActivityRow> {
    return activityById(this.db, holder.activityId);
  }
}

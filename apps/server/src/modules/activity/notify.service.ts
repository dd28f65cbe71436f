import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { Links } from '../../platform/links.ts';
import { noticeDate, noticeWord } from '../../platform/notice-format.ts';
import type { NoticeEvent, Notifier } from '../notifications/events.ts';
import { type ActivityRow, activityById, assetDecimals, findActivity, peopleById } from './activities.store.ts';
import { activityParams, calendarInvite, leadText, money, NOTICE_LINKS } from './notices.ts';
import { claimReminder, dueReminders, type Holder, holderOfPlace, holdersOf, holdersOfPlaces } from './notify.store.ts';
import { decimalsOf } from './presenter.ts';
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
  log?: FastifyBaseLogger;
}

/** What one attendee's place ended with, for the cancellation notice: what came back to them. */
export interface CancelledPlace {
  registrationId: number;
  refunded: { units: bigint; asset: string } | null;
  /** Whether the place held a seat (it had a calendar invite to cancel). */
  hadSeat: boolean;
}

type PlaceKind = 'registrationConfirmed' | 'registrationPending' | 'registrationApproved' | 'waitlistPromoted';

/**
 * The activity's notices: the other activity services call it after their transaction commits, and it loads
 * what the notice says (written in each reader's language when read) and hands it to the Notifier.
 * One event per recipient, keyed so that a retry, a replay or a second process notifies nobody twice
 * (docs/notifications.md, "Events: activities, with email and calendar invites"). Never throws: the change it reports has committed.
 */
export class ActivityNoticeService {
  constructor(private readonly deps: ActivityNoticeDeps) {}

  private get db() {
    return this.deps.db;
  }

  /** Runs one announcement; a failure is logged and swallowed. */
  private async safely(what: string, work: (notifier: Notifier) => Promise<void>): Promise<void> {
    const notifier = this.deps.notifier;
    if (!notifier) return;
    try {
      await work(notifier);
    } catch (error) {
      this.deps.log?.error({ err: error, notice: what }, 'activity notice failed');
    }
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
  signedUp(registrationId: number): Promise<void> {
    return this.safely('signedUp', async (notifier) => {
      const holder = await holderOfPlace(this.db, registrationId);
      if (!holder) return;
      const activity = await this.activityOf(holder);
      if (holder.status === 'approved') {
        await notifier.notify([
          await this.placeEvent(activity, holder, 'registrationConfirmed'),
          ...(await this.hostEvents(activity, holder, 'newRegistration')),
        ]);
      } else if (holder.status === 'pending') {
        await notifier.notify([
          await this.placeEvent(activity, holder, 'registrationPending'),
          ...(await this.hostEvents(activity, holder, 'approvalNeeded')),
        ]);
      }
    });
  }

  /** A host approved a request (with the invite). */
  approved(registrationId: number): Promise<void> {
    return this.placeChanged(registrationId, 'registrationApproved');
  }

  /** A waitlisted place got a seat (with the invite); the held price moved into escrow. */
  promoted(registrationId: number): Promise<void> {
    return this.placeChanged(registrationId, 'waitlistPromoted');
  }

  private placeChanged(registrationId: number, kind: 'registrationApproved' | 'waitlistPromoted') {
    return this.safely(kind, async (notifier) => {
      const holder = await holderOfPlace(this.db, registrationId);
      if (holder?.status !== 'approved') return;
      const activity = await this.activityOf(holder);
      await notifier.notify([await this.placeEvent(activity, holder, kind)]);
      if (BigInt(holder.paid) > 0n) await notifier.changed([holder.userId], 'wallet');
    });
  }

  /** A host declined a request: anything held came back. */
  declined(registrationId: number): Promise<void> {
    return this.safely('declined', async (notifier) => {
      const holder = await holderOfPlace(this.db, registrationId);
      if (!holder) return;
      const activity = await this.activityOf(holder);
      await notifier.notify([await this.placeEvent(activity, holder, 'registrationDeclined')]);
      if (BigInt(holder.refunded) > 0n) await notifier.changed([holder.userId], 'wallet');
    });
  }

  /** The holder gave up their place (or gave the ticket away): their ticket screen and, when money came back, their wallet. */
  ticketLeft(userId: number, code: string, refunded: boolean): Promise<void> {
    return this.safely('ticketLeft', async (notifier) => {
      await notifier.changed([userId], 'ticket', code);
      if (refunded) await notifier.changed([userId], 'wallet');
    });
  }

  /**
   * The start or the venue changed (the activity's calendar_sequence was raised in that transaction): every
   * live place hears what it is now, once per revision; a seat gets the updated invite (same UID, higher
   * SEQUENCE), and a paid place its full-refund right.
   */
  changed(activityId: number): Promise<void> {
    return this.safely('changed', async (notifier) => {
      const activity = await activityById(this.db, activityId);
      const holders = await holdersOf(this.db, activityId, ['approved', 'pending', 'waitlisted']);
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
      await notifier.notify(events);
    });
  }

  /** The organizer cancelled the activity: each place hears it once, with what came back and the CANCEL invite. */
  cancelled(activityId: number, places: CancelledPlace[]): Promise<void> {
    return this.safely('cancelled', async (notifier) => {
      const activity = await activityById(this.db, activityId);
      const holders = new Map(
        (
          await holdersOfPlaces(
            this.db,
            places.map((place) => place.registrationId),
          )
        ).map((holder) => [holder.registrationId, holder]),
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
              amount: money(place.refunded.units, decimalsOf(decimals, place.refunded.asset), place.refunded.asset),
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
      await notifier.notify(events);
      const everyone = [...new Set(events.flatMap((event) => event.userIds))];
      await notifier.changed(everyone, 'ticket', activity.code);
      if (refundedUsers.length > 0) await notifier.changed([...new Set(refundedUsers)], 'wallet');
    });
  }

  /** A ticket was checked in and its attendance collectible minted: the holder's open ticket turns "checked in". */
  checkedIn(registrationId: number): Promise<void> {
    return this.safely('checkedIn', async (notifier) => {
      const holder = await holderOfPlace(this.db, registrationId);
      if (!holder) return;
      const activity = await this.activityOf(holder);
      await notifier.changed([holder.userId], 'ticket', activity.code);
      await notifier.notify([
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
    return this.safely('ticketChanged', async (notifier) => {
      const holder = await holderOfPlace(this.db, registrationId);
      if (!holder) return;
      await notifier.changed([holder.userId], 'ticket', (await this.activityOf(holder)).code);
    });
  }

  /** A creator earning from an activity passed its payout hold: its payee (organizer, co-host or referrer) hears. */
  payoutReleased(earning: { id: number; activityId: number; payeeId: number; asset: string; amount: bigint }) {
    return this.safely('payoutReleased', async (notifier) => {
      const activity = await activityById(this.db, earning.activityId);
      const decimals = await assetDecimals(this.db);
      await notifier.notify([
        {
          kind: 'payoutReleased',
          key: `payoutReleased:${earning.id}`,
          userIds: [earning.payeeId],
          params: {
            title: activity.title,
            amount: money(earning.amount, decimalsOf(decimals, earning.asset), earning.asset),
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
   * `activity_reminders` that only one process gets (its primary key), and the claimer tells every holder of an
   * approved ticket, with the invite. A crash between the claim and the notices loses that reminder; the notices'
   * keys make a second announcement harmless, never the other way round.
   */
  async remindDue(limit = 50): Promise<{ reminded: number }> {
    if (!this.deps.notifier) return { reminded: 0 };
    let reminded = 0;
    for (const lead of this.deps.reminderLeads) {
      for (const activityId of await dueReminders(this.db, this.deps.now(), lead, limit)) {
        const claimed = await this.db.transaction((tx) => claimReminder(tx, activityId, lead, this.deps.now()));
        if (!claimed) continue;
        await this.remind(activityId, lead);
        reminded++;
      }
    }
    return { reminded };
  }

  private remind(activityId: number, lead: number): Promise<void> {
    return this.safely('reminder', async (notifier) => {
      const activity = await activityById(this.db, activityId);
      const organizer = await this.organizerOf(activity);
      const events: NoticeEvent[] = [];
      for (const holder of await holdersOf(this.db, activityId, ['approved'])) {
        events.push({
          kind: 'activityReminder',
          key: `activityReminder:${activity.id}:${lead}`,
          userIds: [holder.userId],
          params: { ...activityParams(activity), lead: leadText(lead) },
          link: NOTICE_LINKS.activity(activity.code),
          attachments: [await this.invite(activity, holder, 'REQUEST', organizer)],
        });
      }
      await notifier.notify(events);
    });
  }

  private activityOf(holder: Holder): Promise<ActivityRow> {
    return activityById(this.db, holder.activityId);
  }
}

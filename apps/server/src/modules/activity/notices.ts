import { href, type Language, PATHS, zoneLabel } from '@polaris/contract';
import { DATE_LOCALE } from '../../platform/date-locale.ts';
import { type IcsMethod, type IcsPerson, renderCalendar } from '../../platform/ics.ts';
import { noticeDate as dateParam, type NoticeParams, noticeAmount, noticeWord } from '../../platform/notice-format.ts';
import { cityName } from '../../platform/places/cities.ts';
import type { NoticeEvent } from '../notifications/events.ts';
import type { ActivityRow } from './activities.store.ts';

/** Locale tags for dates in mail, per interface language. */

type NoticeActivity = Pick<ActivityRow, 'code' | 'title' | 'startsAt' | 'timezone' | 'onlineUrl' | 'city' | 'address'>;

/**
 * The texts of the activity's notices (`notice.<kind>` in the catalogues) take their params from here: dates in
 * the activity's own time zone, places, amounts with their asset, reminder leads (dates, places and leads written in
 * the reader's language when the notice is read); and the calendar invite a notice's email carries. Pure:
 * notify.service.ts loads and sends.
 */

/** Where a tap on a notice opens: pages of the one path map (the contract's `PATHS`). */
export const NOTICE_LINKS = {
  /** The activity's page: a holder sees their place and its ticket QR there. */
  activity: (code: string) => href(PATHS.activityDetails, { id: code }),
  /** My attendance collectibles. */
  nfts: PATHS.myNft,
  manage: (code: string) => href(PATHS.manageActivity, { id: code }),
  /** The creator's earnings by day. */
  earnings: PATHS.creatorStatistics,
};

/** An amount with its asset, as the notices print it: every digit, in the reader's language (`10.00 USDT`). */
export const money = noticeAmount;

/** A reminder's lead in words: `in 24 h`, `in 90 min`. */
export function leadText(minutes: number) {
  return minutes % 60 === 0 ? noticeWord('leadHours', { hours: minutes / 60 }) : noticeWord('leadMinutes', { minutes });
}

/** The params every attendee notice about an activity uses: its title (literal), when and where. */
export function activityParams(activity: NoticeActivity): NoticeParams {
  return {
    title: activity.title,
    date: dateParam(activity.startsAt, activity.timezone),
    place:
      activity.onlineUrl !== null
        ? noticeWord('online')
        : { place: { address: activity.address ?? null, city: activity.city ?? null } },
  };
}

type InviteActivity = NoticeActivity & Pick<ActivityRow, 'endsAt' | 'calendarSequence' | 'updatedAt'>;

/**
 * The activity as one attendee's calendar invitation (RFC 5546): METHOD:REQUEST for a confirmed place, its
 * reminders and changes, METHOD:CANCEL when the activity is cancelled. The UID is the activity's (the same as in
 * the calendar feed), so a calendar keeps one event and each invite updates it; SEQUENCE is the activity's
 * `calendar_sequence`, raised with each change of time or venue and with the cancellation.
 */
export function calendarInvite(
  activity: InviteActivity,
  people: { organizer: IcsPerson; attendee: IcsPerson; url: string },
  method: Extract<IcsMethod, 'REQUEST' | 'CANCEL'>,
  now: Date,
): NonNullable<NoticeEvent['attachments']>[number] {
  // The invitation goes to calendar apps in no one language: the city's English name.
  const city = activity.city === null ? null : cityName(activity.city, 'en');
  const place = [activity.address, city].filter((part): part is string => !!part).join(', ');
  const content = renderCalendar(
    null,
    [
      {
        uid: `activity-${activity.code}@polaris`,
        title: activity.title,
        startsAt: activity.startsAt,
        endsAt: activity.endsAt,
        location: place || (activity.onlineUrl !== null ? 'Online' : null),
        url: people.url,
        status: method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED',
        updatedAt: now,
        sequence: activity.calendarSequence,
        organizer: people.organizer,
        attendees: [people.attendee],
      },
    ],
    method,
  );
  return {
    filename: method === 'CANCEL' ? 'cancel.ics' : 'invite.ics',
    contentType: `text/calendar; charset=utf-8; method=${method}`,
    content,
  };
}

/** A date for a mail written in one known language: in the activity's own time zone, labelled with its offset ("GMT+8"). */
export function mailDate(at: Date, timezone: string, language: Language): string {
  const text = at.toLocaleString(DATE_LOCALE[language], {
    timeZone: timezone,
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return `${text} (${zoneLabel(at, timezone)})`;
}

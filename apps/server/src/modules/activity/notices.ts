import { translate as fill, LANGUAGES, type Language, type RefundRightReason } from '@polaris/contract';
import type { QueuedMail } from '../../platform/mail-queue.ts';
import type { Links } from './presenter.ts';
import type { ActivityRow } from './store.ts';

/** Locale tags for dates in mail, per interface language. */
const DATE_LOCALE: Record<Language, string> = { en: 'en-GB', 'zh-Hans': 'zh-CN', 'zh-Hant': 'zh-TW' };

type NoticeActivity = Pick<ActivityRow, 'code' | 'title' | 'startsAt' | 'timezone' | 'onlineUrl' | 'city' | 'address'>;

/** A date as the attendee reads it: in the activity's own time zone, which is named. */
export function noticeDate(at: Date, timezone: string, language: Language): string {
  const text = at.toLocaleString(DATE_LOCALE[language], {
    timeZone: timezone,
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return `${text} (${timezone})`;
}

function placeOf(activity: NoticeActivity, language: Language): string {
  if (activity.onlineUrl !== null) return fill(language, 'activity.online');
  return [activity.address, activity.city].filter((part): part is string => !!part).join(', ');
}

/**
 * One mail in the holder's language; when it is unknown (a ticket given by someone else, or one from before
 * languages were kept), in English and Traditional Chinese, as invitations are.
 */
function inLanguage(
  language: string | null,
  write: (language: Language) => { subject: string; paragraphs: string[] },
): { subject: string; text: string } {
  const known = (LANGUAGES as readonly string[]).includes(language ?? '') ? (language as Language) : null;
  const versions = (known ? [known] : (['en', 'zh-Hant'] as const)).map(write);
  return {
    subject: versions.map((version) => version.subject).join(' / '),
    text: versions.map((version) => version.paragraphs.join('\n\n')).join('\n\n----\n\n'),
  };
}

export interface NoticeRecipient {
  registrationId: number;
  email: string;
  language: string | null;
  /** What the holder paid or has held, formatted, when it is a paid place; null for a free one. */
  paid: { amount: string; asset: string } | null;
}

/** The organizer changed the start or the venue: what it is now, and the refund right of a paid place. */
export function changeNotice(
  links: Links,
  activity: NoticeActivity,
  reason: RefundRightReason,
  to: NoticeRecipient,
): QueuedMail {
  const mail = inLanguage(to.language, (language) => {
    const params = {
      title: activity.title,
      date: noticeDate(activity.startsAt, activity.timezone, language),
      place: placeOf(activity, language),
    };
    const what = { timeChanged: 'changeTime', venueChanged: 'changeVenue', timeAndVenueChanged: 'changeTimeAndVenue' }[
      reason
    ];
    const paragraphs = [fill(language, `activity.${what}`, params)];
    if (to.paid) {
      paragraphs.push(fill(language, 'activity.changeRefundRight', { ...to.paid, until: params.date }));
    }
    paragraphs.push(fill(language, 'activity.ticketLink', { link: links.activity(activity.code) }));
    return { subject: fill(language, 'activity.changeSubject', params), paragraphs };
  });
  return { to: to.email, ...mail, topic: `activity-change:${to.registrationId}` };
}

/** The organizer cancelled the activity: and what came back to the holder's wallet. */
export function cancelNotice(
  links: Links,
  activity: NoticeActivity,
  to: Omit<NoticeRecipient, 'paid'> & { refunded: { amount: string; asset: string } | null },
): QueuedMail {
  const mail = inLanguage(to.language, (language) => {
    const params = { title: activity.title, date: noticeDate(activity.startsAt, activity.timezone, language) };
    const paragraphs = [fill(language, 'activity.cancelNoticeBody', params)];
    if (to.refunded) paragraphs.push(fill(language, 'activity.cancelNoticeRefund', to.refunded));
    paragraphs.push(fill(language, 'activity.ticketLink', { link: links.activity(activity.code) }));
    return { subject: fill(language, 'activity.cancelNoticeSubject', params), paragraphs };
  });
  return { to: to.email, ...mail, topic: `activity-cancel:${to.registrationId}` };
}

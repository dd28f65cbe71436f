import { type ChatMessage, type CityNames, isSafeText, type Language } from '@polaris/contract';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import type { MyRoom } from '@/api/chat.ts';
import { apiUrl } from '@/lib/api-origin.ts';
import { cityLabel } from '@/lib/city-name.ts';
import { formatFullDate, formatMonthDay, formatTime, formatWeekday } from '@/lib/format.ts';
import { avatarSrc } from '@/lib/identity.ts';

/** How chat screens word times, names, system lines and previews. */

/**
 * What the server refuses in any text (contract `text()`): control characters other than tab and line breaks, and
 * half a surrogate pair. A paste can carry them; they are dropped before sending rather than refused after.
 */
export const cleanText = (text: string) => Array.from(text).filter(isSafeText).join('');

/**
 * An uploaded image at one width. The server keeps 320, 640 and 1280 wide copies but never enlarges, so a small
 * image lacks the wider ones (and one under 320 px has only its own width, which a message does not carry).
 */
export const chatImageUrl = (id: string, width: 320 | 640 | 1280) => apiUrl(`/activity/image/${id}/${width}.webp`);

/** A room's or person's avatar when it is one the app may show (lib/identity.ts `avatarSrc`, the one rule). */
export const avatarUrl = avatarSrc;

export const displayName = (t: TFunction, name: string | null | undefined, uid: string | null | undefined) =>
  name?.trim() || t('chat.uidName', { uid: uid ?? '?' });

/** A room's name as its members see it: a direct room is the other person, a city room its city in their language. */
export function roomTitle(
  t: TFunction,
  room: Pick<MyRoom['room'], 'kind' | 'name' | 'peer'> & { city?: string | null; cityNames?: CityNames | null },
): string {
  if (room.kind === 'direct' && room.peer) return displayName(t, room.peer.name, room.peer.uid);
  if (room.kind === 'city' && room.cityNames) return cityLabel(room.city, room.cityNames);
  return room.name;
}

const startOfDay = (value: string | Date) => dayjs(value).startOf('day');

/** The list's time: the time today, "Yesterday", the weekday this week, else the date. */
export function listTime(iso: string, now: Date, language: Language, t: TFunction): string {
  const days = startOfDay(now).diff(startOfDay(iso), 'day');
  if (days <= 0) return formatTime(iso);
  if (days === 1) return t('chat.yesterday');
  if (days < 7) return formatWeekday(iso, language);
  return dayjs(iso).year() === now.getFullYear() ? formatMonthDay(iso, language) : formatFullDate(iso, language);
}

/** A day separator's words. */
export function dayLabel(iso: string, now: Date, language: Language, t: TFunction): string {
  const days = startOfDay(now).diff(startOfDay(iso), 'day');
  if (days === 0) return t('chat.today');
  if (days === 1) return t('chat.yesterday');
  if (dayjs(iso).year() !== now.getFullYear()) return formatFullDate(iso, language);
  return `${formatMonthDay(iso, language)} ${formatWeekday(iso, language)}`;
}

/** A system message as a sentence; `nameOf` finds a person's name among what is loaded. */
export function systemText(
  message: ChatMessage,
  t: TFunction,
  nameOf: (uid: string | null) => string,
  selfUid: string | null,
): string {
  const name =
    message.targetUid !== null && message.targetUid === selfUid
      ? t('chat.you')
      : (message.targetName ?? nameOf(message.targetUid));
  switch (message.event) {
    case 'announcement':
      return t('chat.system.announcement', { text: message.text });
    case 'renamed':
      return t('chat.system.renamed', { text: message.text });
    case 'closed':
      return t('chat.system.closed');
    case 'joined':
    case 'left':
    case 'kicked':
    case 'muted':
    case 'banned':
      return t(`chat.system.${message.event}`, { name });
    default:
      return message.text;
  }
}

/**
 * What a message says in one line: its text, "[Photo]", "Message deleted" or the system sentence. A mention of
 * the user reads as their name; others stay `@<uid>` (a preview knows no other names).
 */
export function messageSummary(
  message: ChatMessage,
  t: TFunction,
  selfUid: string | null,
  selfName: string | null = null,
): string {
  if (message.deleted) return t('chat.deleted');
  if (message.kind === 'system') return systemText(message, t, (uid) => displayName(t, null, uid), selfUid);
  if (message.kind === 'image' || (message.imageId && !message.text)) return t('chat.photo');
  if (message.kind === 'redpacket')
    return t('redpacket.summary', { text: message.text || t('redpacket.defaultGreeting') });
  if (message.kind === 'bounty')
    return t('bounty.bubble.summary', { text: message.text || t('bounty.bubble.untitled') });
  if (message.kind === 'poll') return t('chatPoll.summary', { text: message.text });
  return message.text
    .replace(/@(\d{1,15})/g, (token, uid: string) =>
      uid === selfUid && selfName && message.mentions.includes(uid) ? `@${selfName}` : token,
    )
    .replace(/\s+/g, ' ');
}

/** The list's preview: the summary, with the sender's name in group rooms. */
export function previewText(entry: MyRoom, t: TFunction, selfUid: string | null, selfName: string | null): string {
  const message = entry.lastMessage;
  if (!message) return t('chat.noMessages');
  const text = messageSummary(message, t, selfUid, selfName);
  if (message.kind === 'system' || message.deleted || entry.room.kind === 'direct') return text;
  const name = message.senderUid === selfUid ? t('chat.you') : displayName(t, message.senderName, message.senderUid);
  return t('chat.previewFrom', { name, text });
}

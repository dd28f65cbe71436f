import { translate as fill, formatAmount, formatAssetAmount, type Language, zoneLabel } from '@polaris/contract';
import { DATE_LOCALE } from './date-locale.ts';
import { cityName } from './places/cities.ts';

/**
 * Values inside a notice's text (its params). A notice is stored once and read in any language, and the reader's
 * language is known only when it is read (the inbox, a socket's frame, an email), so a value that depends on the
 * language is stored as what it means (a date, a word of the catalogue, a place) and written out by
 * `noticeParams` at read time. A plain string is always literal: it may be a person's own text (a title, a chat
 * message) and is never looked up or interpreted.
 */

/** An instant, shown in the reader's language in `zone` (labelled with its offset), or in UTC when `zone` is null. */
export interface NoticeDateParam {
  date: string;
  zone: string | null;
}

/** A word of the catalogue (`notice.words.<word>`), filled with its own params. */
export interface NoticeWordParam {
  word: string;
  params?: Record<string, NoticeParam>;
}

/** An activity's venue: its address as typed and its city (a catalogue id, named in the reader's language). */
interface NoticePlaceParam {
  place: { address: string | null; city: string | null };
}

/**
 * An amount of an asset that moved: every digit it has (`0.123457 USDT`, as the confirmation screens show what is
 * charged), grouped in the reader's language (`12,345.5 USDT`).
 */
export interface NoticeAmountParam {
  amount: { value: string; asset: string };
}

export type NoticeParam = string | number | NoticeDateParam | NoticeWordParam | NoticePlaceParam | NoticeAmountParam;
export type NoticeParams = Record<string, NoticeParam>;

/** Intl locales per interface language. */

/** A date param: `at` to the minute, in `zone` when the notice is about a place's time (an activity), else UTC. */
export const noticeDate = (at: Date, zone: string | null = null): NoticeDateParam => ({ date: at.toISOString(), zone });

/** A word param (`notice.words.<word>`). */
export const noticeWord = (word: string, params?: Record<string, NoticeParam>): NoticeWordParam =>
  params ? { word, params } : { word };

/** An amount with its asset (base units and the asset's ledger decimals), written out when read. */
export const noticeAmount = (units: bigint, decimals: number, asset: string): NoticeAmountParam => ({
  amount: { value: formatAmount(units, decimals), asset },
});

/** A date as its reader reads it: `2026年11月26日 下午2:00 (GMT+8)`, `26 Nov 2026, 14:00 (GMT+8)`. */
function formatNoticeDate(param: NoticeDateParam, language: Language): string {
  const at = new Date(param.date);
  if (Number.isNaN(at.getTime())) return '';
  const zone = param.zone ?? 'UTC';
  try {
    const text = at.toLocaleString(DATE_LOCALE[language], { timeZone: zone, dateStyle: 'medium', timeStyle: 'short' });
    return `${text} (${zone === 'UTC' ? 'UTC' : zoneLabel(at, zone)})`;
  } catch {
    // A zone this ICU does not know (stored by an older server): the instant in UTC rather than nothing.
    return formatNoticeDate({ date: param.date, zone: null }, language);
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** One param in the reader's language. */
export function noticeValue(value: NoticeParam | unknown, language: Language): string | number {
  if (typeof value === 'string' || typeof value === 'number') return value;
  if (!isObject(value)) return '';
  if (typeof value.date === 'string') {
    return formatNoticeDate({ date: value.date, zone: typeof value.zone === 'string' ? value.zone : null }, language);
  }
  if (typeof value.word === 'string' && /^\w+$/.test(value.word)) {
    const params = isObject(value.params) ? noticeParams(value.params as NoticeParams, language) : {};
    return fill(language, `notice.words.${value.word}`, params);
  }
  if (isObject(value.amount)) {
    const { value: figure, asset } = value.amount;
    if (typeof figure !== 'string' || typeof asset !== 'string') return '';
    return formatAssetAmount(figure, asset, language, { exact: true, withCode: true });
  }
  if (isObject(value.place)) {
    const { address, city } = value.place;
    const named = typeof city === 'string' && city ? cityName(city, language) : null;
    return [typeof address === 'string' ? address : null, named].filter((part): part is string => !!part).join(', ');
  }
  return '';
}

/** Every param of a notice in the reader's language, ready for the catalogue's `{{name}}` slots. */
export function noticeParams(params: NoticeParams, language: Language): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params)) out[name] = noticeValue(value, language);
  return out;
}

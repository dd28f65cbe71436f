import type { Language } from '@polaris/contract';
import dayjs, { type ConfigType } from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-tw';

/** SPEC §9 date formats (MM月DD日, weekday, HH:mm); English gets its own natural order ("Nov 21"). */
const LOCALE: Record<Language, string> = { en: 'en', 'zh-Hans': 'zh-cn', 'zh-Hant': 'zh-tw' };
const MONTH_DAY: Record<Language, string> = { en: 'MMM D', 'zh-Hans': 'MM月DD日', 'zh-Hant': 'MM月DD日' };
const FULL_DATE: Record<Language, string> = {
  en: 'MMM D, YYYY',
  'zh-Hans': 'YYYY年MM月DD日',
  'zh-Hant': 'YYYY年MM月DD日',
};

const at = (value: ConfigType, language: Language) => dayjs(value).locale(LOCALE[language]);

export const formatMonthDay = (value: ConfigType, language: Language) =>
  at(value, language).format(MONTH_DAY[language]);
export const formatFullDate = (value: ConfigType, language: Language) =>
  at(value, language).format(FULL_DATE[language]);
export const formatWeekday = (value: ConfigType, language: Language) => at(value, language).format('dddd');
export const formatTime = (value: ConfigType) => dayjs(value).format('HH:mm');

/** "11月21日 星期五 19:30" / "Nov 21 Friday 19:30" */
export function formatDateTime(value: ConfigType, language: Language): string {
  return `${formatMonthDay(value, language)} ${formatWeekday(value, language)} ${formatTime(value)}`;
}

/** Record times: "2026年11月21日 20:31" / "Nov 21, 2026 20:31". */
export function formatDateAndTime(value: ConfigType, language: Language): string {
  return `${formatFullDate(value, language)} ${formatTime(value)}`;
}

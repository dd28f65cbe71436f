import type { Language } from '@polaris/contract';

/** The Intl locale a date is written in for a reader of each language (mails, notices, pages we write). */
export const DATE_LOCALE: Record<Language, string> = { en: 'en-GB', 'zh-Hans': 'zh-CN', 'zh-Hant': 'zh-TW' };

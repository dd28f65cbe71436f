import {
  type Language,
  NOTICE_CATEGORIES,
  type Notice,
  type NoticeCategory,
  type NoticeUnread,
  translate,
} from '@polaris/contract';
import { type NoticeParams, noticeParams } from '../../platform/notice-format.ts';

/** What a notice is, whatever language it is read in (a row, or what the bus carries). */
export interface StoredNotice {
  id: number;
  kind: string;
  category: string;
  params: NoticeParams;
  link: string | null;
  createdAt: Date | string;
  readAt?: Date | string | null;
}

/**
 * Before params could say what they mean, the security centre stored its `change` word as the catalogue key
 * (`notice.words.enabled`). Only that param of that kind is read so: everywhere else a string is literal, as a
 * person's own text must be.
 */
const LEGACY_WORD = /^notice\.words\.(enabled|disabled)$/;

/** A notice's title and body in a language, from `notice.<kind>.title` / `.body` filled with its params. */
export function noticeText(kind: string, params: NoticeParams, language: Language) {
  const stored: NoticeParams = { ...params };
  const legacy = kind === 'secondFactorChanged' && typeof params.change === 'string' && LEGACY_WORD.exec(params.change);
  if (legacy) stored.change = { word: legacy[1]! };
  const filled = noticeParams(stored, language);
  return {
    title: translate(language, `notice.${kind}.title`, filled),
    body: translate(language, `notice.${kind}.body`, filled),
  };
}

export function presentNotice(row: StoredNotice, language: Language): Notice {
  const { title, body } = noticeText(row.kind, row.params, language);
  return {
    id: String(row.id),
    category: row.category as NoticeCategory,
    kind: row.kind,
    title,
    body,
    link: row.link,
    createdAt: new Date(row.createdAt).toISOString(),
    read: row.readAt !== null && row.readAt !== undefined,
  };
}

/** Unread counts with every category named (0 for none). */
export function presentUnread(counts: { category: string; count: number }[], chatMessages: number): NoticeUnread {
  const byCategory = Object.fromEntries(NOTICE_CATEGORIES.map((category) => [category, 0])) as Record<
    NoticeCategory,
    number
  >;
  let total = 0;
  for (const { category, count } of counts) {
    if (!(category in byCategory)) continue;
    byCategory[category as NoticeCategory] += count;
    total += count;
  }
  return { total, byCategory, chatMessages };
}

import {
  hasMessage,
  type Language,
  NOTICE_CATEGORIES,
  type Notice,
  type NoticeCategory,
  type NoticeUnread,
  translate,
} from '@polaris/contract';

/** What a notice is, whatever language it is read in (a row, or what the bus carries). */
export interface StoredNotice {
  id: number;
  kind: string;
  category: string;
  params: Record<string, string | number>;
  link: string | null;
  createdAt: Date | string;
  readAt?: Date | string | null;
}

/** A param naming a word of the catalogue (`notice.words.enabled`): written in the reader's language when read. */
const WORD_PARAM = /^notice\.words\.\w+$/;

/**
 * A notice's title and body in a language, from `notice.<kind>.title` / `.body` filled with its params; a param
 * that names a word of `notice.words` is that word in the language (filled with the same params).
 */
export function noticeText(kind: string, params: Record<string, string | number>, language: Language) {
  const filled: Record<string, string | number> = { ...params };
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === 'string' && WORD_PARAM.test(value) && hasMessage(value)) {
      filled[name] = translate(language, value, params);
    }
  }
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

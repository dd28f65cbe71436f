import type { ChatMessage } from '@polaris/contract';

/**
 * A room's history as the query cache keeps it: pages of `/chat/messages`, newest page first, each newest message
 * first (the server's order). Live messages from the socket are merged into the newest page, so one cache entry
 * is the whole of what the client holds, and a room opened again resumes from its newest seq.
 */
export interface HistoryPage {
  items: ChatMessage[];
  /** Whether older messages remain before this page (it came back full and did not reach seq 1). */
  more: boolean;
  /**
   * Only on the newest page held: newer messages remain after it (history opened around a found message, not at the
   * newest), fetched as the reader scrolls down; live messages wait until the newest is reached.
   */
  newer?: boolean;
}
export interface History {
  pages: HistoryPage[];
  pageParams: unknown[];
}

const bySeqDesc = (a: ChatMessage, b: ChatMessage) => b.seq - a.seq;

/** One entry per seq, newest first; for a seq given twice the incoming copy wins (it may be the deleted one). */
export function mergeNewestFirst(list: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  const bySeq = new Map<number, ChatMessage>();
  for (const message of list) bySeq.set(message.seq, message);
  for (const message of incoming) bySeq.set(message.seq, message);
  return [...bySeq.values()].sort(bySeqDesc);
}

export function newestSeq(history: History | undefined): number | undefined {
  return history?.pages[0]?.items[0]?.seq;
}

function oldestLoadedSeq(history: History): number | undefined {
  const last = history.pages[history.pages.length - 1];
  return last?.items[last.items.length - 1]?.seq;
}

/**
 * Adds messages that arrived live. Newer ones join the newest page; ones inside the loaded range replace their
 * copy wherever it is; ones older than anything loaded are left for scrolling up to fetch. Without history yet
 * there is nothing to add to: the first page, when it comes, has them.
 */
export function addToHistory(history: History | undefined, incoming: readonly ChatMessage[]): History | undefined {
  let messages = incoming;
  if (!history || history.pages.length === 0 || messages.length === 0) return history;
  if (history.pages[0]?.newer) {
    // A gap lies between what is held and the newest: only copies of held messages may change.
    const top = history.pages[0].items[0]?.seq ?? 0;
    messages = messages.filter((message) => message.seq <= top);
    if (messages.length === 0) return history;
  }
  const last = history.pages.length - 1;
  const oldest = oldestLoadedSeq(history) ?? 0;
  const pages = history.pages.map((page, index) => {
    const bottom = index === last ? oldest : (page.items[page.items.length - 1]?.seq ?? 0);
    const top = index === 0 ? Number.POSITIVE_INFINITY : (page.items[0]?.seq ?? -1);
    const mine = messages.filter((message) => message.seq >= bottom && message.seq <= top);
    return mine.length === 0 ? page : { ...page, items: mergeNewestFirst(page.items, mine) };
  });
  return pages.every((page, index) => page === history.pages[index]) ? history : { ...history, pages };
}

/** The message under `seq`, blanked as the server blanks a deleted one. */
export function markDeleted(history: History | undefined, seq: number): History | undefined {
  if (!history) return history;
  let changed = false;
  const pages = history.pages.map((page) => {
    if (!page.items.some((message) => message.seq === seq && !message.deleted)) return page;
    changed = true;
    return {
      ...page,
      items: page.items.map((message) =>
        message.seq === seq ? { ...message, deleted: true, text: '', imageId: null, mentions: [] } : message,
      ),
    };
  });
  return changed ? { ...history, pages } : history;
}

/** Every loaded message once, oldest first: the order a conversation is read in. */
export function flattenHistory(history: History | undefined): ChatMessage[] {
  if (!history) return [];
  return mergeNewestFirst(
    [],
    history.pages.flatMap((page) => page.items),
  ).reverse();
}

/** Whether the history holds the newest messages (not a window opened around a found one). */
export function reachesNewest(history: History | undefined): boolean {
  return !history?.pages[0]?.newer;
}

/** Whether the history holds the message under `seq`. */
export function holdsSeq(history: History | undefined, seq: number): boolean {
  return history?.pages.some((page) => page.items.some((message) => message.seq === seq)) ?? false;
}

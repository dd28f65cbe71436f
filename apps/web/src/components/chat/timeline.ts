import type { ChatMessage } from '@polaris/contract';
import type { OutgoingMessage } from '@/lib/chat-outbox.ts';

/**
 * What a conversation shows, in order: day separators, system lines, messages grouped by sender (a name and
 * avatar once per run, as Telegram and WeChat do), then the user's own messages not yet stored.
 */
export type TimelineItem =
  | { type: 'day'; key: string; at: string }
  | { type: 'system'; key: string; message: ChatMessage }
  | { type: 'message'; key: string; message: ChatMessage; own: boolean; first: boolean; last: boolean }
  | { type: 'pending'; key: string; item: OutgoingMessage; first: boolean; last: boolean };

/** Messages of one sender closer together than this read as one run. */
const RUN_GAP_MS = 5 * 60_000;

const dayOf = (iso: string) => {
  const date = new Date(iso);
  return `${date.getFullYear()}-${date.getMonth() + 1}-${date.getDate()}`;
};

interface Entry {
  at: string;
  sender: string | null;
  item: TimelineItem;
}

export function buildTimeline(
  messages: readonly ChatMessage[],
  pending: readonly OutgoingMessage[],
  selfUid: string | null,
  options: { days: boolean } = { days: true },
): TimelineItem[] {
  const held = new Set(messages.map((message) => message.seq));
  const entries: Entry[] = [
    ...messages.map((message): Entry => {
      if (message.kind === 'system') {
        return { at: message.createdAt, sender: null, item: { type: 'system', key: `s${message.seq}`, message } };
      }
      const own = selfUid !== null && message.senderUid === selfUid;
      return {
        at: message.createdAt,
        sender: message.senderUid,
        item: { type: 'message', key: `m${message.seq}`, message, own, first: true, last: true },
      };
    }),
    ...pending
      .filter((item) => item.seq === undefined || !held.has(item.seq))
      .map(
        (item): Entry => ({
          at: item.createdAt,
          sender: selfUid,
          item: { type: 'pending', key: `p${item.clientId}`, item, first: true, last: true },
        }),
      ),
  ];

  const out: TimelineItem[] = [];
  let previous: Entry | undefined;
  for (const entry of entries) {
    const newDay = !previous || dayOf(previous.at) !== dayOf(entry.at);
    if (options.days && newDay) out.push({ type: 'day', key: `d${dayOf(entry.at)}`, at: entry.at });
    const continues =
      previous !== undefined &&
      !newDay &&
      entry.sender !== null &&
      previous.sender === entry.sender &&
      previous.item.type !== 'system' &&
      Date.parse(entry.at) - Date.parse(previous.at) < RUN_GAP_MS;
    const item = entry.item;
    if (continues && (item.type === 'message' || item.type === 'pending')) {
      item.first = false;
      const before = out[out.length - 1];
      if (before && (before.type === 'message' || before.type === 'pending')) before.last = false;
    }
    out.push(item);
    previous = entry;
  }
  return out;
}

export type TextPart =
  | { kind: 'text'; text: string }
  | { kind: 'link'; text: string; href: string }
  | { kind: 'mention'; text: string; uid: string };

const TOKENS = /(https?:\/\/[^\s<>"']+|www\.[^\s<>"']+|@\d{1,15})/gi;
/** Punctuation that ends a sentence rather than a link: "see https://x.org." */
const TRAILING = /[.,;:!?)\]}'"。，；：！？）】」』、]+$/u;

/** A link's target when it is a web address (never `javascript:` or another scheme). */
function webHref(text: string): string | null {
  try {
    const url = new URL(text.toLowerCase().startsWith('www.') ? `https://${text}` : text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** A message's text as plain runs, web links and mentions (`@<uid>` of a user the server found). */
export function splitMessageText(text: string, mentions: readonly string[]): TextPart[] {
  const parts: TextPart[] = [];
  const push = (part: TextPart) => {
    const last = parts[parts.length - 1];
    if (part.kind === 'text' && last?.kind === 'text') last.text += part.text;
    else if (part.kind !== 'text' || part.text !== '') parts.push(part);
  };
  let index = 0;
  for (const match of text.matchAll(TOKENS)) {
    const token = match[0];
    const start = match.index ?? 0;
    push({ kind: 'text', text: text.slice(index, start) });
    index = start + token.length;
    if (token.startsWith('@')) {
      const uid = token.slice(1);
      push(mentions.includes(uid) ? { kind: 'mention', text: token, uid } : { kind: 'text', text: token });
      continue;
    }
    const trail = TRAILING.exec(token)?.[0] ?? '';
    const link = token.slice(0, token.length - trail.length);
    const href = webHref(link);
    push(href ? { kind: 'link', text: link, href } : { kind: 'text', text: link });
    push({ kind: 'text', text: trail });
  }
  push({ kind: 'text', text: text.slice(index) });
  return parts;
}

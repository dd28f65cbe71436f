import type { ChatMessage } from '@polaris/contract';
import { describe, expect, it } from 'vitest';
import type { OutgoingMessage } from '@/lib/chat-outbox.ts';
import { buildTimeline, splitMessageText } from './timeline.ts';

const at = (day: number, hour: number, minute = 0) => new Date(2026, 0, day, hour, minute).toISOString();
const message = (seq: number, sender: string | null, createdAt: string, kind: ChatMessage['kind'] = 'text') =>
  ({
    roomId: '1',
    seq,
    kind,
    senderUid: sender,
    senderName: sender ? `user ${sender}` : null,
    senderAvatar: null,
    text: `m${seq}`,
    imageId: null,
    replyTo: null,
    mentions: [],
    event: kind === 'system' ? 'joined' : null,
    targetUid: null,
    targetName: null,
    ref: null,
    deleted: false,
    createdAt,
  }) satisfies ChatMessage;
const pending = (clientId: string, createdAt: string, seq?: number): OutgoingMessage => ({
  clientId,
  roomId: '1',
  text: clientId,
  status: 'queued',
  createdAt,
  seq,
});

describe('timeline', () => {
  it('separates days, centres system lines and groups a sender’s run', () => {
    const items = buildTimeline(
      [
        message(1, null, at(1, 9), 'system'),
        message(2, 'ann', at(1, 9, 1)),
        message(3, 'ann', at(1, 9, 2)),
        message(4, 'me', at(1, 9, 3)),
        message(5, 'ann', at(1, 9, 20)),
        message(6, 'ann', at(2, 8)),
      ],
      [],
      'me',
    );
    expect(
      items.map((item) =>
        item.type === 'message'
          ? `${item.message.seq}${item.own ? ' own' : ''}${item.first ? ' first' : ''}${item.last ? ' last' : ''}`
          : item.type,
      ),
    ).toEqual(['day', 'system', '2 first', '3 last', '4 own first last', '5 first last', 'day', '6 first last']);
  });

  it('puts own unsent messages after the stored ones, in the run of the user’s own, and once', () => {
    const items = buildTimeline(
      [message(1, 'me', at(1, 9)), message(2, 'me', at(1, 9, 1))],
      [pending('a', at(1, 9, 2)), pending('b', at(1, 9, 2), 2)],
      'me',
    );
    expect(items.map((item) => item.key)).toEqual(['d2026-1-1', 'm1', 'm2', 'pa']);
    const last = items[3];
    expect(last?.type === 'pending' && !last.first && last.last).toBe(true);
  });

  it('leaves day separators out when asked (the compact list beside a video)', () => {
    expect(buildTimeline([message(1, 'ann', at(1, 9))], [], null, { days: false }).map((i) => i.type)).toEqual([
      'message',
    ]);
  });
});

describe('message text', () => {
  it('finds web links, leaving sentence punctuation outside them', () => {
    expect(splitMessageText('see https://example.org/a?b=1. and www.polaris.io！', [])).toEqual([
      { kind: 'text', text: 'see ' },
      { kind: 'link', text: 'https://example.org/a?b=1', href: 'https://example.org/a?b=1' },
      { kind: 'text', text: '. and ' },
      { kind: 'link', text: 'www.polaris.io', href: 'https://www.polaris.io/' },
      { kind: 'text', text: '！' },
    ]);
  });

  it('never makes a link of another scheme', () => {
    expect(splitMessageText('javascript:alert(1) data:text/html,x', [])).toEqual([
      { kind: 'text', text: 'javascript:alert(1) data:text/html,x' },
    ]);
  });

  it('marks mentions the server recognised, and leaves other @numbers as text', () => {
    expect(splitMessageText('@12 hi @99', ['12'])).toEqual([
      { kind: 'mention', text: '@12', uid: '12' },
      { kind: 'text', text: ' hi @99' },
    ]);
  });
});

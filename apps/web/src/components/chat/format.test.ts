import type { ChatMessage } from '@polaris/contract';
import type { TFunction } from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { avatarUrl, cleanText, listTime, messageSummary } from './format.ts';

const t = ((key: string, options?: Record<string, unknown>) =>
  options ? `${key}:${JSON.stringify(options)}` : key) as unknown as TFunction;

const text = (body: string, mentions: string[] = []): ChatMessage => ({
  roomId: '1',
  seq: 1,
  kind: 'text',
  senderUid: '2',
  senderName: 'Ann',
  senderAvatar: null,
  text: body,
  imageId: null,
  replyTo: null,
  mentions,
  event: null,
  targetUid: null,
  targetName: null,
  ref: null,
  deleted: false,
  createdAt: '2026-01-01T00:00:00.000Z',
});

describe('chat wording', () => {
  it('drops what the server would refuse from typed text, keeping emoji and line breaks', () => {
    expect(cleanText('a\u0000b\u0007\tc\nd 😀 \ud800e')).toBe('ab\tc\nd 😀 e');
  });

  it('names the user in a one-line summary when they are mentioned, and squeezes whitespace', () => {
    expect(messageSummary(text('hi @7\n\nand @8', ['7', '8']), t, '7', 'Mei')).toBe('hi @Mei and @8');
    expect(messageSummary({ ...text('gone'), deleted: true }, t, '7')).toBe('chat.deleted');
    expect(messageSummary({ ...text(''), kind: 'image', imageId: 'a'.repeat(32) }, t, '7')).toBe('chat.photo');
    expect(messageSummary({ ...text('Hi all'), kind: 'redpacket', ref: 'AbCd1234' }, t, '7')).toBe(
      'redpacket.summary:{"text":"Hi all"}',
    );
    expect(messageSummary({ ...text('Photo walk'), kind: 'bounty', ref: '3' }, t, '7')).toBe(
      'bounty.bubble.summary:{"text":"Photo walk"}',
    );
  });

  it('shows the time today, "yesterday", a weekday this week, a date before', () => {
    const now = new Date(2026, 4, 20, 15, 0);
    expect(listTime(new Date(2026, 4, 20, 9, 5).toISOString(), now, 'en', t)).toBe('09:05');
    expect(listTime(new Date(2026, 4, 19, 23, 0).toISOString(), now, 'en', t)).toBe('chat.yesterday');
    expect(listTime(new Date(2026, 4, 16, 8, 0).toISOString(), now, 'en', t)).toBe('Saturday');
    expect(listTime(new Date(2026, 2, 3, 8, 0).toISOString(), now, 'zh-Hant', t)).toBe('03月03日');
  });

  it('shows only avatars the page may load: uploaded images and this site’s paths', () => {
    expect(avatarUrl('a'.repeat(32))).toBe(`/rest/polarisex/activity/image/${'a'.repeat(32)}/320.webp`);
    expect(avatarUrl('/static/a.png')).toBe('/static/a.png');
    expect(avatarUrl('https://elsewhere.example/a.png')).toBeNull();
    expect(avatarUrl('//elsewhere.example/a.png')).toBeNull();
    expect(avatarUrl('https://polaris.example/rest/a.webp', 'https://polaris.example')).toBe(
      'https://polaris.example/rest/a.webp',
    );
    expect(avatarUrl('javascript:alert(1)', 'https://polaris.example')).toBeNull();
  });

  it('in a native shell’s copy, loads images and avatars from the API’s origin', async () => {
    const meta = document.createElement('meta');
    meta.name = 'polaris-api-origin';
    meta.content = 'https://api.example.com';
    document.head.append(meta);
    vi.resetModules();
    try {
      const shell = await import('./format.ts');
      const image = `https://api.example.com/rest/polarisex/activity/image/${'a'.repeat(32)}/320.webp`;
      expect(shell.chatImageUrl('a'.repeat(32), 320)).toBe(image);
      expect(shell.avatarUrl('a'.repeat(32))).toBe(image);
      // An uploaded avatar is stored with the server's address, which is the API's, not the shell page's.
      expect(shell.avatarUrl(image)).toBe(image);
      expect(shell.avatarUrl('/rest/polarisex/x.png')).toBe('https://api.example.com/rest/polarisex/x.png');
      expect(shell.avatarUrl('https://elsewhere.example/a.png')).toBeNull();
    } finally {
      meta.remove();
      vi.resetModules();
    }
  });
});

import { describe, expect, it } from 'vitest';
import { parseShareCode, routeOfShortLink, type ShareTarget, shareCode, shortLink } from './share-links.ts';

describe('short share links', () => {
  const targets: ShareTarget[] = [
    { kind: 'activity', code: 'AbCdEfGhIjK1' },
    { kind: 'activity', code: 'AbCdEfGhIjK1', invite: 'x-Y_z0123456789a' },
    { kind: 'bounty', id: '42' },
    { kind: 'redpacket', code: 'Ab3xx9Qw2ErT' },
    { kind: 'register', inviteCode: 'K7PQ2XZA' },
    { kind: 'room', token: 'AAAA-bbb_CCCCdddd1234' },
  ];

  it('encodes every kind reversibly', () => {
    for (const target of targets) expect(parseShareCode(shareCode(target))).toEqual(target);
  });

  it('refuses what it does not make', () => {
    for (const code of ['', 'a', 'x123', 'b0', 'b12a', 'bx', 'a<script>', 'r"><script>', 'c../..', 'a12.', 'u']) {
      expect(parseShareCode(code)).toBeNull();
    }
  });

  it('puts the code under /s/ on the host, with or without a trailing slash', () => {
    expect(shortLink('https://plrs.example/', { kind: 'bounty', id: '7' })).toBe('https://plrs.example/s/b7');
    expect(shortLink('http://localhost:8080', { kind: 'activity', code: 'Q' })).toBe('http://localhost:8080/s/aQ');
  });

  it('names the route a short link opens, for the native shells', () => {
    expect(routeOfShortLink('https://plrs.example/s/aAbCdEfGhIjK1')).toBe(
      '/pages/activity/details/index?id=AbCdEfGhIjK1',
    );
    expect(routeOfShortLink('https://plrs.example/s/aAbC.x-Y')).toBe('/pages/activity/details/index?id=AbC&invite=x-Y');
    expect(routeOfShortLink('https://plrs.example/s/cTok_en')).toBe('/pages/chatroom/index?invite=Tok_en');
    expect(routeOfShortLink('https://plrs.example/s/z1')).toBeNull();
    expect(routeOfShortLink('https://plrs.example/other')).toBeNull();
    expect(routeOfShortLink('not a url')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { avatarSrc, displayNameOf, initialOf } from './identity.ts';

describe('one identity', () => {
  it('names a person by their display name, else their user name', () => {
    expect(displayNameOf({ uname: 'ann_lee', openName: 'Ann Lee' })).toBe('Ann Lee');
    expect(displayNameOf({ uname: 'ann_lee', openName: null })).toBe('ann_lee');
    expect(displayNameOf({ uname: 'ann_lee', openName: '  ' })).toBe('ann_lee');
    expect(displayNameOf({ uname: null, openName: null })).toBeNull();
    expect(displayNameOf(null)).toBeNull();
  });

  it('takes a whole character as the initial', () => {
    expect(initialOf('ada')).toBe('A');
    expect(initialOf('王小明')).toBe('王');
    expect(initialOf('😀 party')).toBe('😀');
    expect(initialOf('  ')).toBe('#');
    expect(initialOf(null)).toBe('#');
  });

  it('shows uploaded images, API paths and same-site addresses only', () => {
    const origin = 'https://polaris.example';
    expect(avatarSrc('a'.repeat(32), origin)).toBe(`/rest/polarisex/activity/image/${'a'.repeat(32)}/320.webp`);
    expect(avatarSrc('/rest/polarisex/activity/image/x/512.webp', origin)).toBe(
      '/rest/polarisex/activity/image/x/512.webp',
    );
    expect(avatarSrc('https://polaris.example/rest/a.webp', origin)).toBe('https://polaris.example/rest/a.webp');
    expect(avatarSrc('https://cdn.example/a.webp', origin)).toBeNull();
    expect(avatarSrc('javascript:alert(1)', origin)).toBeNull();
    expect(avatarSrc('//evil.example/a.png', origin)).toBeNull();
    expect(avatarSrc('data:image/png;base64,AAAA', origin)).toBeNull();
    expect(avatarSrc('', origin)).toBeNull();
    expect(avatarSrc(null, origin)).toBeNull();
  });
});

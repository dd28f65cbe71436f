import { beforeEach, describe, expect, it, vi } from 'vitest';

const copied = vi.fn();
const alerted = vi.fn();
vi.mock('@/components/RecordItem.tsx', () => ({ copyWithToast: (...args: unknown[]) => copied(...args) }));
vi.mock('@/app/overlays.ts', () => ({ alert: (...args: unknown[]) => alerted(...args) }));
vi.mock('@/lib/native.ts', () => ({ shareNatively: async () => false }));

const { reachableLink, shareLink } = await import('./share.ts');

beforeEach(() => {
  copied.mockReset();
  alerted.mockReset();
});

describe('a shared link', () => {
  it('keeps the server link when it has a public address, and uses the page’s address when it has none', () => {
    const set = { publicLinks: true, publicUrl: 'https://polaris.example' };
    expect(reachableLink('https://polaris.example/s/a1', set, 'http://192.168.1.5:8080')).toBe(
      'https://polaris.example/s/a1',
    );
    const unset = { publicLinks: false, publicUrl: 'http://localhost:8080' };
    expect(reachableLink('http://localhost:8080/s/a1', unset, 'http://192.168.1.5:8080')).toBe(
      'http://192.168.1.5:8080/s/a1',
    );
    // Only the server's own default address is replaced, never a link elsewhere that merely starts alike.
    expect(reachableLink('http://localhost:80800/s/a1', unset, 'http://192.168.1.5:8080')).toBe(
      'http://localhost:80800/s/a1',
    );
  });

  it('opens the device’s share sheet, copies nothing when the person cancels, and copies when the sheet fails', async () => {
    const link = { title: 'Meetup', url: 'https://polaris.example/s/a1' };
    const share = vi.fn(async () => {});
    await shareLink(link, 'Link', { share });
    expect(share).toHaveBeenCalledWith(link);
    expect(copied).not.toHaveBeenCalled();

    await shareLink(link, 'Link', { share: async () => Promise.reject(new DOMException('no', 'AbortError')) });
    expect(copied).not.toHaveBeenCalled();

    await shareLink(link, 'Link', { share: async () => Promise.reject(new DOMException('no', 'NotAllowedError')) });
    expect(copied).toHaveBeenCalledWith(link.url, 'Link');
  });

  it('tells the person first when the link works only on this network', async () => {
    await shareLink({ title: 'Meetup', url: 'http://192.168.1.5:8080/s/a1' }, 'Link', {
      localOnlyNotice: { title: 'Local link', content: 'Only on this network', confirmText: 'Share' },
      share: async () => {},
    });
    expect(alerted).toHaveBeenCalledWith(expect.objectContaining({ content: 'Only on this network' }));
  });
});

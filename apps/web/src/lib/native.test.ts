import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyUpdate, type NativePlugins, nativePlatform, routeOfLink, shareNatively } from './native.ts';

type Scope = typeof globalThis & { Capacitor?: unknown };

function inShell(platform: 'android' | 'ios' | null) {
  (globalThis as Scope).Capacitor = platform
    ? { isNativePlatform: () => true, getPlatform: () => platform }
    : { isNativePlatform: () => false, getPlatform: () => 'web' };
}

function fakePlugins(overrides: { download?: () => Promise<{ id: string }> } = {}) {
  const calls: string[] = [];
  const deps: NativePlugins = {
    share: async () => ({
      share: async (content) => {
        calls.push(`share ${content.url}`);
      },
    }),
    camera: async () => ({ getPhoto: async () => ({ format: 'jpeg' }) }),
    app: async () => ({ addListener: async () => undefined }),
    updater: async () => ({
      download: overrides.download ?? (async () => ({ id: 'bundle-1' })),
      set: async ({ id }) => {
        calls.push(`set ${id}`);
      },
    }),
    openExternal: (url) => calls.push(`open ${url}`),
  };
  return { deps, calls };
}

afterEach(() => {
  delete (globalThis as Scope).Capacitor;
  vi.restoreAllMocks();
});

describe('the native bridge', () => {
  it('knows it runs in a browser, and then touches no plugin', async () => {
    const { deps, calls } = fakePlugins();
    expect(nativePlatform()).toBeNull();
    inShell(null);
    expect(nativePlatform()).toBeNull();
    expect(await shareNatively({ url: 'https://x/#/a' }, deps)).toBe(false);
    expect(await applyUpdate({ nowVersion: '3.4.6', codePush: true, bundleUrl: 'https://x/b.zip' }, deps)).toBe('web');
    expect(calls).toEqual([]);
  });

  it('shares through the system sheet in the app', async () => {
    inShell('ios');
    const { deps, calls } = fakePlugins();
    expect(await shareNatively({ title: 'Meetup', url: 'https://x/#/pages/a' }, deps)).toBe(true);
    expect(calls).toEqual(['share https://x/#/pages/a']);
  });

  it('applies a hot update: downloads the bundle, then installs it (which restarts)', async () => {
    inShell('android');
    const { deps, calls } = fakePlugins();
    const info = { nowVersion: '3.4.6', codePush: true, bundleUrl: 'https://x/b.zip', androidUrl: 'https://x/app.apk' };
    expect(await applyUpdate(info, deps)).toBe('hot');
    expect(calls).toEqual(['set bundle-1']);
  });

  it('falls back to the full update link for the platform when the hot update fails', async () => {
    const failing = () => Promise.reject(new Error('offline'));
    const info = {
      nowVersion: '3.4.6',
      codePush: true,
      bundleUrl: 'https://x/b.zip',
      androidUrl: 'https://x/app.apk',
      appUrl: 'https://apps.apple.com/app/id1',
    };
    inShell('android');
    const android = fakePlugins({ download: failing });
    expect(await applyUpdate(info, android.deps)).toBe('full');
    expect(android.calls).toEqual(['open https://x/app.apk']);
    inShell('ios');
    const ios = fakePlugins({ download: failing });
    expect(await applyUpdate(info, ios.deps)).toBe('full');
    expect(ios.calls).toEqual(['open https://apps.apple.com/app/id1']);
    expect(await applyUpdate({ nowVersion: '3.4.6' }, fakePlugins().deps)).toBe('none');
  });

  it('finds the page a share link names', () => {
    expect(routeOfLink('https://app.example.com/#/pages/activity/details/index?id=AB12')).toBe(
      '/pages/activity/details/index?id=AB12',
    );
    expect(routeOfLink('https://app.example.com/')).toBeNull();
    // A short link (App Links and Universal Links open the app with it) goes to the page its code names.
    expect(routeOfLink('https://s.example.com/s/aAB12')).toBe('/pages/activity/details/index?id=AB12');
    expect(routeOfLink('https://s.example.com/s/%3Cscript')).toBeNull();
  });
});

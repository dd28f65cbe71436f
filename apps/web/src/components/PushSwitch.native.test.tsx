import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type NativePushServer, nativePushDevice } from '@/lib/native-push.ts';
import { fakeNativeServer, fakePushPlugin } from '@/lib/native-push-fixture.ts';
import type { PushServer } from '@/lib/push.ts';
import { PushSwitch } from './PushSwitch.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type Scope = typeof globalThis & { Capacitor?: unknown };

const unmounts: (() => void)[] = [];
beforeEach(() => localStorage.clear());
afterEach(() => {
  for (const unmount of unmounts.splice(0)) unmount();
  delete (globalThis as Scope).Capacitor;
});

/** Web Push routes that must not be used in the shell. */
const webServer: PushServer = {
  vapid: async () => {
    throw new Error('web push used in the shell');
  },
  subscribe: async () => {
    throw new Error('web push used in the shell');
  },
  unsubscribe: async () => {
    throw new Error('web push used in the shell');
  },
};

async function mountInShell(
  platform: 'android' | 'ios',
  plugin: ReturnType<typeof fakePushPlugin>,
  server: NativePushServer,
) {
  (globalThis as Scope).Capacitor = { isNativePlatform: () => true, getPlatform: () => platform };
  const shell = nativePushDevice(async () => plugin.plugin);
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  await act(async () =>
    root.render(<PushSwitch shell={shell} server={webServer} nativeServer={server} browser={null} />),
  );
  unmounts.push(() => {
    act(() => root.unmount());
    container.remove();
  });
  const row = () => container.querySelector('[data-testid="push-switch"]') as HTMLElement;
  await vi.waitFor(() => expect(row().dataset.status).not.toBe('loading'));
  const toggle = () => row().querySelector('[role="switch"]') as HTMLElement;
  return { row, toggle };
}

describe('PushSwitch in the native shell', () => {
  it('turns on with a tap: asks the system, registers, and posts the token as fcm on Android', async () => {
    const plugin = fakePushPlugin({ token: 'fcm-tap' });
    const server = fakeNativeServer(true);
    const { row, toggle } = await mountInShell('android', plugin, server);
    expect(row().dataset.status).toBe('off');
    await act(async () => toggle().click());
    await vi.waitFor(() => expect(row().dataset.status).toBe('on'));
    expect(plugin.calls).toEqual(['requestPermissions', 'register']);
    expect(server.calls).toEqual(['subscribe fcm fcm-tap']);
    await act(async () => toggle().click());
    await vi.waitFor(() => expect(row().dataset.status).toBe('off'));
    expect(server.calls).toEqual(['subscribe fcm fcm-tap', 'unsubscribe fcm-tap']);
  });

  it('posts apns on iOS', async () => {
    const plugin = fakePushPlugin({ token: 'apns-tap', permission: 'granted' });
    const server = fakeNativeServer(true);
    const { row, toggle } = await mountInShell('ios', plugin, server);
    await act(async () => toggle().click());
    await vi.waitFor(() => expect(row().dataset.status).toBe('on'));
    expect(server.calls).toEqual(['subscribe apns apns-tap']);
  });

  it("stays off and says to allow notifications in the phone's settings when permission is denied", async () => {
    const plugin = fakePushPlugin({ answer: 'denied' });
    const server = fakeNativeServer(true);
    const { row, toggle } = await mountInShell('android', plugin, server);
    await act(async () => toggle().click());
    await vi.waitFor(() => expect(row().dataset.status).toBe('denied'));
    expect(toggle().getAttribute('aria-checked')).toBe('false');
    expect(toggle().getAttribute('aria-disabled')).toBe('true');
    expect(row().textContent).toContain('push.deniedNative');
    expect(server.calls).toEqual([]);
  });

  it('is disabled and says why when the server has no native push', async () => {
    const plugin = fakePushPlugin({ permission: 'granted' });
    const { row, toggle } = await mountInShell('ios', plugin, fakeNativeServer(false));
    expect(row().dataset.status).toBe('unavailable');
    expect(row().textContent).toContain('push.unavailable');
    expect(toggle().getAttribute('aria-disabled')).toBe('true');
    expect(plugin.calls).toEqual([]);
  });
});

import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PushBrowser, PushServer } from '@/lib/push.ts';
import { PushSwitch } from './PushSwitch.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const KEY = `B${'A'.repeat(85)}Q`;
const unmounts: (() => void)[] = [];
afterEach(() => {
  for (const unmount of unmounts.splice(0)) unmount();
});

function server(): PushServer & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    vapid: async () => ({ publicKey: KEY, web: true, native: false }),
    subscribe: async (json) => calls.push(`subscribe ${json.endpoint}`),
    unsubscribe: async (endpoint) => calls.push(`unsubscribe ${endpoint}`),
  };
}

/** A browser already subscribed with the server's key. */
function subscribedBrowser(): PushBrowser {
  const key = new Uint8Array(Buffer.from(KEY, 'base64url')).buffer;
  let current: PushSubscription | null = {
    endpoint: 'https://push.example/held',
    options: { applicationServerKey: key },
    toJSON: () => ({ endpoint: 'https://push.example/held' }),
    unsubscribe: async () => {
      current = null;
      return true;
    },
  } as unknown as PushSubscription;
  return {
    registration: async () =>
      ({ pushManager: { getSubscription: async () => current } }) as unknown as ServiceWorkerRegistration,
    permission: () => 'granted',
    requestPermission: async () => 'granted',
  };
}

async function mount(browser: PushBrowser | null, routes: PushServer) {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  await act(async () => root.render(<PushSwitch browser={browser} server={routes} />));
  unmounts.push(() => {
    act(() => root.unmount());
    container.remove();
  });
  const row = () => container.querySelector('[data-testid="push-switch"]') as HTMLElement;
  await vi.waitFor(() => expect(row().dataset.status).not.toBe('loading'));
  return row;
}

describe('PushSwitch', () => {
  it('shows on for a subscribed browser (registering it again), and turns it off with a tap', async () => {
    const routes = server();
    const row = await mount(subscribedBrowser(), routes);
    expect(row().dataset.status).toBe('on');
    expect(routes.calls).toEqual(['subscribe https://push.example/held']);
    const toggle = row().querySelector('[role="switch"]') as HTMLElement;
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    await act(async () => toggle.click());
    await vi.waitFor(() => expect(row().dataset.status).toBe('off'));
    expect(routes.calls).toEqual(['subscribe https://push.example/held', 'unsubscribe https://push.example/held']);
  });

  it('is disabled and says why where this browser cannot push', async () => {
    const row = await mount(null, server());
    expect(row().dataset.status).toBe('unsupported');
    expect(row().textContent).toContain('push.unsupported');
    expect(row().querySelector('[role="switch"]')?.getAttribute('aria-disabled')).toBe('true');
  });
});

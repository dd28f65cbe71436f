import type { PushVapid } from '@polaris/contract';
import { describe, expect, it } from 'vitest';
import {
  applicationServerKey,
  type PushBrowser,
  type PushServer,
  pushStatus,
  turnPushOff,
  turnPushOn,
} from './push.ts';

// A P-256 point (65 bytes, 0x04 first) as the server gives it.
const SERVER_KEY = `B${'A'.repeat(85)}Q`;
const OLD_KEY = `B${'B'.repeat(85)}Q`;

/** A browser's push manager and notification permission, recording what the app asked of them. */
function fakeBrowser(permission: NotificationPermission, answer: NotificationPermission = permission) {
  const log: string[] = [];
  let current: PushSubscription | null = null;
  const subscription = (endpoint: string, key: Uint8Array) =>
    ({
      endpoint,
      options: { applicationServerKey: key.buffer, userVisibleOnly: true },
      toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: 'p', auth: 'a' } }),
      unsubscribe: async () => {
        log.push(`browser unsubscribe ${endpoint}`);
        current = null;
        return true;
      },
    }) as unknown as PushSubscription;
  const pushManager = {
    getSubscription: async () => current,
    subscribe: async (options: PushSubscriptionOptionsInit) => {
      const key = options.applicationServerKey as Uint8Array;
      log.push(`browser subscribe visible=${options.userVisibleOnly} key=${Buffer.from(key).toString('base64url')}`);
      current = subscription('https://push.example/new', key);
      return current;
    },
  };
  let state = permission;
  const browser: PushBrowser = {
    registration: async () => ({ pushManager }) as unknown as ServiceWorkerRegistration,
    permission: () => state,
    requestPermission: async () => {
      log.push('permission asked');
      state = answer;
      return state;
    },
  };
  return {
    browser,
    log,
    holding: (endpoint: string, key: string) => {
      current = subscription(endpoint, applicationServerKey(key));
    },
    current: () => current,
  };
}

function fakeServer(vapid: Partial<PushVapid> = {}, refuse = false) {
  const log: string[] = [];
  const server: PushServer = {
    vapid: async () => ({ publicKey: SERVER_KEY, web: true, native: false, ...vapid }),
    subscribe: async (json) => {
      log.push(`server subscribe ${json.endpoint}`);
      if (refuse) throw new Error('Too many devices');
      return {};
    },
    unsubscribe: async (endpoint) => {
      log.push(`server unsubscribe ${endpoint}`);
      return {};
    },
  };
  return { server, log };
}

describe('Web Push on this browser', () => {
  it('decodes the server key to the bytes the push manager takes', () => {
    const key = applicationServerKey(SERVER_KEY);
    expect(key).toHaveLength(65);
    expect(key[0]).toBe(4);
    expect(Buffer.from(key).toString('base64url')).toBe(SERVER_KEY);
  });

  it('turning on asks permission, subscribes with the server key and registers the subscription', async () => {
    const device = fakeBrowser('default', 'granted');
    const { server, log } = fakeServer();
    expect(await turnPushOn(device.browser, server)).toBe('on');
    expect(device.log).toEqual(['permission asked', `browser subscribe visible=true key=${SERVER_KEY}`]);
    expect(log).toEqual(['server subscribe https://push.example/new']);
  });

  it('a refused permission leaves push off and nothing subscribed', async () => {
    const device = fakeBrowser('default', 'denied');
    const { server, log } = fakeServer();
    expect(await turnPushOn(device.browser, server)).toBe('denied');
    const dismissed = fakeBrowser('default', 'default');
    expect(await turnPushOn(dismissed.browser, server)).toBe('off');
    expect(device.current()).toBeNull();
    expect(log).toEqual([]);
    expect(await pushStatus(fakeBrowser('denied').browser, server)).toBe('denied');
  });

  it('a subscription the server refuses is undone, and the refusal reaches the switch', async () => {
    const device = fakeBrowser('granted');
    const { server } = fakeServer({}, true);
    await expect(turnPushOn(device.browser, server)).rejects.toThrow('Too many devices');
    expect(device.current()).toBeNull();
    expect(device.log.at(-1)).toBe('browser unsubscribe https://push.example/new');
  });

  it('on opening, a subscription the browser holds is registered again for whoever is signed in', async () => {
    const device = fakeBrowser('granted');
    device.holding('https://push.example/held', SERVER_KEY);
    const { server, log } = fakeServer();
    expect(await pushStatus(device.browser, server)).toBe('on');
    expect(log).toEqual(['server subscribe https://push.example/held']);
  });

  it('a subscription made with an old server key is dropped (and made anew when turned on)', async () => {
    const device = fakeBrowser('granted');
    device.holding('https://push.example/old', OLD_KEY);
    const { server, log } = fakeServer();
    expect(await pushStatus(device.browser, server)).toBe('off');
    expect(device.log).toEqual(['browser unsubscribe https://push.example/old']);
    device.holding('https://push.example/old', OLD_KEY);
    expect(await turnPushOn(device.browser, server)).toBe('on');
    expect(device.log.slice(1)).toEqual([
      'browser unsubscribe https://push.example/old',
      `browser subscribe visible=true key=${SERVER_KEY}`,
    ]);
    expect(log).toEqual(['server subscribe https://push.example/new']);
  });

  it('turning off tells the server and unsubscribes the browser', async () => {
    const device = fakeBrowser('granted');
    device.holding('https://push.example/held', SERVER_KEY);
    const { server, log } = fakeServer();
    expect(await turnPushOff(device.browser, server)).toBe('off');
    expect(log).toEqual(['server unsubscribe https://push.example/held']);
    expect(device.current()).toBeNull();
  });

  it('says when this browser or the server cannot push', async () => {
    const { server } = fakeServer();
    expect(await pushStatus(null, server)).toBe('unsupported');
    expect(await turnPushOn(null, server)).toBe('unsupported');
    const noWorker: PushBrowser = { ...fakeBrowser('granted').browser, registration: async () => null };
    expect(await pushStatus(noWorker, server)).toBe('unsupported');
    const off = fakeServer({ web: false }).server;
    expect(await pushStatus(fakeBrowser('granted').browser, off)).toBe('unavailable');
    expect(await turnPushOn(fakeBrowser('default', 'granted').browser, off)).toBe('unavailable');
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  followNotificationTaps,
  nativePushDevice,
  nativePushStatus,
  routeOfNotification,
  turnNativePushOff,
  turnNativePushOn,
} from './native-push.ts';
import { fakeNativeServer, fakePushPlugin } from './native-push-fixture.ts';
import { readStore } from './storage.ts';

// The real plugin module, replaced: what the default (lazy-import) path of nativePushDevice() loads.
const mocked = vi.hoisted(() => ({ plugin: null as unknown }));
vi.mock('@capacitor/push-notifications', () => ({
  get PushNotifications() {
    return mocked.plugin;
  },
}));

type Scope = typeof globalThis & { Capacitor?: unknown };

function inShell(platform: 'android' | 'ios' | null) {
  (globalThis as Scope).Capacitor = platform
    ? { isNativePlatform: () => true, getPlatform: () => platform }
    : { isNativePlatform: () => false, getPlatform: () => 'web' };
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  delete (globalThis as Scope).Capacitor;
});

describe('native push', () => {
  it('is not there in a browser', async () => {
    inShell(null);
    expect(nativePushDevice()).toBeNull();
    const fake = fakePushPlugin({});
    await followNotificationTaps(
      () => undefined,
      async () => fake.plugin,
    );
    expect(fake.listening('pushNotificationActionPerformed')).toBe(0);
  });

  it('registers on Android through the lazily imported plugin and posts the token as fcm', async () => {
    inShell('android');
    const fake = fakePushPlugin({ token: 'fcm-token-1' });
    mocked.plugin = fake.plugin;
    const device = nativePushDevice();
    if (!device) throw new Error('no device in the shell');
    const server = fakeNativeServer(true);
    expect(await nativePushStatus(device, server)).toBe('off');
    expect(await turnNativePushOn(device, server)).toBe('on');
    expect(fake.calls).toEqual(['requestPermissions', 'register']);
    expect(server.calls).toEqual(['subscribe fcm fcm-token-1']);
    expect(readStore().nativePush).toEqual({ token: 'fcm-token-1' });
    // Registration listeners are removed once the token arrived.
    expect(fake.listening('registration')).toBe(0);
  });

  it('posts apns on iOS, registers again on the next start, and replaces a rotated token', async () => {
    inShell('ios');
    const first = fakePushPlugin({ token: 'apns-1', permission: 'granted' });
    const server = fakeNativeServer(true);
    const device = nativePushDevice(async () => first.plugin);
    if (!device) throw new Error('no device in the shell');
    expect(await turnNativePushOn(device, server)).toBe('on');
    expect(first.calls).toEqual(['register']);
    const rotated = fakePushPlugin({ token: 'apns-2', permission: 'granted' });
    const restarted = nativePushDevice(async () => rotated.plugin);
    if (!restarted) throw new Error('no device in the shell');
    expect(await nativePushStatus(restarted, server)).toBe('on');
    expect(server.calls).toEqual(['subscribe apns apns-1', 'subscribe apns apns-2', 'unsubscribe apns-1']);
  });

  it('off unsubscribes the token, forgets it and unregisters the device', async () => {
    inShell('android');
    const fake = fakePushPlugin({ token: 'fcm-off', permission: 'granted' });
    const server = fakeNativeServer(true);
    const device = nativePushDevice(async () => fake.plugin);
    if (!device) throw new Error('no device in the shell');
    await turnNativePushOn(device, server);
    expect(await turnNativePushOff(device, server)).toBe('off');
    expect(server.calls).toEqual(['subscribe fcm fcm-off', 'unsubscribe fcm-off']);
    expect(fake.calls).toContain('unregister');
    expect(readStore().nativePush).toBeUndefined();
    // Permission still granted, but the person turned it off: it stays off after a restart.
    expect(await nativePushStatus(device, server)).toBe('off');
  });

  it('says denied, and posts nothing, when the system refuses', async () => {
    inShell('android');
    const fake = fakePushPlugin({ answer: 'denied' });
    const server = fakeNativeServer(true);
    const device = nativePushDevice(async () => fake.plugin);
    if (!device) throw new Error('no device in the shell');
    expect(await turnNativePushOn(device, server)).toBe('denied');
    expect(fake.calls).toEqual(['requestPermissions']);
    expect(server.calls).toEqual([]);
  });

  it('fails (and keeps nothing) when registering with FCM/APNs fails', async () => {
    inShell('android');
    const fake = fakePushPlugin({ permission: 'granted', error: 'no google-services.json' });
    const server = fakeNativeServer(true);
    const device = nativePushDevice(async () => fake.plugin);
    if (!device) throw new Error('no device in the shell');
    await expect(turnNativePushOn(device, server)).rejects.toThrow('no google-services.json');
    expect(server.calls).toEqual([]);
    expect(readStore().nativePush).toBeUndefined();
  });

  it('is unavailable, without touching the plugin, when the server has no FCM/APNs credentials', async () => {
    inShell('ios');
    const load = vi.fn(async () => fakePushPlugin({}).plugin);
    const device = nativePushDevice(load);
    if (!device) throw new Error('no device in the shell');
    expect(await nativePushStatus(device, fakeNativeServer(false))).toBe('unavailable');
    expect(await turnNativePushOn(device, fakeNativeServer(false))).toBe('unavailable');
    expect(load).not.toHaveBeenCalled();
  });

  it("opens a tapped notification's data.link through the router", async () => {
    inShell('android');
    const fake = fakePushPlugin({});
    const routes: string[] = [];
    await followNotificationTaps(
      (route) => routes.push(route),
      async () => fake.plugin,
    );
    fake.tap({ link: '/pages/activity/detail?id=7', kind: 'activity.reminder' });
    fake.tap({ link: '' });
    fake.tap({ link: '//evil.example/x' });
    fake.tap({});
    fake.tap({ link: 'https://app.example.com/#/pages/wallet/index' });
    expect(routes).toEqual(['/pages/activity/detail?id=7', '/pages/wallet/index']);
  });

  it('reads only in-app routes from notification data', () => {
    expect(routeOfNotification(null)).toBeNull();
    expect(routeOfNotification({ link: 42 })).toBeNull();
    expect(routeOfNotification({ link: 'https://elsewhere.example/page' })).toBeNull();
    expect(routeOfNotification({ link: '/my/notices' })).toBe('/my/notices');
  });
});

import type { PushVapid } from '@polaris/contract';
import { nativePlatform, routeOfLink } from './native.ts';
import type { PushStatus } from './push.ts';
import { readStore, writeSlice } from './storage.ts';

/**
 * Native push in the Android and iOS shells (docs/native-apps.md "Push notifications"): the push plugin asks the
 * system's permission and registers with FCM (Android) or APNs (iOS); its device token goes to the server as
 * `{ kind: 'fcm' | 'apns', token }`, which binds it to this session like a browser's subscription. The token is
 * kept on the device so "off" can name it, and so a restart knows the switch was on. The plugin is imported on
 * first use (lib/native.ts), never in the browser.
 */

type Permission = 'granted' | 'denied' | 'prompt' | 'prompt-with-rationale';

interface Handle {
  remove(): Promise<void>;
}

/** The part of `@capacitor/push-notifications` used here (tests give a fake one). */
export interface NativePushPlugin {
  checkPermissions(): Promise<{ receive: Permission }>;
  requestPermissions(): Promise<{ receive: Permission }>;
  register(): Promise<void>;
  unregister(): Promise<void>;
  addListener(event: 'registration', listener: (token: { value: string }) => void): Promise<Handle>;
  addListener(event: 'registrationError', listener: (error: { error: string }) => void): Promise<Handle>;
  addListener(
    event: 'pushNotificationActionPerformed',
    listener: (action: { notification: { data?: unknown } }) => void,
  ): Promise<Handle>;
}

/** The shell's side: the plugin, loaded on demand, and where the token is kept. */
export interface NativePushDevice {
  platform: 'android' | 'ios';
  plugin(): Promise<NativePushPlugin>;
  savedToken(): string | null;
  saveToken(token: string | null): void;
}

/** The server's side: the push routes, with a device token. */
export interface NativePushServer {
  vapid(): Promise<PushVapid>;
  subscribe(device: { kind: 'fcm' | 'apns'; token: string }): Promise<unknown>;
  unsubscribe(token: string): Promise<unknown>;
}

const loadPlugin = async (): Promise<NativePushPlugin> =>
  (await import('@capacitor/push-notifications')).PushNotifications as unknown as NativePushPlugin;

/** This shell's native push, or null in a browser. */
export function nativePushDevice(plugin: () => Promise<NativePushPlugin> = loadPlugin): NativePushDevice | null {
  const platform = nativePlatform();
  if (!platform) return null;
  return {
    platform,
    plugin,
    savedToken: () => readStore().nativePush?.token ?? null,
    saveToken: (token) => writeSlice('nativePush', token ? { token } : undefined),
  };
}

/** How long registering may take before the switch gives up (no network, or a shell built without FCM/APNs). */
const REGISTER_TIMEOUT_MS = 20_000;

/** Registers with FCM/APNs and resolves the device token the plugin reports. */
async function deviceToken(plugin: NativePushPlugin): Promise<string> {
  const handles: Promise<Handle>[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await new Promise<string>((resolve, reject) => {
      handles.push(plugin.addListener('registration', ({ value }) => resolve(value)));
      handles.push(plugin.addListener('registrationError', ({ error }) => reject(new Error(error))));
      timer = setTimeout(() => reject(new Error('push registration timed out')), REGISTER_TIMEOUT_MS);
      Promise.all(handles).then(() => plugin.register(), reject);
    });
  } finally {
    clearTimeout(timer);
    for (const handle of await Promise.all(handles)) void handle.remove();
  }
}

function kindOf(device: NativePushDevice): 'fcm' | 'apns' {
  return device.platform === 'android' ? 'fcm' : 'apns';
}

/** Registers (again) and gives the server the current token, replacing a stale one. */
async function subscribe(device: NativePushDevice, plugin: NativePushPlugin, server: NativePushServer) {
  const token = await deviceToken(plugin);
  const previous = device.savedToken();
  await server.subscribe({ kind: kindOf(device), token });
  device.saveToken(token);
  if (previous && previous !== token) await server.unsubscribe(previous).catch(() => undefined);
}

/**
 * Where native push stands: `unavailable` when the server has no FCM/APNs credentials, `denied` when the system
 * blocks the app's notifications, `on` when it was turned on here (the token is registered again so it follows
 * whoever is signed in now, and a rotated token replaces the old one), else `off`.
 */
export async function nativePushStatus(device: NativePushDevice, server: NativePushServer): Promise<PushStatus> {
  const vapid = await server.vapid();
  if (!vapid.native) return 'unavailable';
  const plugin = await device.plugin();
  const { receive } = await plugin.checkPermissions();
  if (receive === 'denied') return 'denied';
  if (receive !== 'granted' || !device.savedToken()) return 'off';
  await subscribe(device, plugin, server);
  return 'on';
}

/** Asks the system's permission (from a tap), registers, and gives the server the device token. */
export async function turnNativePushOn(device: NativePushDevice, server: NativePushServer): Promise<PushStatus> {
  const vapid = await server.vapid();
  if (!vapid.native) return 'unavailable';
  const plugin = await device.plugin();
  let { receive } = await plugin.checkPermissions();
  if (receive !== 'granted' && receive !== 'denied') ({ receive } = await plugin.requestPermissions());
  if (receive === 'denied') return 'denied';
  if (receive !== 'granted') return 'off';
  await subscribe(device, plugin, server);
  return 'on';
}

/** Tells the server to stop, and lets go of the token (FCM deletes it; iOS unregisters from APNs). */
export async function turnNativePushOff(device: NativePushDevice, server: NativePushServer): Promise<PushStatus> {
  const token = device.savedToken();
  if (token) await server.unsubscribe(token);
  device.saveToken(null);
  await (await device.plugin()).unregister().catch(() => undefined);
  return 'off';
}

/** The in-app route a notification's `data.link` names (the server sends the path; a full share link works too). */
export function routeOfNotification(data: unknown): string | null {
  const link = typeof data === 'object' && data !== null ? (data as { link?: unknown }).link : undefined;
  if (typeof link !== 'string' || !link) return null;
  if (link.startsWith('/') && !link.startsWith('//')) return link;
  return routeOfLink(link);
}

/** A tap on a native notification opens the page it is about. Does nothing outside the shell. */
export async function followNotificationTaps(
  go: (route: string) => void,
  plugin: () => Promise<NativePushPlugin> = loadPlugin,
): Promise<void> {
  if (!nativePlatform()) return;
  await (await plugin()).addListener('pushNotificationActionPerformed', ({ notification }) => {
    const route = routeOfNotification(notification.data);
    if (route) go(route);
  });
}

import type { PushVapid } from '@polaris/contract';
import { nativePlatform } from './native.ts';

/**
 * Web Push on this browser (docs/notifications.md "Push"): whether it can, whether it is on, and turning it on and
 * off. The browser's subscription (made with the server's VAPID key by the service worker's push manager) is
 * registered with the server, which binds it to this session: signing out ends it there.
 */

/**
 * `unsupported`: this browser (or the native shell, whose notifications are native) has no Web Push, or the app
 * has no service worker (development); `unavailable`: the server sends no Web Push; `denied`: the person blocked
 * notifications for the site (only the browser's settings can undo it); `off` / `on`.
 */
export type PushStatus = 'unsupported' | 'unavailable' | 'denied' | 'off' | 'on';

/** The browser's side, as narrow as the switch needs (tests give a fake one). */
export interface PushBrowser {
  registration(): Promise<ServiceWorkerRegistration | null>;
  permission(): NotificationPermission;
  requestPermission(): Promise<NotificationPermission>;
}

/** The server's side: the three push routes. */
export interface PushServer {
  vapid(): Promise<PushVapid>;
  subscribe(subscription: PushSubscriptionJSON): Promise<unknown>;
  unsubscribe(endpoint: string): Promise<unknown>;
}

/** This browser's Web Push, or null where there is none. */
export function browserPush(): PushBrowser | null {
  if (typeof window === 'undefined' || nativePlatform()) return null;
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) return null;
  return {
    registration: async () => (await navigator.serviceWorker.getRegistration()) ?? null,
    permission: () => Notification.permission,
    requestPermission: () => Notification.requestPermission(),
  };
}

/** A base64url key as the bytes `pushManager.subscribe` takes. */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Whether a subscription was made with this key (a server whose key changed needs a new one). */
function madeWith(subscription: PushSubscription, key: Uint8Array): boolean {
  const used = subscription.options?.applicationServerKey;
  if (!used) return false;
  const bytes = new Uint8Array(used);
  return bytes.length === key.length && bytes.every((byte, index) => byte === key[index]);
}

/**
 * Where push stands on this browser. A subscription the browser already holds is registered again, so it follows
 * whoever is signed in now (it was dropped with the previous session) and its keys stay current.
 */
export async function pushStatus(browser: PushBrowser | null, server: PushServer): Promise<PushStatus> {
  if (!browser) return 'unsupported';
  const registration = await browser.registration();
  if (!registration) return 'unsupported';
  const vapid = await server.vapid();
  if (!vapid.web) return 'unavailable';
  if (browser.permission() === 'denied') return 'denied';
  const existing = await registration.pushManager.getSubscription();
  if (!existing || browser.permission() !== 'granted') return 'off';
  if (!madeWith(existing, applicationServerKey(vapid.publicKey))) {
    await existing.unsubscribe();
    return 'off';
  }
  await server.subscribe(existing.toJSON());
  return 'on';
}

/** Asks for permission (from a tap: browsers allow the prompt only then), subscribes, tells the server. */
export async function turnPushOn(browser: PushBrowser | null, server: PushServer): Promise<PushStatus> {
  const registration = await browser?.registration();
  if (!browser || !registration) return 'unsupported';
  const vapid = await server.vapid();
  if (!vapid.web) return 'unavailable';
  const permission = browser.permission() === 'granted' ? 'granted' : await browser.requestPermission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'off';
  const key = applicationServerKey(vapid.publicKey);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !madeWith(subscription, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  try {
    await server.subscribe(subscription.toJSON());
  } catch (error) {
    // The server refused it (too many devices): leave nothing behind that it does not know of.
    await subscription.unsubscribe();
    throw error;
  }
  return 'on';
}

/** Unsubscribes this browser and tells the server. */
export async function turnPushOff(browser: PushBrowser | null, server: PushServer): Promise<PushStatus> {
  const registration = await browser?.registration();
  const subscription = await registration?.pushManager.getSubscription();
  if (subscription) {
    await server.unsubscribe(subscription.endpoint);
    await subscription.unsubscribe();
  }
  return 'off';
}

import type { PushVapid } from '@polaris/contract';
import type { NativePushPlugin, NativePushServer } from './native-push.ts';

type Permission = Awaited<ReturnType<NativePushPlugin['checkPermissions']>>['receive'];
type Listener = (event: never) => void;

/**
 * A stand-in for `@capacitor/push-notifications` (tests only): the system's permission answer, and `register()`
 * reporting `token` (or `error`) to the listeners, as the plugin does. `tap(data)` fires a notification tap.
 */
export function fakePushPlugin(options: {
  permission?: Permission;
  answer?: Permission;
  token?: string;
  error?: string;
}) {
  const calls: string[] = [];
  const listeners = new Map<string, Set<Listener>>();
  let permission: Permission = options.permission ?? 'prompt';
  const emit = (event: string, value: unknown) => {
    for (const listener of listeners.get(event) ?? []) (listener as (value: unknown) => void)(value);
  };
  const plugin: NativePushPlugin = {
    checkPermissions: async () => ({ receive: permission }),
    requestPermissions: async () => {
      calls.push('requestPermissions');
      permission = options.answer ?? 'granted';
      return { receive: permission };
    },
    register: async () => {
      calls.push('register');
      queueMicrotask(() =>
        options.error
          ? emit('registrationError', { error: options.error })
          : emit('registration', { value: options.token ?? 'device-token' }),
      );
    },
    unregister: async () => {
      calls.push('unregister');
    },
    addListener: async (event: string, listener: Listener) => {
      const set = listeners.get(event) ?? new Set();
      set.add(listener);
      listeners.set(event, set);
      return { remove: async () => void set.delete(listener) };
    },
  } as NativePushPlugin;
  const tap = (data: unknown) => emit('pushNotificationActionPerformed', { actionId: 'tap', notification: { data } });
  const listening = (event: string) => listeners.get(event)?.size ?? 0;
  return { plugin, calls, tap, listening };
}

/** The push routes, recording what the shell sends. */
export function fakeNativeServer(native: boolean): NativePushServer & { calls: string[] } {
  const calls: string[] = [];
  const vapid: PushVapid = { publicKey: '', web: false, native };
  return {
    calls,
    vapid: async () => vapid,
    subscribe: async (device) => calls.push(`subscribe ${device.kind} ${device.token}`),
    unsubscribe: async (token) => calls.push(`unsubscribe ${token}`),
  };
}

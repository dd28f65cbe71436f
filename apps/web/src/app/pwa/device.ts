import { APP_VERSION, APP_VERSION_CODE, appApi, WEB_DEVICE_TYPE } from '@polaris/contract';
import { api } from '@/api/request.ts';
import { readStore, writeSlice } from '@/lib/storage.ts';

/** This install's id: random, made once, kept with the app's other state; it names no hardware. */
function deviceId(): string {
  const known = readStore().device?.id;
  if (known && /^[A-Za-z0-9_-]{16,64}$/.test(known)) return known;
  const id = `web_${crypto.randomUUID().replaceAll('-', '')}`;
  writeSlice('device', { id });
  return id;
}

/** SPEC §7 `/client/device`, once per start: what this install runs, for the operator's release decisions. */
export async function reportDevice(language: string): Promise<void> {
  await api.call(
    appApi.clientDevice,
    {
      deviceId: deviceId(),
      deviceType: WEB_DEVICE_TYPE,
      appVersion: APP_VERSION,
      versionCode: APP_VERSION_CODE,
      os: (navigator.platform || 'web').slice(0, 64),
      model: (navigator.userAgent.match(/\(([^)]*)\)/)?.[1] ?? 'browser').slice(0, 64),
      language: language.slice(0, 16),
      screen: `${Math.round(window.screen.width)}x${Math.round(window.screen.height)}`,
    },
    { silent: true },
  );
}

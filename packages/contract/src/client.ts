import { z } from 'zod';
import { text } from './text.ts';

/**
 * The app's own release and the devices it runs on (SPEC §7 `/client/lastest`, `/client/device`;
 * docs/app-platform.md). `deviceType` is the client's platform: 1 iOS, 2 Android and the web app (SPEC §7 has the
 * client send 2), 3 desktop.
 */
export const DEVICE_TYPES = [1, 2, 3] as const;
export const WEB_DEVICE_TYPE = 2;

const deviceTypeField = z.coerce
  .number({ error: 'client.deviceTypeUnknown' })
  .int({ error: 'client.deviceTypeUnknown' })
  .refine((value) => (DEVICE_TYPES as readonly number[]).includes(value), { error: 'client.deviceTypeUnknown' });

/** A release number: dot-separated integers, compared part by part (3.4.10 is newer than 3.4.5). */
export const versionField = z
  .string()
  .trim()
  .regex(/^\d{1,6}(\.\d{1,6}){0,3}$/, { error: 'client.versionFormat' });

/** `POST /client/lastest`: which release the caller's platform should run. */
export const ClientLatestInput = z.object({ deviceType: deviceTypeField });

/** SPEC §4 "App version info". `codePush`: the release can be applied in place (a hot update). */
export const ClientReleaseOutput = z.object({
  nowVersion: versionField,
  /** The release notes the update prompt shows. */
  msgContent: z.string().max(2000),
  codePush: z.boolean(),
  /**
   * Not in SPEC §7's attachment: where the hot update's bundle (a zip of the built web app) is, for the native
   * shells' live-update plugin; empty when there is none. A file without it is still a release.
   */
  bundleUrl: z.string().max(2000).default(''),
  /** The full-update links: the Android package and the app-store (or download) page. */
  androidUrl: z.string().max(2000),
  appUrl: z.string().max(2000),
});
export type ClientRelease = z.infer<typeof ClientReleaseOutput>;

/** `POST /client/device`: what a client reports about itself, once per start. */
export const ClientDeviceInput = z.object({
  /** A random id the client made once and keeps (not a hardware id). */
  deviceId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{16,64}$/, { error: 'client.deviceIdFormat' }),
  deviceType: deviceTypeField,
  appVersion: versionField,
  versionCode: z.coerce.number().int().min(0).max(2_147_483_647),
  os: text().max(64).optional(),
  model: text().max(64).optional(),
  language: text().max(16).optional(),
  /** Screen size in CSS pixels, e.g. "390x844". */
  screen: z
    .string()
    .trim()
    .regex(/^\d{1,5}x\d{1,5}$/, { error: 'client.screenFormat' })
    .optional(),
});
export type ClientDevice = z.infer<typeof ClientDeviceInput>;

/** Dot-separated release numbers compared part by part; a missing part counts as 0. */
export function compareVersions(a: string, b: string): number {
  const left = a.split('.').map(Number);
  const right = b.split('.').map(Number);
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    const difference = (left[i] ?? 0) - (right[i] ?? 0);
    if (difference !== 0) return Math.sign(difference);
  }
  return 0;
}

import { sha256Hex } from '../../platform/secrets.ts';

/**
 * A device as "sign-in from a new device" knows it: the browser family and the operating system read from the
 * user agent, never its versions, so a browser or system update is not a new device (docs/notifications.md).
 * Pure; the order of the tests matters, as every browser's agent names others (Edge says Chrome and Safari).
 */

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera|OPiOS)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bMicroMessenger\//, 'WeChat'],
  [/\bUCBrowser\//, 'UC Browser'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\bAppleWebKit\/.*\bMobile\//, 'Safari'],
  [/\b(curl|Wget|python-requests|node-fetch|undici|okhttp)\b/i, 'Script'],
];

const SYSTEMS: [RegExp, string][] = [
  [/\bHarmonyOS\b/, 'HarmonyOS'],
  [/\bAndroid\b/, 'Android'],
  [/\b(iPhone|iPod)\b/, 'iOS'],
  [/\biPad\b/, 'iPadOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b|\bX11\b/, 'Linux'],
];

const first = (table: [RegExp, string][], agent: string) => table.find(([pattern]) => pattern.test(agent))?.[1];

export interface Device {
  /** What the notice names: `Chrome on Android`. */
  name: string;
  /** What `known_devices` keeps: a hash of the browser family and system. */
  fingerprint: string;
}

export function deviceOf(userAgent: string | undefined): Device {
  const agent = userAgent ?? '';
  const browser = first(BROWSERS, agent);
  const system = first(SYSTEMS, agent);
  // Names are the same in every language; an agent we cannot read is shown as it came (cut short), or "?".
  const name =
    browser && system ? `${browser} on ${system}` : (browser ?? system ?? (agent.trim().slice(0, 60) || '?'));
  return { name, fingerprint: sha256Hex(`device:${browser ?? '?'}|${system ?? '?'}`).slice(0, 32) };
}

/**
 * The native shells' bridge (docs/native-apps.md): what the Capacitor plugins do better than the web, used only
 * when the app runs inside the Android or iOS shell. The shell injects `window.Capacitor` before our code runs,
 * so detecting it costs nothing; the plugins are imported on first use, keeping them out of the web bundle's
 * first screen.
 */

import type { ImageOptions } from '@capacitor/camera';
import { routeOfShortLink } from '@polaris/contract';

interface CapacitorGlobal {
  isNativePlatform?(): boolean;
  getPlatform?(): string;
}

export function nativePlatform(): 'android' | 'ios' | null {
  const capacitor = (globalThis as typeof globalThis & { Capacitor?: CapacitorGlobal }).Capacitor;
  if (!capacitor?.isNativePlatform?.()) return null;
  const platform = capacitor.getPlatform?.();
  return platform === 'android' || platform === 'ios' ? platform : null;
}

/** The plugins, loaded on demand; tests pass their own. */
export interface NativePlugins {
  share(): Promise<{ share(options: { title?: string; text?: string; url?: string }): Promise<unknown> }>;
  camera(): Promise<{
    getPhoto(options: ImageOptions): Promise<{ webPath?: string; format: string }>;
  }>;
  app(): Promise<{ addListener(event: 'appUrlOpen', listener: (event: { url: string }) => void): Promise<unknown> }>;
  updater(): Promise<{
    download(options: { url: string; version: string }): Promise<{ id: string }>;
    set(options: { id: string }): Promise<void>;
  }>;
  openExternal(url: string): void;
}

const plugins: NativePlugins = {
  share: async () => (await import('@capacitor/share')).Share,
  camera: async () => (await import('@capacitor/camera')).Camera,
  app: async () => (await import('@capacitor/app')).App,
  updater: async () => (await import('@capgo/capacitor-updater')).CapacitorUpdater,
  // The shell hands links outside the app to the system (the store page, the download page).
  openExternal: (url) => window.open(url, '_system'),
};

/**
 * The system share sheet. Resolves true when the native sheet was shown (or the person dismissed it), false
 * outside the shell, where callers use the Web Share API or copy the link.
 */
export async function shareNatively(
  content: { title?: string; text?: string; url: string },
  deps: NativePlugins = plugins,
): Promise<boolean> {
  if (!nativePlatform()) return false;
  try {
    await (await deps.share()).share(content);
  } catch {
    // Dismissed: nothing to do, and no fallback either (the person chose not to share).
  }
  return true;
}

/**
 * A photo from the camera or the library through the native picker (which asks for the permission itself),
 * as a File for the usual upload; null outside the shell (use an `<input type="file">`) or when cancelled.
 */
export async function takePhotoNatively(deps: NativePlugins = plugins): Promise<File | null> {
  if (!nativePlatform()) return null;
  try {
    const options: ImageOptions = {
      resultType: 'uri' as ImageOptions['resultType'],
      source: 'PROMPT' as ImageOptions['source'],
      quality: 85,
    };
    const photo = await (await deps.camera()).getPhoto(options);
    if (!photo.webPath) return null;
    const blob = await (await fetch(photo.webPath)).blob();
    return new File([blob], `photo.${photo.format}`, { type: blob.type || `image/${photo.format}` });
  } catch {
    return null;
  }
}

/**
 * The route part of a share link (`https://host/#/pages/...` → `/pages/...`, a short link `https://host/s/<code>` →
 * the page it names), or null when it has none.
 */
export function routeOfLink(url: string): string | null {
  const hash = url.indexOf('#');
  if (hash < 0) return routeOfShortLink(url);
  const route = url.slice(hash + 1);
  return route.startsWith('/') ? route : null;
}

/** Share links that open the app (App Links, Universal Links) go to the page they name. */
export async function followDeepLinks(go: (route: string) => void, deps: NativePlugins = plugins): Promise<void> {
  if (!nativePlatform()) return;
  await (await deps.app()).addListener('appUrlOpen', ({ url }) => {
    const route = routeOfLink(url);
    if (route) go(route);
  });
}

/** What the version check says (SPEC §3 "App version info"). */
export interface AppVersionInfo {
  nowVersion: string;
  /** Whether this release may be applied in place (a hot update), and where its bundle (a zip of the web build) is. */
  codePush?: boolean;
  bundleUrl?: string | null;
  androidUrl?: string | null;
  appUrl?: string | null;
}

/**
 * SPEC §4 "Update": a hot update downloads the new web bundle, installs it and restarts (the live-update plugin
 * does all three); when it fails, or there is none, the full update opens instead (the Android download link or
 * the App Store page). Returns what happened; outside the shell it does nothing.
 */
export async function applyUpdate(
  info: AppVersionInfo,
  deps: NativePlugins = plugins,
): Promise<'hot' | 'full' | 'none' | 'web'> {
  const platform = nativePlatform();
  if (!platform) return 'web';
  if (info.codePush && info.bundleUrl) {
    try {
      const updater = await deps.updater();
      const bundle = await updater.download({ url: info.bundleUrl, version: info.nowVersion });
      await updater.set(bundle);
      return 'hot';
    } catch {
      // Fall through to the full update, as SPEC §4 says.
    }
  }
  const full = platform === 'android' ? info.androidUrl : info.appUrl;
  if (!full) return 'none';
  deps.openExternal(full);
  return 'full';
}

/**
 * The installed-app pieces (docs/app-platform.md): the service worker, the update check, the device report and
 * the offline check-in sync. They start after the first screen (the page's `load` and a few seconds more), from a
 * chunk of their own, so the first screen neither downloads nor waits for any of them.
 */
export function startAppPlatform(delayMs = 3000): void {
  if (import.meta.env.DEV) return;
  const begin = () => setTimeout(() => void import('./platform.ts').then((platform) => platform.start()), delayMs);
  if (document.readyState === 'complete') begin();
  else window.addEventListener('load', begin, { once: true });
}

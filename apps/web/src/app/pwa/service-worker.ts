import { nativePlatform } from '@/lib/native.ts';

/** How long an accepted update may take to download and take over before it counts as failed. */
const UPDATE_TIMEOUT_MS = 60_000;

let registration: ServiceWorkerRegistration | null = null;

/**
 * Registers sw.js (built by vite-sw.ts) for the app's folder; the browser checks it for a new build on each start.
 * Not in a native shell: its pages are on the device already, and updates come through the live-update plugin.
 */
export async function registerServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator) || nativePlatform()) return null;
  registration = await navigator.serviceWorker.register('./sw.js', { scope: './' });
  return registration;
}

/**
 * The accepted update (SPEC §4, on the web): fetch the new build's worker if it is not waiting already, tell it to
 * take over, and reload once it controls the page. Rejects when there is no worker to update, none arrives, or it
 * fails to install, so the caller shows "check update failed".
 */
export async function activateUpdate(reload: () => void = () => window.location.reload()): Promise<void> {
  const current = registration ?? (await navigator.serviceWorker?.getRegistration());
  if (!current) throw new Error('no service worker');
  const waiting = await withTimeout(waitingWorker(current), UPDATE_TIMEOUT_MS);
  await withTimeout(
    new Promise<void>((resolve) => {
      navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true });
      waiting.postMessage({ type: 'SKIP_WAITING' });
    }),
    UPDATE_TIMEOUT_MS,
  );
  reload();
}

async function waitingWorker(current: ServiceWorkerRegistration): Promise<ServiceWorker> {
  if (current.waiting) return current.waiting;
  if (!current.installing) await current.update();
  if (current.waiting) return current.waiting;
  const installing = current.installing;
  if (!installing) throw new Error('no newer build on the server');
  return new Promise((resolve, reject) => {
    installing.addEventListener('statechange', () => {
      if (installing.state === 'installed') resolve(installing);
      else if (installing.state === 'redundant') reject(new Error('the new build failed to install'));
    });
  });
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('update timed out')), ms);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

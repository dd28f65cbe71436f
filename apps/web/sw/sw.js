// The service worker (docs/app-platform.md). Built by vite-sw.ts, which replaces the two placeholders below with
// the build's file list and a version that changes whenever any of those files does.
//
// - Install: every file of the build (the shell, every lazy page, the language chunks, icons, manifest) goes into
//   a cache named for the version, so the app opens and moves between pages with no network.
// - The shell (index.html) is served from that cache: the running version is the one installed. A new build's
//   worker installs in the background and waits; the app's update prompt (SPEC §4) tells it to take over
//   (`skipWaiting`) and reloads. A first install has nothing to replace and takes over at once.
// - Nothing else is cached: API calls (/rest/…), uploads and outside hosts pass through untouched. What the app
//   keeps for offline use (tickets, queued check-ins) it keeps itself, in IndexedDB.

const VERSION = '__POLARIS_SW_VERSION__';
const FILES = ['__POLARIS_SW_FILES__'];
const CACHE = `polaris-shell-${VERSION}`;
const SHELL = new URL('index.html', self.registration.scope).href;
const HASHED = /\/assets\/[^/]+-[\w-]{8}\.\w+$/;
const PRECACHED = new Set(FILES.map((file) => new URL(file, self.registration.scope).href));

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) =>
      // Files under assets/ are named by their content hash, so the browser's HTTP cache may supply them (the entry
      // the page just loaded is not downloaded twice); the unhashed ones (index.html, icons) must come from the server.
      cache.addAll([...PRECACHED].map((url) => new Request(url, { cache: HASHED.test(url) ? 'default' : 'reload' }))),
    ),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith('polaris-shell-') && name !== CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  const scope = new URL(self.registration.scope);
  if (request.mode === 'navigate') {
    // The hash router keeps every page under the scope's root, so the shell answers the root and index.html.
    if (url.pathname === scope.pathname || url.href.split(/[?#]/)[0] === SHELL) {
      event.respondWith(fromCache(SHELL, request));
    }
    return;
  }
  const key = url.origin + url.pathname;
  if (PRECACHED.has(key)) event.respondWith(fromCache(key, request));
});

/** The cached copy, or the network when the cache lost it (storage cleared under the worker). */
async function fromCache(key, request) {
  const cached = await caches.match(key, { cacheName: CACHE });
  return cached ?? fetch(request);
}

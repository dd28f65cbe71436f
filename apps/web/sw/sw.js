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
// - Push (docs/notifications.md "Push"): a push shows its notification (text already in the person's language,
//   action buttons already titled by the server); a tap, on the notification or on a button, brings an open window
//   of the app to the front on the notice's page, or opens one there.

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

self.addEventListener('push', (event) => {
  const message = pushMessage(event);
  const scope = self.registration.scope;
  event.waitUntil(
    self.registration.showNotification(message.title || 'Polaris', {
      body: message.body ?? '',
      tag: message.tag || undefined,
      // A newer notice with the same tag (more claims of one red packet) replaces the older one and still alerts.
      renotify: Boolean(message.tag),
      icon: new URL('icon-192.png', scope).href,
      badge: new URL('icon-192.png', scope).href,
      data: { link: message.link ?? null, noticeId: message.noticeId ?? null, kind: message.kind ?? null },
      actions: Array.isArray(message.actions) ? message.actions.slice(0, 2) : [],
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  // Every button opens the notice's page, as a tap on the notification does ("Open ticket", "Claim", "Reply").
  event.waitUntil(openApp(appUrl(event.notification.data?.link)));
});

/** The payload the server sent (JSON), or its text as the title when it is not JSON. */
function pushMessage(event) {
  if (!event.data) return {};
  try {
    return event.data.json() ?? {};
  } catch {
    return { title: event.data.text() };
  }
}

/** The app's address for an in-app path (`/pages/…`): the hash router keeps every page under the scope's root. */
function appUrl(link) {
  const scope = self.registration.scope;
  return typeof link === 'string' && link.startsWith('/pages/') ? new URL(`#${link}`, scope).href : scope;
}

/** Focuses a window of the app and takes it to `url` (a change of hash: no reload), or opens a new window there. */
async function openApp(url) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => client.url.startsWith(self.registration.scope));
  if (open) {
    try {
      const focused = await open.focus();
      await (focused ?? open).navigate(url);
      return;
    } catch {
      // A window this worker does not control cannot be navigated by it: open the page anew instead.
    }
  }
  await self.clients.openWindow(url);
}

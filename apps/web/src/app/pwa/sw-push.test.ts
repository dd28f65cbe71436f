import { readFileSync } from 'node:fs';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';

/**
 * The service worker's push handlers (sw/sw.js), run as the browser runs them: the file evaluated in a worker-like
 * scope of its own, its `push` and `notificationclick` listeners called with events, and what it asked of the
 * browser (a notification shown, a window focused, navigated or opened) recorded.
 */
const SOURCE = readFileSync(path.join(__dirname, '../../../sw/sw.js'), 'utf8')
  .replace('__POLARIS_SW_VERSION__', 'test')
  .replace("'__POLARIS_SW_FILES__'", "'index.html'");
const SCOPE = 'https://app.example/polaris/';

interface FakeWindow {
  url: string;
  focus(): Promise<FakeWindow>;
  navigate(url: string): Promise<FakeWindow>;
}

function worker(windows: { url: string; controlled?: boolean }[] = []) {
  const listeners = new Map<string, (event: unknown) => void>();
  const calls: unknown[][] = [];
  const clients: FakeWindow[] = windows.map((entry) => {
    const client: FakeWindow = {
      url: entry.url,
      focus: async () => {
        calls.push(['focus', client.url]);
        return client;
      },
      navigate: async (url) => {
        if (entry.controlled === false) throw new TypeError('not controlled');
        calls.push(['navigate', url]);
        return client;
      },
    };
    return client;
  });
  const self = {
    location: new URL(SCOPE),
    registration: {
      scope: SCOPE,
      showNotification: async (title: string, options: unknown) => {
        calls.push(['show', title, options]);
      },
    },
    clients: {
      matchAll: async (options: unknown) => {
        calls.push(['matchAll', options]);
        return clients;
      },
      openWindow: async (url: string) => {
        calls.push(['open', url]);
        return null;
      },
      claim: async () => undefined,
    },
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
    skipWaiting: async () => undefined,
  };
  runInNewContext(SOURCE, { self, URL, Request, Set, caches: {}, fetch });
  /** Dispatches an event and waits for what it passed to waitUntil. */
  async function dispatch(type: string, event: Record<string, unknown>) {
    const waits: Promise<unknown>[] = [];
    listeners.get(type)?.({ ...event, waitUntil: (promise: Promise<unknown>) => waits.push(promise) });
    await Promise.all(waits);
  }
  return { dispatch, calls, listeners };
}

const pushData = (value: unknown) => ({
  json: () => (typeof value === 'string' ? JSON.parse(value) : value),
  text: () => (typeof value === 'string' ? value : JSON.stringify(value)),
});

describe('the service worker on a push', () => {
  it('shows the notification with its text, tag, icon, deep link and the server-titled action', async () => {
    const sw = worker();
    await sw.dispatch('push', {
      data: pushData({
        title: '你要參加：台北開發者之夜',
        body: '12 月 12 日 19:00 · 松山',
        tag: 'activity:AB12CD',
        kind: 'registrationConfirmed',
        noticeId: '41',
        link: '/pages/activity/detail/index?code=AB12CD',
        actions: [{ action: 'openTicket', title: '打開門票' }],
      }),
    });
    expect(sw.calls).toEqual([
      [
        'show',
        '你要參加：台北開發者之夜',
        {
          body: '12 月 12 日 19:00 · 松山',
          tag: 'activity:AB12CD',
          renotify: true,
          icon: `${SCOPE}icon-192.png`,
          badge: `${SCOPE}icon-192.png`,
          data: { link: '/pages/activity/detail/index?code=AB12CD', noticeId: '41', kind: 'registrationConfirmed' },
          actions: [{ action: 'openTicket', title: '打開門票' }],
        },
      ],
    ]);
  });

  it('still shows something for a push that is not JSON', async () => {
    const sw = worker();
    await sw.dispatch('push', { data: pushData('plain words') });
    expect(sw.calls[0]?.[1]).toBe('plain words');
    expect(sw.calls[0]?.[2]).toMatchObject({ renotify: false, tag: undefined });
  });
});

describe('the service worker on a tap', () => {
  const notification = (link: string | null) => {
    const state = { closed: false };
    return { state, notification: { data: { link }, close: () => (state.closed = true) } };
  };

  it('focuses the open window of the app and takes it to the notice’s page', async () => {
    const sw = worker([{ url: 'https://elsewhere.example/' }, { url: `${SCOPE}#/pages/home/index` }]);
    const tap = notification('/pages/redpacket/index?code=RP1');
    await sw.dispatch('notificationclick', { ...tap, action: 'claim' });
    expect(tap.state.closed).toBe(true);
    expect(sw.calls).toEqual([
      ['matchAll', { type: 'window', includeUncontrolled: true }],
      ['focus', `${SCOPE}#/pages/home/index`],
      ['navigate', `${SCOPE}#/pages/redpacket/index?code=RP1`],
    ]);
  });

  it('opens a window on the page when none is open, or when the open one cannot be navigated', async () => {
    const none = worker();
    await none.dispatch('notificationclick', notification('/pages/activity/detail/index?code=AB12CD'));
    expect(none.calls.at(-1)).toEqual(['open', `${SCOPE}#/pages/activity/detail/index?code=AB12CD`]);
    const stale = worker([{ url: `${SCOPE}#/pages/home/index`, controlled: false }]);
    await stale.dispatch('notificationclick', notification('/pages/my/notices/index'));
    expect(stale.calls.at(-1)).toEqual(['open', `${SCOPE}#/pages/my/notices/index`]);
  });

  it('opens the app’s start for a notice without a page, and never an outside address', async () => {
    const sw = worker();
    await sw.dispatch('notificationclick', notification(null));
    await sw.dispatch('notificationclick', notification('https://evil.example/'));
    expect(sw.calls.filter((call) => call[0] === 'open')).toEqual([
      ['open', SCOPE],
      ['open', SCOPE],
    ]);
  });
});

describe('the service worker keeps its other work', () => {
  it('still listens for install, activate, fetch and the update message', () => {
    expect([...worker().listeners.keys()]).toEqual([
      'install',
      'activate',
      'message',
      'fetch',
      'push',
      'notificationclick',
    ]);
  });
});

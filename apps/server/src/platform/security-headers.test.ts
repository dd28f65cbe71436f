import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_BASE } from '@polaris/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';

/** The CSP header as directive → sources. */
function policyOf(header: string | string[] | number | undefined): Record<string, string[]> {
  expect(typeof header).toBe('string');
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name as string, sources]),
  );
}

describe('security headers over http', () => {
  let t: TestApp;
  let web: string;

  beforeAll(async () => {
    web = await mkdtemp(path.join(tmpdir(), 'polaris-web-'));
    await mkdir(path.join(web, 'assets'));
    await writeFile(path.join(web, 'index.html'), '<!doctype html><script type="module" src="./assets/a.js"></script>');
    await writeFile(path.join(web, 'assets', 'a.js'), 'export {};');
    t = await createTestApp({ webDistDir: web, env: { PUBLIC_URL: 'http://polaris.test:8080' } });
  });
  afterAll(async () => {
    await t.close();
    await rm(web, { recursive: true, force: true });
  });

  it('sends the policy, nosniff and the referrer policy on the app shell, an asset, the API and a 404', async () => {
    for (const url of ['/', '/index.html', '/assets/a.js', '/rest/polarisex/health', '/rest/polarisex/nope']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(response.headers['strict-transport-security'], url).toBeUndefined();
      const policy = policyOf(response.headers['content-security-policy']);
      expect(policy['default-src'], url).toEqual(["'self'"]);
      expect(policy['frame-ancestors'], url).toEqual(["'none'"]);
    }
  });

  it('allows scripts and connections only from our own origin, images also from the tile host', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(response.body).toContain('<script type="module"');
    const policy = policyOf(response.headers['content-security-policy']);
    expect(policy['script-src']).toEqual(["'self'"]);
    expect(policy['script-src-attr']).toEqual(["'none'"]);
    expect(policy['connect-src']).toEqual(["'self'", 'ws://polaris.test:8080']);
    expect(policy['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://tile.openstreetmap.org']);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['upgrade-insecure-requests']).toBeUndefined();
    // The web app learns the same tile template the policy allows.
    const config = await t.call('GET', '/app/config');
    expect(config.attachment).toMatchObject({ mapTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png' });
  });
});

describe('security headers over https', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { PUBLIC_URL: 'https://polaris.example', MAP_TILE_URL: 'https://tiles.example.net/osm/{z}/{x}/{y}.png' },
    });
  });
  afterAll(() => t.close());

  it('adds HSTS, wss and the configured tile host', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/rest/polarisex/health' });
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const policy = policyOf(response.headers['content-security-policy']);
    expect(policy['connect-src']).toEqual(["'self'", 'wss://polaris.example']);
    expect(policy['img-src']).toContain('https://tiles.example.net');
    expect(policy['img-src']).not.toContain('https://tile.openstreetmap.org');
    expect(policy['upgrade-insecure-requests']).toEqual([]);
  });
});

describe('Cache-Control on authenticated answers', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp();
    ({ token } = await t.register('cache@example.com'));
  }, 60_000);
  afterAll(() => t.close());

  const call = (route: { method: 'GET' | 'POST'; path: string; params?: Record<string, string> }, withToken: boolean) =>
    t.app.inject({
      method: route.method,
      url: `${API_BASE}${route.path.replace(/:(\w+)/g, (_, name: string) => route.params?.[name] ?? name)}`,
      headers: withToken ? { token, locale: 'en_US' } : { locale: 'en_US' },
    });

  it('every registered route: no-store on what needs a session and on every envelope to a request with a token', async () => {
    const routes = [...t.app.routeTable].sort(
      (a, b) => Number(a.path === '/user/logout') - Number(b.path === '/user/logout'),
    );
    expect(routes.length).toBeGreaterThan(100);
    for (const route of routes) {
      const name = `${route.method} ${route.path}`;
      const signedIn = await call(route, true);
      const fileAnswer =
        route.produces !== undefined &&
        String(signedIn.headers['content-type']).startsWith(route.produces.split(';')[0]!);
      if (route.auth === 'user' || !fileAnswer) expect(signedIn.headers['cache-control'], name).toBe('no-store');
      if (route.auth === 'user') expect((await call(route, false)).headers['cache-control'], name).toBe('no-store');
    }
    // An unknown path under the API, asked with a token, is an envelope too.
    const unknown = await t.app.inject({ method: 'GET', url: `${API_BASE}/no/such/route`, headers: { token } });
    expect(unknown.headers['cache-control']).toBe('no-store');
  });

  it('public answers keep their own caching: a public file with a token, anything without one', async () => {
    const icon = t.app.routeTable.find((route) => route.path === '/daogame/icons/:name')!;
    for (const withToken of [true, false]) {
      expect((await call(icon, withToken)).headers['cache-control']).toBe('public, max-age=86400');
    }
    const config = await t.app.inject({ method: 'GET', url: `${API_BASE}/app/config` });
    expect(config.headers['cache-control']).toBeUndefined();
  });
});

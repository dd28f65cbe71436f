import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
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

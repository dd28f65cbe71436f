import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { DEFAULT_CORS_ORIGINS, parseCorsOrigins } from './cors.ts';

const SIGNED_CALL_HEADERS = 'content-type,token,uid,uuid,appid,locale,timestamp,nonce,authorization';

function preflight(t: TestApp, origin: string, url = '/rest/polarisex/wallet/transfer') {
  return t.app.inject({
    method: 'OPTIONS',
    url,
    headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': SIGNED_CALL_HEADERS },
  });
}

describe('calls from the native shells (CORS)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers the shells’ preflight for a signed call, without credentials, cached for ten minutes', async () => {
    for (const origin of DEFAULT_CORS_ORIGINS) {
      const answer = await preflight(t, origin);
      expect(answer.statusCode, origin).toBe(204);
      expect(answer.headers['access-control-allow-origin']).toBe(origin);
      expect(String(answer.headers['access-control-allow-methods'])).toMatch(/POST/);
      expect(String(answer.headers['access-control-allow-headers']).split(',')).toEqual(
        expect.arrayContaining(['token', 'authorization', 'timestamp', 'nonce']),
      );
      expect(answer.headers['access-control-allow-credentials']).toBeUndefined();
      expect(answer.headers['access-control-max-age']).toBe('600');
    }
  });

  it('lets a signed-in shell read its answers, and the file name of a download', async () => {
    const user = await t.register('shell@example.com');
    const answer = await t.app.inject({
      method: 'GET',
      url: '/rest/polarisex/user/info',
      headers: { origin: 'capacitor://localhost', token: user.token, locale: 'en_US' },
    });
    expect(answer.json().status).toBe(200);
    expect(answer.headers['access-control-allow-origin']).toBe('capacitor://localhost');
    expect(answer.headers['access-control-expose-headers']).toBe('content-disposition');
    expect(String(answer.headers.vary)).toMatch(/origin/i);
  });

  it('gives any other origin no CORS headers, so its browser keeps the answer from it', async () => {
    for (const origin of ['https://evil.example', 'capacitor://evil', 'http://localhost', 'null']) {
      const answer = await preflight(t, origin);
      expect(answer.headers['access-control-allow-origin'], origin).toBeUndefined();
      const call = await t.app.inject({ method: 'GET', url: '/rest/polarisex/health', headers: { origin } });
      expect(call.headers['access-control-allow-origin'], origin).toBeUndefined();
    }
  });

  it('lets the shells show our images, which they load without CORS', async () => {
    const icon = await t.app.inject({ method: 'GET', url: '/rest/polarisex/daogame/icons/placeholder.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });
});

describe('CORS_ORIGINS', () => {
  it('lists origins exactly as browsers send them, or none', () => {
    expect(parseCorsOrigins(undefined)).toEqual(DEFAULT_CORS_ORIGINS);
    expect(parseCorsOrigins(' ')).toEqual(DEFAULT_CORS_ORIGINS);
    expect(parseCorsOrigins('none')).toEqual([]);
    expect(parseCorsOrigins('capacitor://localhost, HTTP://10.0.2.2:8080/')).toEqual([
      'capacitor://localhost',
      'http://10.0.2.2:8080',
    ]);
  });

  it('refuses anything that is not an origin, naming it, before the server starts', () => {
    for (const bad of ['*', 'localhost', 'https://app.example.com/path', 'https://a.example?x=1']) {
      expect(() => parseCorsOrigins(bad), bad).toThrow(/is not an origin/);
    }
    expect(() => loadConfig({ CORS_ORIGINS: 'https://ok.example,*' })).toThrow(/CORS_ORIGINS: "\*" is not an origin/);
  });

  it('with none, answers no other origin and keeps images to our own', async () => {
    const t = await createTestApp({ env: { CORS_ORIGINS: 'none' } });
    try {
      const answer = await preflight(t, 'capacitor://localhost');
      expect(answer.headers['access-control-allow-origin']).toBeUndefined();
      const icon = await t.app.inject({ method: 'GET', url: '/rest/polarisex/daogame/icons/placeholder.svg' });
      expect(icon.headers['cross-origin-resource-policy']).toBe('same-origin');
    } finally {
      await t.close();
    }
  });
});

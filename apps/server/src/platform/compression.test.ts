import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { API_BASE } from '@polaris/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { COMPRESS_THRESHOLD_BYTES } from './compression.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (path: string, acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url: `${API_BASE}${path}`,
    headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
  });

describe('compressed API answers', () => {
  it('sends a large JSON answer as brotli or gzip, whichever the client takes, and the same JSON inside', async () => {
    const plain = await get('/openapi.json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(100_000);

    const br = await get('/openapi.json', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
    expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);

    const gzip = await get('/openapi.json', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('leaves an answer under the threshold as it is', async () => {
    const health = await get('/health', 'br');
    expect(health.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toMatchObject({ status: 200 });
  });
});

describe('compressed request bodies', () => {
  it('are not inflated: the body is read as sent and refused', async () => {
    const { gzipSync } = await import('node:zlib');
    const response = await t.app.inject({
      method: 'POST',
      url: `${API_BASE}/user/login`,
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip', locale: 'en_US' },
      payload: gzipSync(JSON.stringify({ email: 'a@example.com', password: 'x' })),
    });
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json()).toMatchObject({ status: 400, attachment: [{ field: 'body' }] });
  });
});

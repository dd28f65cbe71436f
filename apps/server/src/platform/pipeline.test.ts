import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp } from '../test/app.ts';
import { whitelistOnce } from './whitelist.ts';

// What every request pays for, kept small: one access-log line, no limiter on a static answer.
describe('per-request pipeline', () => {
  it('writes one access-log line per request, with its status and time, and the URL redacted', async () => {
    const stream = new PassThrough();
    const lines: string[] = [];
    stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
    const t = await createTestApp({ env: { LOG_LEVEL: 'info' }, logStream: stream });
    try {
      const before = lines.length;
      await t.call('GET', '/app/config', { query: { token: 'not-for-logs' } });
      const written = lines.slice(before).map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(written).toHaveLength(1);
      expect(written[0]).toMatchObject({
        msg: 'request',
        method: 'GET',
        url: '/rest/polarisex/app/config?token=[redacted]',
        status: 200,
      });
      expect(typeof written[0]!.ms).toBe('number');
    } finally {
      await t.close();
    }
  });

  it('does not rate-limit the static app configuration, and still limits routes that do work', async () => {
    const t = await createTestApp({ rateLimit: true });
    try {
      const config = await t.app.inject({ url: '/rest/polarisex/app/config' });
      expect(config.statusCode).toBe(200);
      expect(config.headers['x-ratelimit-limit']).toBeUndefined();
      const health = await t.app.inject({ url: '/rest/polarisex/health' });
      expect(health.headers['x-ratelimit-limit']).toBeDefined();
    } finally {
      await t.close();
    }
  });

  it('gives each caller the same whitelisted app configuration, with the country from a trusted proxy', async () => {
    const t = await createTestApp({ env: { BLOCKED_COUNTRIES: 'KP', TRUST_PROXY: 'loopback' } });
    try {
      const plain = await t.call<{ regionBlocked: boolean; country: string | null }>('GET', '/app/config');
      const again = await t.call<{ regionBlocked: boolean; country: string | null }>('GET', '/app/config');
      expect(again.attachment).toEqual(plain.attachment);
      expect(plain.attachment).toMatchObject({ regionBlocked: false, country: null });
      const blocked = await t.call('GET', '/app/config', { headers: { 'cf-ipcountry': 'kp' } });
      expect(blocked.attachment).toMatchObject({ regionBlocked: true, country: 'KP' });
    } finally {
      await t.close();
    }
  });
});

describe('whitelistOnce', () => {
  it('parses a frozen (cached) answer once, and anything else every time, dropping unlisted fields', () => {
    let parses = 0;
    const schema = z.object({ title: z.string().refine(() => ++parses > 0) });
    const present = whitelistOnce(schema);
    const cached = Object.freeze({ title: 'Night', secret: 'x' });
    expect(present(cached)).toEqual({ title: 'Night' });
    expect(present(cached)).toEqual({ title: 'Night' });
    expect(parses).toBe(1);
    const fresh = { title: 'Day' };
    present(fresh);
    fresh.title = 'Evening';
    expect(present(fresh)).toEqual({ title: 'Evening' });
    expect(parses).toBe(3);
  });
});

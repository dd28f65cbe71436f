import { PassThrough } from 'node:stream';
import { API_BASE } from '@polaris/contract';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function captureLog() {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (chunk: Buffer) => {
    text += chunk.toString();
  });
  return {
    stream,
    lines: () =>
      text
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { reqId?: string; msg: string; url?: string }),
  };
}

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('request ids', () => {
  it('a crash: the 500 envelope, the x-request-id header and every log line of the request carry one id', async () => {
    const log = captureLog();
    t = await createTestApp({ env: { LOG_LEVEL: 'info' }, logStream: log.stream });
    const app = t;
    // A handler as a service writes: through the app's logger (not the request's), after a database call.
    app.app.get('/probe/crash', async () => {
      await app.database.db.execute(sql`select 1`);
      app.app.log.warn('a service line inside the request');
      throw new Error('boom');
    });
    const id = 'lb-7f3a.01:2';
    const response = await app.app.inject({ url: '/probe/crash', headers: { 'x-request-id': id } });
    expect(response.statusCode).toBe(500);
    expect(response.headers['x-request-id']).toBe(id);
    expect(response.json()).toMatchObject({ status: 500, requestId: id });

    const lines = log.lines();
    const service = lines.find((line) => line.msg === 'a service line inside the request');
    const crash = lines.find((line) => line.msg === 'unhandled error');
    const access = lines.find((line) => line.msg === 'request' && line.url === '/probe/crash');
    expect(service?.reqId).toBe(id);
    expect(crash?.reqId).toBe(id);
    expect(access?.reqId).toBe(id);
    // Once per line: the request's own logger is not given the id a second time.
    const raw = JSON.stringify(lines);
    expect(raw.split(`"reqId":"${id}"`).length - 1).toBe(3);
  });

  it('a refused input: the 400 envelope names the same id as the header and the access line', async () => {
    const log = captureLog();
    t = await createTestApp({ env: { LOG_LEVEL: 'info' }, logStream: log.stream });
    const response = await t.app.inject({
      method: 'POST',
      url: `${API_BASE}/client/lastest`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ deviceType: 'toaster' }),
    });
    const id = response.headers['x-request-id'] as string;
    expect(id).toMatch(UUID);
    expect(response.json()).toMatchObject({ status: 400, requestId: id });
    const access = log.lines().find((line) => line.msg === 'request' && line.url === `${API_BASE}/client/lastest`);
    expect(access?.reqId).toBe(id);

    const notFound = await t.app.inject({ url: `${API_BASE}/nowhere` });
    expect(notFound.statusCode).toBe(404);
    expect(notFound.json()).toMatchObject({ status: 404, requestId: notFound.headers['x-request-id'] });
    expect(notFound.headers['x-request-id']).not.toBe(id);
  });

  it("takes the caller's id only when it is a short safe token, else makes one", async () => {
    t = await createTestApp();
    for (const given of ['has space', 'a'.repeat(65), '<script>', 'quote"d', 'semi;colon', 'é']) {
      const response = await t.app.inject({ url: `${API_BASE}/app/config`, headers: { 'x-request-id': given } });
      expect(response.headers['x-request-id']).toMatch(UUID);
    }
    const ok = await t.app.inject({ url: `${API_BASE}/app/config`, headers: { 'x-request-id': 'a'.repeat(64) } });
    expect(ok.headers['x-request-id']).toBe('a'.repeat(64));
    // A success's envelope is unchanged.
    expect(Object.keys(ok.json() as object).sort()).toEqual(['attachment', 'msg', 'status']);
  });
});

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import { JsonApi } from './json-api.ts';

let server: Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

/** A local API answering every request with `status` and `text` (or never, when `text` is null). */
async function api(status: number, text: string | null, timeoutMs = 2000) {
  const seen: { url?: string; headers: Record<string, unknown> }[] = [];
  server = createServer((request, response) => {
    seen.push({ url: request.url, headers: request.headers });
    if (text === null) return;
    response.writeHead(status, { 'content-type': 'application/json' }).end(text);
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const warnings: { details: object; message: string }[] = [];
  const client = new JsonApi({
    baseUrl: `http://127.0.0.1:${port}`,
    headers: { 'x-api-key': 'k' },
    timeoutMs,
    cacheMs: 60_000,
    now: () => new Date(),
    unavailable: (cause) => Object.assign(new AppError(580, 'nothing said'), { cause }),
    log: { warn: (details, message) => warnings.push({ details, message }) },
    logMessage: 'test API call failed',
  });
  return { client, seen, warnings };
}

describe('an adapter to an outside JSON API', () => {
  it('sends its headers and hands the status and the parsed body to the reader', async () => {
    const { client, seen } = await api(201, '{"a":1}');
    const answer = await client.get('/x?y=1', (read) => read);
    expect(answer).toEqual({ status: 201, ok: true, body: { a: 1 } });
    expect(seen[0]).toMatchObject({ url: '/x?y=1', headers: { accept: 'application/json', 'x-api-key': 'k' } });
  });

  it('reads a body that is not JSON as undefined', async () => {
    const { client } = await api(502, '<html>');
    expect(await client.get('/x', (read) => read)).toEqual({ status: 502, ok: false, body: undefined });
  });

  it("passes the reader's own error on, and logs it without the query", async () => {
    const { client, warnings } = await api(200, '{}');
    const own = new AppError(580, 'the API said no');
    await expect(
      client.get('/x?secret=1', () => {
        throw own;
      }),
    ).rejects.toBe(own);
    expect(warnings).toEqual([
      { details: { path: '/x', message: 'the API said no', cause: 'undefined' }, message: 'test API call failed' },
    ]);
  });

  it('turns a timeout into the adapter error', async () => {
    const { client, warnings } = await api(200, null, 100);
    const error = await client.get('/x', () => 'never').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ messageKey: 'nothing said' });
    expect((error as AppError).cause).toBeInstanceOf(Error);
    expect(warnings).toHaveLength(1);
  });

  it('keeps an answer per key and forgets a failure', async () => {
    const { client } = await api(200, '{}');
    let calls = 0;
    const load = async () => ++calls;
    expect(await client.cached('k', load)).toBe(1);
    expect(await client.cached('k', load)).toBe(1);
    await expect(client.cached('f', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await client.cached('f', load)).toBe(2);
  });
});

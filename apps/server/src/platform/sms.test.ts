import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmsSender, httpSmsGateway } from './sms.ts';

const log = { info: () => undefined } as unknown as FastifyBaseLogger;

/** The SMS adapters: the HTTP gateway against a local peer, and the labelled local outbox. */

const received: { headers: IncomingMessage['headers']; body: unknown }[] = [];
let answer = 200;
const peer = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk) => {
    body += chunk;
  });
  request.on('end', () => {
    received.push({ headers: request.headers, body: JSON.parse(body) });
    response.writeHead(answer, { 'content-type': 'application/json' }).end('{}');
  });
});
let url: string;

beforeAll(async () => {
  await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(peer.address() as AddressInfo).port}/send`;
});
afterAll(() => new Promise<void>((resolve) => peer.close(() => resolve())));

describe('HTTP SMS gateway', () => {
  it('posts the number and text as JSON with the bearer token', async () => {
    const sms = createSmsSender({ gatewayUrl: url, gatewayToken: 'secret-token', dataDir: '/nonexistent', log });
    expect(sms.destination).toBe(url);
    await sms.send({ to: '+886912345678', text: 'Your code is 123456' });
    expect(received.at(-1)?.body).toEqual({ to: '+886912345678', text: 'Your code is 123456' });
    expect(received.at(-1)?.headers.authorization).toBe('Bearer secret-token');
    expect(received.at(-1)?.headers['content-type']).toBe('application/json');
  });

  it('fails the send when the gateway answers an error', async () => {
    answer = 502;
    await expect(httpSmsGateway({ url }).send({ to: '+886912345678', text: 'x' })).rejects.toThrow('502');
    answer = 200;
  });
});

describe('local outbox SMS', () => {
  it('writes each text to DATA_DIR/outbox when no gateway is set', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'polaris-sms-'));
    try {
      const sms = createSmsSender({ dataDir, log });
      await sms.send({ to: '+886912345678', text: 'Your code is 654321' });
      const names = await readdir(path.join(dataDir, 'outbox'));
      expect(names).toHaveLength(1);
      expect(names[0]).toMatch(/-sms-\+886912345678\.txt$/);
      expect(await readFile(path.join(dataDir, 'outbox', names[0]!), 'utf8')).toContain('Your code is 654321');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

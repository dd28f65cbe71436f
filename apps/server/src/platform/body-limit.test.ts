import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { API_BASE } from '@polaris/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { REFUSED_BODY_DRAIN_BYTES } from './envelope-errors.ts';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

/**
 * Sends a request's whole body before reading anything, as most HTTP clients do (curl, OkHttp, Python's), over a
 * raw socket: what a server that closes on a refused body does to them is visible (EPIPE, ECONNRESET, nothing).
 */
function writeAllThenRead(bytes: number, chunked: boolean): Promise<{ head?: string; body?: string; error?: string }> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    let failed: string | undefined;
    socket.on('error', (error: NodeJS.ErrnoException) => {
      failed ??= error.code ?? error.message;
    });
    const answered = () => {
      const end = received.indexOf('\r\n\r\n');
      if (end === -1) return null;
      const head = received.slice(0, end);
      const body = received.slice(end + 4);
      const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? Number.NaN);
      // The length counts bytes, and the message is Chinese (the default language).
      return Buffer.byteLength(body) >= length ? { head, body } : null;
    };
    socket.on('data', (chunk) => {
      received += chunk.toString('utf8');
      const answer = answered();
      if (answer) {
        resolve(answer);
        socket.destroy();
      }
    });
    socket.on('close', () => resolve(answered() ?? { error: failed ?? 'closed with no answer' }));
    socket.pause();
    socket.on('connect', async () => {
      const headers = chunked ? 'transfer-encoding: chunked' : `content-length: ${bytes}`;
      const write = (data: string | Buffer) =>
        new Promise<void>((done) => socket.write(data, (error) => (error ? socket.destroy(error) : done())));
      try {
        await write(
          `POST ${API_BASE}/user/login HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\n${headers}\r\n\r\n`,
        );
        const piece = Buffer.alloc(64 * 1024, 'x');
        for (let sent = 0; sent < bytes; sent += piece.length) {
          await write(
            chunked
              ? Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')])
              : piece,
          );
        }
        if (chunked) await write('0\r\n\r\n');
      } catch {
        return;
      }
      // Only now does this client read its answer.
      socket.resume();
    });
  });
}

describe('a body over the limit', () => {
  for (const chunked of [false, true]) {
    it(`is refused with 413 in the envelope, which a client that writes it all first still reads (${chunked ? 'chunked' : 'with a length'})`, async () => {
      for (let attempt = 0; attempt < 5; attempt++) {
        const answer = await writeAllThenRead(4 * 1024 * 1024, chunked);
        expect(answer.error, `attempt ${attempt}`).toBeUndefined();
        expect(answer.head).toMatch(/^HTTP\/1\.1 413/);
        expect(JSON.parse(answer.body!)).toMatchObject({ status: 413 });
      }
    });
  }

  it('is not read without end: a body going past what is worth reading has its connection cut', async () => {
    const answer = await writeAllThenRead(REFUSED_BODY_DRAIN_BYTES + 8 * 1024 * 1024, true);
    expect(answer.error).toMatch(/EPIPE|ECONNRESET|closed with no answer/);
  });
});

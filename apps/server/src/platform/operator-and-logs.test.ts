import { createServer, type Server } from 'node:net';
import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { adminToken } from '../test/wallet-fixtures.ts';
import { renderCalendar } from './ics.ts';

function captureLog() {
  const stream = new PassThrough();
  const lines: string[] = [];
  stream.on('data', (chunk: Buffer) => lines.push(chunk.toString()));
  return { stream, text: () => lines.join('') };
}

async function withApp<T>(options: Parameters<typeof createTestApp>[0], work: (t: TestApp) => Promise<T>) {
  const t = await createTestApp(options);
  try {
    return await work(t);
  } finally {
    await t.close();
  }
}

const ledgerCheck = async (t: TestApp, options: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
  t.app.inject({
    url: '/rest/polarisex/admin/ledger/check',
    remoteAddress: options.remoteAddress,
    headers: { 'x-admin-token': await adminToken(t), ...options.headers },
  });

describe('operator routes', () => {
  it('answer only on loopback, unproxied, with the admin token', () =>
    withApp({}, async (t) => {
      expect((await ledgerCheck(t)).json()).toMatchObject({ status: 200, attachment: { ok: true } });
      expect((await ledgerCheck(t, { remoteAddress: '::1' })).json()).toMatchObject({ status: 200 });
      expect((await ledgerCheck(t, { remoteAddress: '203.0.113.5' })).json()).toMatchObject({ status: 403 });
      expect((await ledgerCheck(t, { headers: { 'x-forwarded-for': '203.0.113.5' } })).json()).toMatchObject({
        status: 403,
      });
      expect((await ledgerCheck(t, { headers: { 'x-admin-token': '0'.repeat(64) } })).json()).toMatchObject({
        status: 403,
      });
      const deposit = await t.call('POST', '/local-chain/deposit', {
        remoteAddress: '198.51.100.9',
        headers: { 'x-admin-token': await adminToken(t) },
        body: { email: 'nobody@example.com', asset: 'USDT', chain: 'BSC', amount: '1' },
      });
      expect(deposit.status).toBe(403);
    }));

  it('are off in production unless OPERATOR_ROUTES=on', async () => {
    await withApp({ env: { NODE_ENV: 'production' } }, async (t) => {
      expect((await ledgerCheck(t)).statusCode).toBe(404);
      const deposit = await t.app.inject({ method: 'POST', url: '/rest/polarisex/local-chain/deposit', payload: {} });
      expect(deposit.statusCode).toBe(404);
    });
    await withApp({ env: { NODE_ENV: 'production', OPERATOR_ROUTES: 'on' } }, async (t) => {
      expect((await ledgerCheck(t)).json()).toMatchObject({ status: 200 });
    });
    await withApp({ env: { OPERATOR_ROUTES: 'off' } }, async (t) => {
      expect((await ledgerCheck(t)).statusCode).toBe(404);
    });
  });
});

describe('logs', () => {
  it('never carry the bind parameters of a failed query', async () => {
    const log = captureLog();
    await withApp({ env: { LOG_LEVEL: 'info' }, logStream: log.stream }, async (t) => {
      const secret = 'alice-secret-value@example.com';
      const error = await t.database.db.execute(sql`select ${secret}::int`).catch((caught: unknown) => caught);
      expect(String(error)).toContain(secret);
      t.app.log.error({ err: error }, 'unhandled error');
      expect(log.text()).toContain('Failed query: select $1::int');
      expect(log.text()).not.toContain(secret);
    });
  });

  it('never carry a code when SMTP is configured, even when the mail server quotes the mail back', async () => {
    const smtp = await fakeSmtp();
    const log = captureLog();
    try {
      await withApp(
        { env: { LOG_LEVEL: 'info', SMTP_URL: `smtp://127.0.0.1:${smtp.port}` }, logStream: log.stream },
        async (t) => {
          const sent = await t.call('POST', '/user/vcode/send', {
            body: { email: 'mx@example.com', purpose: 'signup' },
          });
          expect(sent.http).toBe(500);
          const code = /\b(\d{6})\b/.exec(smtp.received())?.[1];
          expect(code).toMatch(/^\d{6}$/);
          expect(log.text()).toContain('unhandled error');
          expect(log.text()).not.toContain(code!);
        },
      );
    } finally {
      smtp.server.close();
    }
  });

  it('never carry the calendar feed token of a feed URL', async () => {
    const log = captureLog();
    await withApp({ env: { LOG_LEVEL: 'info' }, logStream: log.stream }, async (t) => {
      const session = await t.register('feed@example.com');
      const feed = await t.call<{ url: string }>('GET', '/calendar/feed', { token: session.token });
      const path = new URL(feed.attachment.url).pathname;
      const token = /\/calendar\/feed\/([^/]+)\.ics$/.exec(path)![1]!;
      expect((await t.app.inject({ url: path })).statusCode).toBe(200);
      expect(log.text()).toContain('/calendar/feed/[redacted].ics');
      expect(log.text()).not.toContain(token);
    });
  });
});

describe('.ics output', () => {
  it('escapes a bare CR, so no line ends early', () => {
    const ics = renderCalendar('Mine\rTheirs', [
      {
        uid: 'a@polaris',
        title: 'Talk\rBEGIN:VALARM',
        description: 'one\r\ntwo\nthree\rfour',
        startsAt: new Date('2026-01-01T10:00:00Z'),
        endsAt: new Date('2026-01-01T11:00:00Z'),
        updatedAt: new Date('2026-01-01T09:00:00Z'),
      },
    ]);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(ics).toContain('SUMMARY:Talk\\nBEGIN:VALARM');
    expect(ics).toContain('DESCRIPTION:one\\ntwo\\nthree\\nfour');
    expect(ics).toContain('X-WR-CALNAME:Mine\\nTheirs');
  });
});

/** An SMTP server that takes the whole mail, then refuses it quoting it back (as some servers do). */
async function fakeSmtp(): Promise<{ server: Server; port: number; received: () => string }> {
  let data = '';
  const server = createServer((socket) => {
    let inData = false;
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      if (inData) {
        data += text;
        if (data.includes('\r\n.\r\n')) {
          inData = false;
          socket.write(`554 5.7.1 rejected: ${data.replace(/\r?\n/g, ' ').slice(0, 900)}\r\n`);
        }
        return;
      }
      for (const line of text.split('\r\n').filter(Boolean)) {
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 fake\r\n');
        else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return { server, port: typeof address === 'object' && address ? address.port : 0, received: () => data };
}

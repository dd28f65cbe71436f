import { PassThrough } from 'node:stream';
import { hashLoginPassword } from '@polaris/contract';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { createMailer } from './mail.ts';

describe('with default settings', () => {
  let t: TestApp;
  beforeAll(async () => {
    // inject() comes from 127.0.0.1: here it plays the edge proxy that sets the country header.
    t = await createTestApp({ env: { BLOCKED_COUNTRIES: 'kp, XX', TRUST_PROXY: 'loopback' } });
  });
  afterAll(() => t.close());

  it('reports health with the database kind', async () => {
    const health = await t.call('GET', '/health');
    // PGlite here, PostgreSQL in CI's DATABASE_URL run: the answer names the one the server really uses.
    expect(['pglite', 'postgres']).toContain(t.database.kind);
    expect(health).toMatchObject({
      status: 200,
      attachment: { ok: true, database: t.database.kind, version: '3.4.5' },
    });
  });

  it('tells the client when its region is blocked, from the edge country header', async () => {
    const blocked = await t.call('GET', '/app/config', { headers: { 'cf-ipcountry': 'xx' } });
    expect(blocked.attachment).toMatchObject({ regionBlocked: true, country: 'XX' });
    const open = await t.call('GET', '/app/config', { headers: { 'cf-ipcountry': 'TW' } });
    expect(open.attachment).toMatchObject({ regionBlocked: false, country: 'TW' });
    const unknown = await t.call('GET', '/app/config');
    expect(unknown.attachment).toMatchObject({ regionBlocked: false, country: null });
  });

  it('serves an OpenAPI document listing every auth route with its schema', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/rest/polarisex/openapi.json' });
    const doc = response.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toBe('3.1.0');
    for (const path of [
      '/user/vcode/send',
      '/user/checkIsBindEmail',
      '/user/signup',
      '/user/login',
      '/user/signin',
      '/user/login/vcode',
      '/user/reset',
      '/user/logout',
    ]) {
      expect(doc.paths[path]?.post, path).toBeDefined();
    }
    const signup = doc.paths['/user/signup']?.post as {
      requestBody: { content: { 'application/json': { schema: { required: string[] } } } };
    };
    expect(signup.requestBody.content['application/json'].schema.required).toEqual(['email', 'vcode', 'password']);
    expect(doc.paths['/user/info']?.get).toBeDefined();
  });
});

describe('logging', () => {
  it('never writes a token or password to the log, even from a URL', async () => {
    const stream = new PassThrough();
    const lines: string[] = [];
    stream.on('data', (chunk: Buffer) => lines.push(chunk.toString()));
    const t = await createTestApp({ env: { LOG_LEVEL: 'info' }, logStream: stream });
    try {
      const session = await t.register('logged@example.com');
      await t.call('GET', '/user/info', { token: session.token });
      await t.call('GET', '/user/info', { query: { token: session.token } });
      await t.call('POST', '/user/login', { query: { password: 'plainsecret1' } });
      const log = lines.join('');
      expect(log).toContain('/user/info');
      expect(log).toContain('token=[redacted]');
      expect(log).not.toContain(session.token);
      expect(log).not.toContain('plainsecret1');
      expect(log).not.toContain(hashLoginPassword('abc12345'));
    } finally {
      await t.close();
    }
  });
});

describe('rate limits', () => {
  it('answers HTTP 429 with an envelope after 10 code requests a minute from one address', async () => {
    // A fresh client address per run, so a shared Redis store from an earlier run cannot tip the count.
    const t = await createTestApp({ rateLimit: true, env: { TRUST_PROXY: 'loopback' } });
    const address = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        const result = await t.call('POST', '/user/vcode/send', {
          body: { email: `r${i}@example.com`, purpose: 'signup' },
          locale: 'zh_TW',
          headers: { 'x-forwarded-for': address },
        });
        statuses.push(result.http);
        if (result.http === 429) expect(result).toMatchObject({ status: 429, msg: '請求過於頻繁，請稍後再試' });
      }
      expect(statuses.slice(0, 10).every((code) => code === 200)).toBe(true);
      expect(statuses[10]).toBe(429);
    } finally {
      await t.close();
    }
  });
});

describe('rate limit multiplier', () => {
  it('scales the presets: twice the multiplier, twice the code requests', async () => {
    const t = await createTestApp({ rateLimit: true, env: { TRUST_PROXY: 'loopback', RATE_LIMIT_MULTIPLIER: '2' } });
    const address = `203.0.113.${Math.floor(Math.random() * 250) + 1}`;
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 21; i++) {
        const result = await t.call('POST', '/user/vcode/send', {
          body: { email: `m${i}@example.com`, purpose: 'signup' },
          headers: { 'x-forwarded-for': address },
        });
        statuses.push(result.http);
      }
      expect(statuses.filter((code) => code === 200)).toHaveLength(20);
      expect(statuses[20]).toBe(429);
    } finally {
      await t.close();
    }
  });

  it('scales the file routes too: a tenth of the multiplier, a tenth of the uploads and feed reads', async () => {
    const t = await createTestApp({ rateLimit: true, env: { TRUST_PROXY: 'loopback', RATE_LIMIT_MULTIPLIER: '0.1' } });
    const address = `192.0.2.${Math.floor(Math.random() * 250) + 1}`;
    const headers = { 'x-forwarded-for': address };
    try {
      // The upload's preset allows 30 a minute: 3 at a tenth.
      const uploads: number[] = [];
      for (let i = 0; i < 4; i++) uploads.push((await t.call('POST', '/activity/image/upload', { headers })).http);
      expect(uploads).toEqual([200, 200, 200, 429]);
      // A feed read is a default route, 300 a minute: 30 at a tenth.
      const feeds: number[] = [];
      for (let i = 0; i < 31; i++) {
        feeds.push((await t.call('GET', '/calendar/feed/unknown0123456789abcdef.ics', { headers })).http);
      }
      expect(feeds.filter((code) => code === 200)).toHaveLength(30);
      expect(feeds[30]).toBe(429);
    } finally {
      await t.close();
    }
  });
});

describe('mail', () => {
  it('delivers through SMTP_URL to a real SMTP server', async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => {
          data += chunk.toString();
        });
        stream.on('end', () => {
          received.push(data);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.server.address() as { port: number }).port;
    const t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Polaris <a@b.test>' } });
    try {
      const sent = await t.call('POST', '/user/vcode/send', { body: { email: 'smtp@example.com', purpose: 'signup' } });
      expect(sent.status).toBe(200);
      expect(received).toHaveLength(1);
      expect(received[0]).toContain('To: smtp@example.com');
      expect(received[0]).toMatch(/Your verification code is \d{6}/);
    } finally {
      await t.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('writes an .eml to the outbox when no SMTP server is configured', async () => {
    const { mkdtemp, readdir, readFile } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const dir = await mkdtemp(path.join(tmpdir(), 'outbox-'));
    const logged: string[] = [];
    const log = { info: (_obj: unknown, msg: string) => logged.push(msg) } as never;
    const mailer = createMailer({ from: 'Polaris <a@b.test>', dataDir: dir, log });
    await mailer.send({ to: 'o@example.com', subject: '您的驗證碼是 123456', text: '驗證碼 123456' });
    const files = await readdir(path.join(dir, 'outbox'));
    expect(files).toHaveLength(1);
    const eml = await readFile(path.join(dir, 'outbox', files[0]!), 'utf8');
    expect(eml).toContain('To: o@example.com');
    expect(logged[0]).toContain('123456');
  });
});

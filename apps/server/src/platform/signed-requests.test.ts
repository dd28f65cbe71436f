import { hashLoginPassword, signRequest } from '@polaris/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';

let t: TestApp;
let session: { token: string; signingKey: string };
beforeAll(async () => {
  t = await createTestApp();
  session = await t.register('signer@example.com');
});
afterAll(() => t.close());

let counter = 0;
function signed(
  method: 'GET' | 'POST',
  path: string,
  options: { body?: unknown; key?: string; timestamp?: number; nonce?: string; tamper?: string; token?: string } = {},
) {
  const timestamp = String(options.timestamp ?? t.clock.now().getTime());
  const nonce = options.nonce ?? `nonce-${Date.now()}-${counter++}`;
  const body = options.body === undefined ? '' : JSON.stringify(options.body);
  const authorization = signRequest(options.key ?? session.signingKey, { method, path, timestamp, nonce, body });
  return t.call<{ items: { id: number; current: boolean }[] }>(method, path, {
    token: options.token ?? session.token,
    rawBody: options.tamper ?? (body || undefined),
    headers: { timestamp, nonce, authorization },
  });
}

describe('signed calls under /user/identity', () => {
  it('accepts a correct signature and lists the active logins', async () => {
    const result = await signed('GET', '/user/identity/sessions');
    expect(result.status).toBe(200);
    expect(result.attachment.items.filter((s) => s.current)).toHaveLength(1);
  });

  it('refuses a call without a signature, with a wrong key, or with a tampered body', async () => {
    const plain = await t.call('GET', '/user/identity/sessions', { token: session.token });
    expect(plain).toMatchObject({
      status: 401,
      msg: 'The request signature is missing, expired or wrong',
      attachment: { signature: 'refused' },
    });
    const wrongKey = await signed('GET', '/user/identity/sessions', { key: 'ab'.repeat(32) });
    expect(wrongKey).toMatchObject({ status: 401, attachment: { signature: 'refused' } });
    const tampered = await signed('POST', '/user/identity/sessions/revoke', { body: { id: 1 }, tamper: '{"id":2}' });
    expect(tampered.status).toBe(401);
  });

  it('refuses a timestamp more than 5 minutes off, saying the clock is off rather than the key', async () => {
    const now = t.clock.now().getTime();
    expect(await signed('GET', '/user/identity/sessions', { timestamp: now - 5 * 60_000 - 1000 })).toMatchObject({
      status: 401,
      msg: 'This device’s clock is more than 5 minutes off. Set it to the right time and try again',
      attachment: { signature: 'stale' },
    });
    expect((await signed('GET', '/user/identity/sessions', { timestamp: now + 5 * 60_000 + 1000 })).status).toBe(401);
    expect((await signed('GET', '/user/identity/sessions', { timestamp: now - 4 * 60_000 })).status).toBe(200);
  });

  it('refuses a reused nonce', async () => {
    const nonce = `reused-${Date.now()}`;
    expect((await signed('GET', '/user/identity/sessions', { nonce })).status).toBe(200);
    expect((await signed('GET', '/user/identity/sessions', { nonce })).status).toBe(401);
  });

  it('ends another login with a signed POST, which then answers 9999', async () => {
    const other = await t.call<{ token: string }>('POST', '/user/login', {
      body: { email: 'signer@example.com', password: hashLoginPassword('abc12345') },
    });
    const list = await signed('GET', '/user/identity/sessions');
    const target = list.attachment.items.find((s) => !s.current)!;
    const revoked = await signed('POST', '/user/identity/sessions/revoke', { body: { id: target.id } });
    expect(revoked.status).toBe(200);
    expect((await t.call('GET', '/user/info', { token: other.attachment.token })).status).toBe(9999);
    expect((await signed('POST', '/user/identity/sessions/revoke', { body: { id: 999999 } })).status).toBe(404);
  });
});

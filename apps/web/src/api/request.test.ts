import { MESSAGES, NOTICE_CATEGORIES, notificationsApi } from '@polaris/contract';
import { describe, expect, it, vi } from 'vitest';
import { isNotFound } from '@/lib/api-error.ts';
import { importSigningKey } from '@/lib/signing-key.ts';
import { envelope, flush, rejection, setup } from './request-fixture.ts';

describe('building the request', () => {
  it('puts GET params, locale, uid and uuid in the query and the token only in the header', async () => {
    const { client, lastCall } = setup();
    await client.get('/user/info', { page: 2, empty: undefined });
    const { url, init } = lastCall();
    expect(url.pathname).toBe('/rest/polarisex/user/info');
    expect(url.searchParams.get('page')).toBe('2');
    expect(url.searchParams.has('empty')).toBe(false);
    expect(url.searchParams.get('locale')).toBe('en_US');
    expect(url.searchParams.get('uid')).toBe('42');
    expect(url.searchParams.get('uuid')).toBe('uu-1');
    expect(url.search).not.toContain('tok-123');
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
    expect(init.headers).toMatchObject({
      appid: 'polarisex-web',
      locale: 'en_US',
      uid: '42',
      uuid: 'uu-1',
      token: 'tok-123',
    });
  });

  it('sends POST params as a JSON body, never in the URL', async () => {
    const { client, lastCall } = setup();
    await client.post('/user/login', { email: 'a@b.co', password: 'hash' });
    const { url, init } = lastCall();
    expect(url.search).not.toContain('hash');
    expect(url.search).not.toContain('email');
    expect(JSON.parse(String(init.body))).toEqual({ email: 'a@b.co', password: 'hash' });
    expect(init.headers).toMatchObject({ 'content-type': 'application/json' });
  });

  it('leaves the locale off when the call opts out, and identity off when logged out', async () => {
    const { client, lastCall } = setup({ readSession: () => ({}) });
    await client.get('/app/config', undefined, { withoutLocale: true });
    const { url, init } = lastCall();
    expect(url.search).toBe('');
    expect(init.headers).not.toHaveProperty('token');
    expect(init.headers).not.toHaveProperty('uid');
  });

  it('uses the locale code of the current language', async () => {
    const { client, lastCall } = setup({ language: () => 'zh-Hant' });
    await client.get('/health');
    expect(lastCall().url.searchParams.get('locale')).toBe('zh_HK');
  });

  it('refuses to put a secret into a GET query', async () => {
    const { client, effects } = setup();
    await expect(client.get('/user/x', { password: 'p' })).rejects.toThrow(/must not travel in a URL/);
    expect(effects.fetch).not.toHaveBeenCalled();
  });
});

describe('success', () => {
  it('resolves the attachment on HTTP 200 with status 200, without a toast', async () => {
    const { client, effects } = setup();
    await expect(client.get('/user/info')).resolves.toEqual({ ok: true });
    expect(effects.toast).not.toHaveBeenCalled();
  });
});

describe('a call of the route table', () => {
  const byCategory = Object.fromEntries(NOTICE_CATEGORIES.map((category) => [category, 0]));
  const unread = { total: 1, byCategory: { ...byCategory, wallet: 1 }, chatMessages: 0 };

  it('goes to its path with its method, and answers what the contract says', async () => {
    const { client, effects, lastCall } = setup();
    effects.fetch.mockResolvedValueOnce(envelope(200, 'Success', unread));
    await expect(client.call(notificationsApi.noticeUnread)).resolves.toEqual(unread);
    expect(lastCall().url.pathname).toBe('/rest/polarisex/notice/unread');
    expect(lastCall().init.method).toBe('GET');
  });

  it('in development and tests, refuses an answer the contract does not describe, naming the route and field', async () => {
    const { client, effects } = setup();
    effects.fetch.mockResolvedValueOnce(envelope(200, 'Success', { ...unread, total: 'one' }));
    await expect(client.call(notificationsApi.noticeUnread)).rejects.toThrow(
      /GET \/notice\/unread answered what the contract does not say: total:/,
    );
  });
});

describe('quiet statuses', () => {
  it.each([414, 409, 468, 580, 404])('hands status %i to the caller without a toast', async (status) => {
    const { client, effects } = setup();
    effects.fetch.mockResolvedValueOnce(envelope(status, 'server says', { resendIn: 42 }));
    const error = await rejection(client.post('/user/vcode/send'));
    expect(error.kind).toBe('quiet');
    expect(error.status).toBe(status);
    expect(error.message).toBe('server says');
    expect(error.attachment).toEqual({ resendIn: 42 });
    expect(error.unreported).toBe(true);
    expect(effects.toast).not.toHaveBeenCalled();
    expect(effects.clearSession).not.toHaveBeenCalled();
  });
});

describe('invalid session', () => {
  it.each([9999, 0])('status %i clears the session, prompts once and rejects', async (status) => {
    const { client, effects } = setup();
    effects.fetch.mockImplementation(async () => envelope(status, 'expired'));
    const error = await rejection(client.get('/user/info'));
    expect(error.kind).toBe('session');
    expect(effects.clearSession).toHaveBeenCalledTimes(1);
    expect(effects.confirmRelogin).toHaveBeenCalledTimes(1);
    expect(effects.toast).not.toHaveBeenCalled();
  });

  it('does not stack prompts when several calls fail while one is open', async () => {
    const { client, effects } = setup();
    effects.fetch.mockImplementation(async () => envelope(9999, 'expired'));
    await Promise.allSettled([client.get('/a'), client.get('/b'), client.get('/c')]);
    expect(effects.clearSession).toHaveBeenCalledTimes(3);
    expect(effects.confirmRelogin).toHaveBeenCalledTimes(1);
  });

  it('goes to the login page when the user confirms', async () => {
    const { client, effects, answerPrompt } = setup();
    effects.fetch.mockImplementation(async () => envelope(9999, 'expired'));
    await rejection(client.get('/a'));
    answerPrompt(true);
    await flush();
    expect(effects.goToLogin).toHaveBeenCalledTimes(1);
    expect(effects.reload).not.toHaveBeenCalled();
  });

  it('reloads the page when the user cancels', async () => {
    const { client, effects, answerPrompt } = setup();
    effects.fetch.mockImplementation(async () => envelope(0, 'expired'));
    await rejection(client.get('/a'));
    answerPrompt(false);
    await flush();
    expect(effects.reload).toHaveBeenCalledTimes(1);
    expect(effects.goToLogin).not.toHaveBeenCalled();
  });

  it('can prompt again after the first prompt was answered', async () => {
    const { client, effects, answerPrompt } = setup();
    effects.fetch.mockImplementation(async () => envelope(9999, 'expired'));
    await rejection(client.get('/a'));
    answerPrompt(true);
    await flush();
    await rejection(client.get('/b'));
    expect(effects.confirmRelogin).toHaveBeenCalledTimes(2);
  });

  it('shows no prompt when the login page is already open', async () => {
    const { client, effects } = setup({ isLoginPageOpen: () => true });
    effects.fetch.mockImplementation(async () => envelope(9999, 'expired'));
    const error = await rejection(client.get('/a'));
    expect(error.kind).toBe('session');
    expect(effects.clearSession).toHaveBeenCalledTimes(1);
    expect(effects.confirmRelogin).not.toHaveBeenCalled();
  });
});

describe('invalid input', () => {
  it('rejects a 400 with its field list and leaves showing it to the form', async () => {
    const { client, effects } = setup();
    const fields = [{ field: 'email', message: 'This email has not been registered' }];
    effects.fetch.mockResolvedValueOnce(envelope(400, 'invalid', fields));
    const error = await rejection(client.post('/user/login'));
    expect(error.kind).toBe('invalid');
    expect(error.fields).toEqual(fields);
    expect(effects.toast).not.toHaveBeenCalled();
  });

  it('toasts a 400 that names no field', async () => {
    const { client, effects } = setup();
    effects.fetch.mockResolvedValueOnce(envelope(400, 'The request could not be read', null));
    const error = await rejection(client.post('/user/login'));
    expect(error.kind).toBe('business');
    expect(effects.toast).toHaveBeenCalledWith('The request could not be read');
  });
});

describe('telling "not found" from other failures', () => {
  it('counts a 404, and a 400 about the id field alone, as not found; anything else is a failure', async () => {
    const { client, effects } = setup();
    effects.fetch.mockResolvedValueOnce(envelope(404, 'Activity not found', null));
    expect(isNotFound(await rejection(client.get('/activity/detail')), 'id')).toBe(true);

    effects.fetch.mockResolvedValueOnce(envelope(400, 'invalid', [{ field: 'asset', message: 'Unknown asset' }]));
    const unknownAsset = await rejection(client.get('/wallet/asset'));
    expect(isNotFound(unknownAsset, 'asset')).toBe(true);
    expect(isNotFound(unknownAsset, 'id')).toBe(false);
    expect(isNotFound(unknownAsset)).toBe(false);

    effects.fetch.mockResolvedValueOnce(
      envelope(400, 'invalid', [
        { field: 'asset', message: 'Unknown asset' },
        { field: 'limit', message: 'Too large' },
      ]),
    );
    expect(isNotFound(await rejection(client.get('/wallet/records')), 'asset')).toBe(false);

    effects.fetch.mockResolvedValueOnce(envelope(500, 'Server glitch', null, 500));
    expect(isNotFound(await rejection(client.get('/activity/detail')), 'id')).toBe(false);
    expect(isNotFound(new Error('offline'), 'id')).toBe(false);
  });
});

describe('other failures', () => {
  it('toasts the server message of a business failure and rejects', async () => {
    const { client, effects } = setup();
    effects.fetch.mockResolvedValueOnce(envelope(403, 'You may not do this'));
    const error = await rejection(client.post('/x'));
    expect(error.kind).toBe('business');
    expect(error.status).toBe(403);
    expect(effects.toast).toHaveBeenCalledWith('You may not do this');
  });

  it.each([401, 403, 404, 500, 502, 503] as const)('toasts the mapped message for HTTP %i', async (httpStatus) => {
    const { client, effects } = setup();
    effects.fetch.mockResolvedValueOnce(new Response('oops', { status: httpStatus }));
    const error = await rejection(client.get('/x'));
    expect(error.kind).toBe('http');
    expect(error.status).toBe(httpStatus);
    expect(effects.toast).toHaveBeenCalledWith(MESSAGES.en.http[String(httpStatus) as '401']);
  });

  it('uses the language of the user for HTTP messages', async () => {
    const { client, effects } = setup({ language: () => 'zh-Hant' });
    effects.fetch.mockResolvedValueOnce(new Response('', { status: 502 }));
    await rejection(client.get('/x'));
    expect(effects.toast).toHaveBeenCalledWith(MESSAGES['zh-Hant'].http['502']);
  });

  it('falls back to the envelope message for an unmapped HTTP status', async () => {
    const { client, effects } = setup();
    effects.fetch.mockResolvedValueOnce(envelope(418, 'short and stout', null, 418));
    await rejection(client.get('/x'));
    expect(effects.toast).toHaveBeenCalledWith('short and stout');
  });

  it('toasts a network failure', async () => {
    const { client, effects } = setup();
    effects.fetch.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const error = await rejection(client.get('/x'));
    expect(error.kind).toBe('network');
    expect(effects.toast).toHaveBeenCalledWith('text:request.network');
  });

  it('toasts a body that is not an envelope', async () => {
    const { client, effects } = setup();
    effects.fetch.mockResolvedValueOnce(new Response('<html>', { status: 200 }));
    await rejection(client.get('/x'));
    expect(effects.toast).toHaveBeenCalledWith('text:request.failed');
  });

  it('toasts nothing for a silent call, but a session it finds ended is still told (it may be the first to know)', async () => {
    const { client, effects } = setup();
    effects.fetch.mockResolvedValueOnce(envelope(500, 'boom'));
    effects.fetch.mockResolvedValueOnce(envelope(9999, 'expired'));
    await rejection(client.get('/open/master/info', undefined, { silent: true }));
    await rejection(client.get('/open/master/info', undefined, { silent: true }));
    expect(effects.toast).not.toHaveBeenCalled();
    expect(effects.confirmRelogin).toHaveBeenCalledTimes(1);
    expect(effects.clearSession).toHaveBeenCalledTimes(1);
  });

  it('says nothing at all when the logout call finds its session already ended', async () => {
    const { client, effects } = setup();
    effects.fetch.mockResolvedValueOnce(envelope(9999, 'expired'));
    await rejection(client.post('/user/logout', {}, { silent: true, quietSessionEnd: true }));
    expect(effects.toast).not.toHaveBeenCalled();
    expect(effects.confirmRelogin).not.toHaveBeenCalled();
    expect(effects.clearSession).toHaveBeenCalledTimes(1);
  });
});

describe('signed calls', () => {
  const signingKey = 'ab'.repeat(32);

  it('signs calls under /user/identity with timestamp, nonce and the body hash', async () => {
    // The non-extractable WebCrypto key signs exactly what the contract's signRequest (the server's check) does.
    const { client, lastCall } = setup({ signingKey: vi.fn(() => importSigningKey(signingKey)) });
    await client.post('/user/identity/sessions/revoke', { id: 7 });
    const headers = lastCall().init.headers as Record<string, string>;
    expect(headers.timestamp).toBe('1800000000000');
    expect(headers.nonce).toBe('nonce0001');
    const { signRequest } = await import('@polaris/contract');
    expect(headers.authorization).toBe(
      signRequest(signingKey, {
        method: 'POST',
        path: '/user/identity/sessions/revoke',
        timestamp: '1800000000000',
        nonce: 'nonce0001',
        body: '{"id":7}',
      }),
    );
  });

  it('asks to sign in again when a signed call is refused for its signature, never showing the protocol error', async () => {
    // A saved session opened in a new browser: the token came along, the signing key (IndexedDB) did not.
    const { client, effects } = setup({ signingKey: vi.fn(async () => null) });
    effects.fetch.mockImplementation(async () => envelope(401, 'The request signature is missing, expired or wrong'));
    const error = await rejection(client.get('/user/identity/sessions'));
    expect(error.kind).toBe('session');
    expect(error.message).toBe('text:session.keyLost');
    expect(effects.clearSession).toHaveBeenCalledTimes(1);
    expect(effects.confirmRelogin).toHaveBeenCalledExactlyOnceWith('signingKey');
    expect(effects.toast).not.toHaveBeenCalled();
    // A 401 on a call that is not signed stays what it was (a permission refusal), and keeps the session.
    effects.fetch.mockImplementation(async () => envelope(401, 'No permission'));
    expect((await rejection(client.get('/user/info'))).kind).not.toBe('session');
    expect(effects.clearSession).toHaveBeenCalledTimes(1);
  });

  it('shows the clock message, and keeps the session, when a signed call is refused for a clock too far off', async () => {
    // Signing in again would not help: the new key's signatures would carry the same wrong time.
    const { client, effects } = setup({ signingKey: vi.fn(() => importSigningKey(signingKey)) });
    const clock = MESSAGES.en.auth.signatureStale;
    effects.fetch.mockImplementation(async () => envelope(401, clock, { signature: 'stale' }));
    const error = await rejection(client.get('/user/identity/sessions'));
    expect(error.kind).toBe('business');
    expect(effects.toast).toHaveBeenCalledWith(clock);
    expect(effects.clearSession).not.toHaveBeenCalled();
    expect(effects.confirmRelogin).not.toHaveBeenCalled();
  });

  it('leaves other calls unsigned', async () => {
    const { client, lastCall } = setup({ signingKey: vi.fn(() => importSigningKey(signingKey)) });
    await client.get('/user/info');
    expect((lastCall().init.headers as Record<string, string>).authorization).toBeUndefined();
  });
});

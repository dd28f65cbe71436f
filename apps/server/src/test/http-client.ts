import path from 'node:path';
import { API_BASE, hashLoginPassword } from '@polaris/contract';
import type { ApiClient, CallOptions } from './app.ts';
import { withCaptcha } from './captcha.ts';
import { latestCode } from './outbox.ts';

/** The fixtures' client for a server running in another process, over real HTTP. */
export function httpClient(baseUrl: string, dataDir: string): ApiClient {
  const outbox = path.join(dataDir, 'outbox');

  async function call<T = unknown>(
    method: 'GET' | 'POST',
    route: string,
    given: CallOptions = {},
  ): Promise<{ http: number; status: number; msg: string; attachment: T }> {
    const options: CallOptions = await withCaptcha(call, method, route, given);
    const headers: Record<string, string> = { locale: options.locale ?? 'en_US', ...options.headers };
    if (options.token) headers.token = options.token;
    let body: string | undefined;
    if (options.rawBody !== undefined) body = options.rawBody;
    else if (options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined) headers['content-type'] = options.contentType ?? 'application/json';
    const query = options.query ? `?${new URLSearchParams(options.query)}` : '';
    const response = await fetch(`${baseUrl}${API_BASE}${route}${query}`, { method, headers, body });
    const json = (await response.json()) as { status: number; msg: string; attachment: T };
    return { http: response.status, ...json };
  }

  async function register(email: string, password = 'abc12345') {
    const sent = await call('POST', '/user/vcode/send', { body: { email, purpose: 'signup' } });
    if (sent.status !== 200) throw new Error(`send code failed: ${sent.msg}`);
    const vcode = await latestCode(outbox, email);
    const result = await call<{ uid: string; uuid: string; token: string; signingKey: string }>(
      'POST',
      '/user/signup',
      {
        body: { email, vcode, password: hashLoginPassword(password) },
      },
    );
    if (result.status !== 200) throw new Error(`signup failed: ${result.msg}`);
    return result.attachment;
  }

  return { call, register, code: (email: string) => latestCode(outbox, email), outbox };
}

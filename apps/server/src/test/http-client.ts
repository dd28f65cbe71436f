import path from 'node:path';
import { API_BASE } from '@polaris/contract';
import type { ApiClient, CallOptions } from './app.ts';
import { withCaptcha } from './captcha.ts';
import { registerAccount, requestOf } from './client-requests.ts';
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
    const { headers, payload: body } = requestOf(options);
    const query = options.query ? `?${new URLSearchParams(options.query)}` : '';
    const response = await fetch(`${baseUrl}${API_BASE}${route}${query}`, { method, headers, body });
    const json = (await response.json()) as { status: number; msg: string; attachment: T };
    return { http: response.status, ...json };
  }

  return {
    call,
    register: (email: string, password?: string) => registerAccount(call, outbox, email, password),
    code: (email: string) => latestCode(outbox, email),
    outbox,
  };
}

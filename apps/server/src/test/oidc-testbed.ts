import { API_BASE, type OidcTicketResult, type SessionAttachment, type UserInfo } from '@polaris/contract';
import { expect } from 'vitest';
import { createTestApp } from './app.ts';
import { type ProviderAnswer, startLocalProvider } from './oidc-provider.ts';

/**
 * Google and Apple sign-in against a real OpenID provider (oidc-provider) on a local port, and the steps of a
 * sign-in as a browser makes them: for the oidc module's tests.
 */

const PUBLIC_URL = 'http://app.test';
export const callbackOf = (provider: 'google' | 'apple') => `${PUBLIC_URL}${API_BASE}/user/${provider}/callback`;

export type Provider = 'google' | 'apple';

export async function oidcTestbed() {
  const idp = await startLocalProvider([
    { clientId: 'google-client', clientSecret: 'google-secret', redirectUri: callbackOf('google') },
    { clientId: 'apple-client', clientSecret: 'apple-secret', redirectUri: callbackOf('apple') },
  ]);
  const t = await createTestApp({
    env: {
      PUBLIC_URL,
      GOOGLE_OIDC_ISSUER: idp.issuer,
      GOOGLE_OIDC_CLIENT_ID: 'google-client',
      GOOGLE_OIDC_CLIENT_SECRET: 'google-secret',
      APPLE_OIDC_ISSUER: idp.issuer,
      APPLE_OIDC_CLIENT_ID: 'apple-client',
      APPLE_OIDC_CLIENT_SECRET: 'apple-secret',
    },
  });

  async function start(provider: Provider) {
    const started = await t.call<{ url: string; browserKey: string }>('GET', `/user/${provider}/login`);
    expect(started.status).toBe(200);
    return started.attachment;
  }

  /** Sends the provider's answer to our callback as the browser would; returns the app screen it redirects to. */
  async function deliver(provider: Provider, answer: ProviderAnswer, extra: Record<string, string> = {}) {
    const response =
      answer.kind === 'redirect'
        ? await t.app.inject({ method: 'GET', url: `${API_BASE}/user/${provider}/callback${answer.url.search}` })
        : await t.app.inject({
            method: 'POST',
            url: `${API_BASE}/user/${provider}/callback`,
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            payload: new URLSearchParams({ ...answer.fields, ...extra }).toString(),
          });
    expect(response.statusCode).toBe(303);
    const location = response.headers.location as string;
    expect(location.startsWith(`${PUBLIC_URL}/#/pages/user/login/hyper/index?`)).toBe(true);
    const params = new URLSearchParams(location.split('?')[1]);
    return { ticket: params.get('ticket'), error: params.get('error') };
  }

  /** A whole sign-in up to the ticket: start, log in at the provider as `login`, come back. */
  async function signInAt(provider: Provider, login: string, extra: Record<string, string> = {}) {
    const { url, browserKey } = await start(provider);
    const answer = await idp.signIn(url, login);
    return { browserKey, answer, ...(await deliver(provider, answer, extra)) };
  }

  const redeem = (ticket: string, browserKey: string) =>
    t.call<OidcTicketResult>('POST', '/user/oidc/ticket', { body: { ticket, browserKey } });

  async function loggedInAs(session: SessionAttachment) {
    const info = await t.call<UserInfo>('GET', '/user/info', { token: session.token });
    expect(info.status).toBe(200);
    return info.attachment;
  }

  return {
    idp,
    t,
    start,
    deliver,
    signInAt,
    redeem,
    loggedInAs,
    async close() {
      await t.close();
      await idp.close();
    },
  };
}

export type OidcTestbed = Awaited<ReturnType<typeof oidcTestbed>>;

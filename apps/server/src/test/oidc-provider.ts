import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** An account at the local provider: `login` is what the sign-in form takes, and becomes the subject. */
interface ProviderAccount {
  email?: string;
  emailVerified?: boolean;
  name?: string;
}

export interface LocalProvider {
  issuer: string;
  accounts: Map<string, ProviderAccount>;
  /** Signs `login` in at the provider from `authorizationUrl` and returns what it sends back to the client. */
  signIn(authorizationUrl: string, login: string): Promise<ProviderAnswer>;
  close(): Promise<void>;
}

/** Where the provider sends the browser: the redirect URI with its query (code flow) or a posted form's fields. */
export type ProviderAnswer =
  | { kind: 'redirect'; url: URL }
  | { kind: 'form'; action: string; fields: Record<string, string> };

/**
 * A real OpenID provider (the `oidc-provider` package) on a random local port, with its development login and
 * consent screens, which `signIn` drives over HTTP with a cookie jar as a browser would.
 */
export async function startLocalProvider(
  clients: { clientId: string; clientSecret: string; redirectUri: string }[],
  options: { port?: number; anyEmailSignsIn?: boolean } = {},
): Promise<LocalProvider> {
  const accounts = new Map<string, ProviderAccount>();
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: clients.map((client) => ({
      client_id: client.clientId,
      client_secret: client.clientSecret,
      redirect_uris: [client.redirectUri],
      token_endpoint_auth_method: 'client_secret_post',
      response_types: ['code'],
      grant_types: ['authorization_code'],
    })),
    // Providers such as Google put email and name in the id token itself.
    conformIdTokenClaims: false,
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'], name: ['name'] },
    scopes: ['openid', 'email', 'profile', 'name'],
    findAccount: async (_context, id) => {
      // For a browser journey: whoever types an email at the login form is that verified address.
      if (options.anyEmailSignsIn && !accounts.has(id) && id.includes('@')) {
        accounts.set(id, { email: id, emailVerified: true });
      }
      const account = accounts.get(id);
      if (!account) return undefined;
      return {
        accountId: id,
        claims: async () => ({
          sub: id,
          ...(account.email ? { email: account.email, email_verified: account.emailVerified ?? true } : {}),
          ...(account.name ? { name: account.name } : {}),
        }),
      };
    },
    cookies: { keys: ['local-test-provider-cookie-key'] },
    // Set explicitly, so the provider does not log a notice for each default it falls back to.
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
  });
  // Its warning about development interactions is the point here.
  provider.on('server_error', (_context, error) => console.error('local provider error', error));
  server.on('request', provider.callback());

  async function signIn(authorizationUrl: string, login: string): Promise<ProviderAnswer> {
    const jar = new Map<string, string>();
    const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const remember = (response: Response) => {
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const index = pair!.indexOf('=');
        jar.set(pair!.slice(0, index).trim(), pair!.slice(index + 1));
      }
    };
    let next: { url: string; method: 'GET' | 'POST'; body?: string } = { url: authorizationUrl, method: 'GET' };
    for (let step = 0; step < 12; step++) {
      const response = await fetch(next.url, {
        method: next.method,
        redirect: 'manual',
        headers: {
          cookie: cookieHeader(),
          ...(next.body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        body: next.body,
      });
      remember(response);
      const location = response.headers.get('location');
      if (location) {
        const target = new URL(location, next.url);
        if (!target.href.startsWith(issuer)) return { kind: 'redirect', url: target };
        next = { url: target.href, method: 'GET' };
        continue;
      }
      const html = await response.text();
      const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
      if (!action) throw new Error(`local provider answered ${response.status} without a form: ${html.slice(0, 300)}`);
      const fields = Object.fromEntries(
        [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((match) => [
          match[1]!,
          decodeEntities(match[2]!),
        ]),
      );
      const target = new URL(decodeEntities(action), next.url);
      if (!target.href.startsWith(issuer)) return { kind: 'form', action: target.href, fields };
      if (fields.prompt === 'login') fields.login = login;
      if (fields.prompt === 'login') fields.password = 'any';
      next = { url: target.href, method: 'POST', body: new URLSearchParams(fields).toString() };
    }
    throw new Error('local provider: too many steps');
  }

  return {
    issuer,
    accounts,
    signIn,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function decodeEntities(value: string): string {
  return value
    .replaceAll('&amp;', '&')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&#x2F;', '/')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>');
}

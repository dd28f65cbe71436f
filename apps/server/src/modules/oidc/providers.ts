import type { OidcProvider } from '@polaris/contract';
import * as client from 'openid-client';
import type { OidcConfig, OidcProviderConfig } from '../../config.ts';
import { appleClientSecret } from './apple-secret.ts';

/** What the service needs of an OpenID provider: where to send the browser, and the checked answer. */
interface ProviderClient {
  readonly provider: OidcProvider;
  authorizationUrl(input: { redirectUri: string; state: string; nonce: string; codeVerifier: string }): Promise<URL>;
  /** Exchanges the code (PKCE, state and nonce checked) and returns the id token's verified claims. */
  exchange(input: { callbackUrl: URL; state: string; nonce: string; codeVerifier: string }): Promise<ProviderIdentity>;
}

export interface ProviderIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

const SCOPES: Record<OidcProvider, string> = { google: 'openid email profile', apple: 'openid name email' };

/** http is allowed only for a provider on this machine (the test's local OpenID provider). */
function isLoopback(issuer: URL) {
  return ['localhost', '127.0.0.1', '[::1]'].includes(issuer.hostname);
}

/**
 * The openid-client adapter. Discovery runs on first use and is kept; a failed discovery is retried on the
 * next sign-in rather than remembered. Apple's secret is a short-lived JWT made per token request.
 */
class OpenIdProvider implements ProviderClient {
  private discovered: Promise<client.Configuration> | null = null;

  constructor(
    readonly provider: OidcProvider,
    private readonly settings: OidcProviderConfig,
    private readonly now: () => Date,
  ) {}

  private configuration(): Promise<client.Configuration> {
    if (!this.discovered) {
      const issuer = new URL(this.settings.issuer);
      const insecure = issuer.protocol === 'http:' && isLoopback(issuer);
      this.discovered = client
        .discovery(issuer, this.settings.clientId, undefined, this.clientAuth(), {
          execute: insecure ? [client.allowInsecureRequests] : [],
          timeout: 10,
        })
        .catch((error: unknown) => {
          this.discovered = null;
          throw error;
        });
    }
    return this.discovered;
  }

  private clientAuth(): client.ClientAuth {
    const { appleKey, clientSecret, clientId } = this.settings;
    if (appleKey) {
      return (...args) => client.ClientSecretPost(appleClientSecret(appleKey, clientId, this.now()))(...args);
    }
    return clientSecret ? client.ClientSecretPost(clientSecret) : client.None();
  }

  async authorizationUrl(input: { redirectUri: string; state: string; nonce: string; codeVerifier: string }) {
    const config = await this.configuration();
    const parameters: Record<string, string> = {
      redirect_uri: input.redirectUri,
      scope: SCOPES[this.provider],
      state: input.state,
      nonce: input.nonce,
      code_challenge: await client.calculatePKCECodeChallenge(input.codeVerifier),
      code_challenge_method: 'S256',
    };
    // Apple sends the name only with form_post (and only on the first authorization).
    if (this.provider === 'apple') parameters.response_mode = 'form_post';
    return client.buildAuthorizationUrl(config, parameters);
  }

  async exchange(input: { callbackUrl: URL; state: string; nonce: string; codeVerifier: string }) {
    const config = await this.configuration();
    const tokens = await client.authorizationCodeGrant(config, input.callbackUrl, {
      pkceCodeVerifier: input.codeVerifier,
      expectedState: input.state,
      expectedNonce: input.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new Error('no id token');
    const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : null;
    return {
      subject: claims.sub,
      email: email || null,
      // Apple sends the boolean as a string.
      emailVerified: claims.email_verified === true || claims.email_verified === 'true',
      name: typeof claims.name === 'string' ? claims.name : null,
    };
  }
}

export type ProviderClients = Partial<Record<OidcProvider, ProviderClient>>;

export function providerClients(config: OidcConfig, now: () => Date): ProviderClients {
  const clients: ProviderClients = {};
  for (const provider of ['google', 'apple'] as const) {
    const settings = config[provider];
    if (settings) clients[provider] = new OpenIdProvider(provider, settings, now);
  }
  return clients;
}

import { createSign } from 'node:crypto';
import type { FcmServiceAccount } from './config.ts';
import { type NativePushAdapter, type NativeSendOptions, nativeData } from './native.ts';
import type { PushPayload } from './payload.ts';
import { type Delivery, deliveryOf, httpsRequest } from './transport.ts';

const SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';

/**
 * Firebase Cloud Messaging, HTTP v1: an OAuth access token from the service account (a JWT grant signed with its
 * RSA key, reused until shortly before it expires), then one `messages:send` per device token.
 */
export class FcmAdapter implements NativePushAdapter {
  readonly kind = 'fcm' as const;
  private token: { value: string; until: number } | null = null;
  private pending: Promise<string> | null = null;

  constructor(
    private readonly deps: {
      account: FcmServiceAccount;
      /** `https://fcm.googleapis.com` (FCM_API_URL; tests point it at a local peer). */
      apiUrl: string;
      timeoutMs: number;
      now: () => Date;
      ca?: string | Buffer;
    },
  ) {}

  async send(token: string, payload: PushPayload, options: NativeSendOptions): Promise<Delivery> {
    let access: string;
    try {
      access = await this.accessToken();
    } catch {
      return 'retry';
    }
    const message = {
      message: {
        token,
        notification: { title: payload.title, body: payload.body },
        data: nativeData(payload),
        android: {
          priority: options.urgency === 'high' ? 'HIGH' : 'NORMAL',
          ttl: `${options.ttlSeconds}s`,
          collapse_key: payload.tag.slice(0, 100),
          notification: { tag: payload.tag },
        },
        apns: { payload: { aps: { 'thread-id': payload.tag } } },
      },
    };
    const url = `${this.deps.apiUrl}/v1/projects/${encodeURIComponent(this.deps.account.projectId)}/messages:send`;
    const answer = await httpsRequest({
      url,
      headers: { authorization: `Bearer ${access}`, 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify(message),
      timeoutMs: this.deps.timeoutMs,
      ca: this.deps.ca,
    });
    if (answer.status === 401) this.token = null;
    // FCM says a token is dead with 404 (UNREGISTERED) or 400 naming UNREGISTERED / an invalid registration.
    if (answer.status === 400 && /UNREGISTERED|registration token/i.test(answer.body)) return 'gone';
    return deliveryOf(answer.status);
  }

  /** The cached access token, or a new one (one request at a time, however many sends wait for it). */
  private accessToken(): Promise<string> {
    const now = this.deps.now().getTime();
    if (this.token && this.token.until > now) return Promise.resolve(this.token.value);
    this.pending ??= this.fetchToken().finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  private async fetchToken(): Promise<string> {
    const { account } = this.deps;
    const issuedAt = Math.floor(this.deps.now().getTime() / 1000);
    const header = Buffer.from(JSON.stringify({ alg: 'RS256', typ: 'JWT' })).toString('base64url');
    const claims = Buffer.from(
      JSON.stringify({
        iss: account.clientEmail,
        scope: SCOPE,
        aud: account.tokenUri,
        iat: issuedAt,
        exp: issuedAt + 3600,
      }),
    ).toString('base64url');
    const signature = createSign('RSA-SHA256').update(`${header}.${claims}`).sign(account.privateKey, 'base64url');
    const answer = await httpsRequest({
      url: account.tokenUri,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        assertion: `${header}.${claims}.${signature}`,
      }).toString(),
      timeoutMs: this.deps.timeoutMs,
      ca: this.deps.ca,
    });
    if (answer.status !== 200) throw new Error(`FCM token request answered ${answer.status}`);
    const value = JSON.parse(answer.body) as { access_token?: unknown; expires_in?: unknown };
    if (typeof value.access_token !== 'string') throw new Error('FCM token answer has no access_token');
    const lifetime = typeof value.expires_in === 'number' ? value.expires_in : 3600;
    // Renewed a minute early, so a token never expires on the way.
    this.token = { value: value.access_token, until: this.deps.now().getTime() + (lifetime - 60) * 1000 };
    return this.token.value;
  }
}

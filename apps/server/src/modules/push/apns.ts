import { createPrivateKey, type KeyObject, sign } from 'node:crypto';
import { type ClientHttp2Session, connect, constants } from 'node:http2';
import type { ApnsCredentials } from './config.ts';
import { type NativePushAdapter, type NativeSendOptions, nativeData } from './native.ts';
import type { PushPayload } from './payload.ts';
import { type Delivery, deliveryOf } from './transport.ts';

/** Apple asks for a new provider token at most every 20 minutes and refuses one older than an hour. */
const TOKEN_LIFETIME_MS = 40 * 60_000;

/**
 * Apple Push Notification service over HTTP/2 with a token (`.p8` key): one connection kept open and reused, a
 * provider JWT (ES256, `kid` and `iss` = team) renewed every 40 minutes, one request per device token.
 */
export class ApnsAdapter implements NativePushAdapter {
  readonly kind = 'apns' as const;
  private readonly key: KeyObject;
  private session: ClientHttp2Session | null = null;
  private jwt: { value: string; at: number } | null = null;

  constructor(
    private readonly deps: {
      credentials: ApnsCredentials;
      timeoutMs: number;
      now: () => Date;
      ca?: string | Buffer;
    },
  ) {
    this.key = createPrivateKey(deps.credentials.key);
  }

  async send(token: string, payload: PushPayload, options: NativeSendOptions): Promise<Delivery> {
    const body = JSON.stringify({
      aps: {
        alert: { title: payload.title, body: payload.body },
        sound: 'default',
        'thread-id': payload.tag,
        ...(payload.actions[0] ? { category: payload.actions[0].action } : {}),
      },
      ...nativeData(payload),
    });
    const expiration = Math.floor(this.deps.now().getTime() / 1000) + options.ttlSeconds;
    try {
      const { status, answer } = await this.request(token, body, {
        authorization: `bearer ${this.providerToken()}`,
        'apns-topic': this.deps.credentials.topic,
        'apns-push-type': 'alert',
        'apns-priority': options.urgency === 'high' ? '10' : '5',
        'apns-expiration': String(expiration),
        // At most 64 bytes.
        'apns-collapse-id': Buffer.from(payload.tag).subarray(0, 64).toString('utf8'),
      });
      if (status === 403 && answer.includes('ExpiredProviderToken')) this.jwt = null;
      if (status === 400 && /BadDeviceToken|DeviceTokenNotForTopic/.test(answer)) return 'gone';
      return deliveryOf(status);
    } catch {
      this.reset();
      return 'retry';
    }
  }

  close(): void {
    this.reset();
  }

  private reset(): void {
    this.session?.destroy();
    this.session = null;
  }

  private connection(): ClientHttp2Session {
    if (this.session && !this.session.closed && !this.session.destroyed) return this.session;
    const session = connect(this.deps.credentials.url, this.deps.ca ? { ca: this.deps.ca } : {});
    session.on('error', () => this.reset());
    session.on('close', () => {
      if (this.session === session) this.session = null;
    });
    session.unref();
    this.session = session;
    return session;
  }

  private request(token: string, body: string, headers: Record<string, string>) {
    return new Promise<{ status: number; answer: string }>((resolve, reject) => {
      const stream = this.connection().request({
        [constants.HTTP2_HEADER_METHOD]: 'POST',
        [constants.HTTP2_HEADER_PATH]: `/3/device/${encodeURIComponent(token)}`,
        'content-type': 'application/json',
        ...headers,
      });
      const timer = setTimeout(() => stream.close(constants.NGHTTP2_CANCEL), this.deps.timeoutMs);
      let status = 0;
      let answer = '';
      stream.setEncoding('utf8');
      stream.on('response', (head) => {
        status = Number(head[constants.HTTP2_HEADER_STATUS]);
      });
      stream.on('data', (chunk: string) => {
        if (answer.length < 4096) answer += chunk;
      });
      stream.on('close', () => {
        clearTimeout(timer);
        if (status) resolve({ status, answer });
        else reject(new Error('APNs stream closed without an answer'));
      });
      stream.on('error', () => undefined);
      stream.end(body);
    });
  }

  private providerToken(): string {
    const now = this.deps.now().getTime();
    if (this.jwt && now - this.jwt.at < TOKEN_LIFETIME_MS) return this.jwt.value;
    const header = Buffer.from(JSON.stringify({ alg: 'ES256', kid: this.deps.credentials.keyId })).toString(
      'base64url',
    );
    const claims = Buffer.from(
      JSON.stringify({ iss: this.deps.credentials.teamId, iat: Math.floor(now / 1000) }),
    ).toString('base64url');
    const signature = sign('sha256', Buffer.from(`${header}.${claims}`), { key: this.key, dsaEncoding: 'ieee-p1363' });
    this.jwt = { value: `${header}.${claims}.${signature.toString('base64url')}`, at: now };
    return this.jwt.value;
  }
}

import http2 from 'node:http2';

/** What APNs made of one push: delivered to its queue, or the token is no longer a phone's (forget it). */
export type PushOutcome = 'sent' | 'gone';

/** The port the Wallet pass updates push through (docs/activities.md "Wallet passes"). */
export interface PassPusher {
  push(pushToken: string): Promise<PushOutcome>;
  close(): void;
}

export interface ApnsOptions {
  /** `https://api.push.apple.com` (Wallet passes always use production APNs), or a test's local peer. */
  url: string;
  /** The pass type identifier: a pass update's topic is its pass type. */
  topic: string;
  /** The pass type certificate and its key: Wallet pass pushes authenticate with it, not with a token JWT. */
  certificatePem: string;
  keyPem: string;
  keyPassphrase?: string | undefined;
  /** Extra trusted roots (a test's self-signed peer); the system's otherwise. */
  ca?: string[];
  timeoutMs?: number;
}

/**
 * APNs over HTTP/2 (Apple's "Sending notification requests to APNs"): one POST to `/3/device/<token>` per push, with
 * `apns-topic` the pass type and `{}` as the payload, which is all a pass update says (the phone then asks the web
 * service what changed). One connection is kept and reopened when it closes; TLS client authentication with the pass
 * certificate.
 */
export class Http2Apns implements PassPusher {
  private session: http2.ClientHttp2Session | undefined;

  constructor(private readonly options: ApnsOptions) {}

  private connect(): http2.ClientHttp2Session {
    const open = this.session;
    if (open && !open.closed && !open.destroyed) return open;
    const { url, certificatePem, keyPem, keyPassphrase, ca } = this.options;
    const session = http2.connect(url, {
      cert: certificatePem,
      key: keyPem,
      ...(keyPassphrase ? { passphrase: keyPassphrase } : {}),
      ...(ca ? { ca } : {}),
    });
    const drop = () => {
      if (this.session === session) this.session = undefined;
    };
    // A failed connection fails the requests on it (they reject); the next push opens another.
    session.on('error', drop);
    session.on('close', drop);
    // An idle connection does not keep a stopping process alive.
    session.unref();
    this.session = session;
    return session;
  }

  push(pushToken: string): Promise<PushOutcome> {
    return new Promise((resolve, reject) => {
      const request = this.connect().request({
        ':method': 'POST',
        ':path': `/3/device/${pushToken}`,
        'apns-topic': this.options.topic,
        'content-type': 'application/json',
      });
      let status = 0;
      let body = '';
      request.setTimeout(this.options.timeoutMs ?? 10_000, () => {
        request.close(http2.constants.NGHTTP2_CANCEL);
        reject(new Error('APNs did not answer in time'));
      });
      request.on('response', (headers) => {
        status = Number(headers[':status']);
      });
      request.setEncoding('utf8');
      request.on('data', (chunk: string) => {
        if (body.length < 1000) body += chunk;
      });
      request.on('end', () => {
        if (status === 200) resolve('sent');
        // 410: the app was removed from the phone; BadDeviceToken: not a token of this environment.
        else if (status === 410 || (status === 400 && body.includes('BadDeviceToken'))) resolve('gone');
        else reject(new Error(`APNs answered ${status}: ${body.slice(0, 200)}`));
      });
      request.on('error', reject);
      request.end('{}');
    });
  }

  close(): void {
    this.session?.close();
    this.session = undefined;
  }
}

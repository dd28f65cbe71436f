import { createDecipheriv, createECDH, createHmac, createPublicKey, type ECDH, randomBytes, verify } from 'node:crypto';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { selfSignedCertificate } from './tls-cert.ts';

/**
 * A local push service over HTTPS, as a browser vendor runs one: it records every request, answers each endpoint
 * as the test says (201 by default, any status, or never), and offers what a real one and a browser do with
 * them: `verifyVapid` checks the `Authorization: vapid t=<JWT>, k=<key>` header (RFC 8292) and `decrypt` opens
 * an `aes128gcm` body with the subscriber's private keys (RFC 8291), as the browser would.
 */
export interface PushRequestSeen {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export class LocalPushService {
  readonly requests: PushRequestSeen[] = [];
  /** The self-signed certificate: the sender trusts it through its `ca`. */
  readonly cert: string;
  private readonly answers = new Map<string, { status: number; body?: string } | 'hang'>();
  private readonly waiters: (() => void)[] = [];
  /** Answers by what was sent (an FCM peer answering per device token); null falls back to the path's answer. */
  decide: ((request: PushRequestSeen) => { status: number; body?: string } | null) | null = null;
  private readonly server: Server;
  private port = 0;

  private constructor() {
    const { key, cert } = selfSignedCertificate();
    this.cert = cert;
    this.server = createServer({ key, cert }, (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const path = request.url ?? '';
        this.requests.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
        for (const wake of this.waiters.splice(0)) wake();
        const seen = this.requests[this.requests.length - 1] as PushRequestSeen;
        const answer = this.decide?.(seen) ?? this.answers.get(path) ?? { status: 201 };
        if (answer === 'hang') return;
        response.writeHead(answer.status, answer.body ? { 'content-type': 'application/json' } : {}).end(answer.body);
      });
    });
  }

  static async start(): Promise<LocalPushService> {
    const service = new LocalPushService();
    await new Promise<void>((resolve) => service.server.listen(0, '127.0.0.1', resolve));
    service.port = (service.server.address() as AddressInfo).port;
    return service;
  }

  /** For PUSH_ENDPOINT_ALLOW. */
  get host(): string {
    return `localhost:${this.port}`;
  }

  get origin(): string {
    return `https://localhost:${this.port}`;
  }

  endpoint(name: string): string {
    return `${this.origin}/push/${name}`;
  }

  /** How the endpoint answers from now on: a status, or `hang` (reads the request and never answers). */
  answer(name: string, status: number | 'hang'): void {
    this.answerPath(`/push/${name}`, status === 'hang' ? 'hang' : { status });
  }

  /** How any path answers (an FCM or OAuth peer's JSON). */
  answerPath(path: string, answer: { status: number; body?: string } | 'hang'): void {
    this.answers.set(path, answer);
  }

  /** Waits until `count` requests have arrived in all. */
  async received(count: number): Promise<PushRequestSeen[]> {
    while (this.requests.length < count) await new Promise<void>((resolve) => this.waiters.push(resolve));
    return this.requests;
  }

  to(name: string): PushRequestSeen[] {
    return this.requests.filter((seen) => seen.path === `/push/${name}`);
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** A browser's subscription keys: an ECDH P-256 pair and a 16-byte auth secret, with the JSON it would send. */
export interface BrowserKeys {
  ecdh: ECDH;
  auth: Buffer;
  json(endpoint: string): { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
}

export function browserKeys(): BrowserKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    json: (endpoint) => ({
      endpoint,
      expirationTime: null,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    }),
  };
}

export interface VapidClaims {
  aud: string;
  exp: number;
  sub: string;
}

/**
 * Checks a VAPID `Authorization` header as a push service does: `k` is the expected public key, the JWT is ES256
 * and its signature verifies with that key. Answers the claims; throws saying what is wrong.
 */
export function verifyVapid(authorization: string | string[] | undefined, publicKey: string): VapidClaims {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(String(authorization ?? ''));
  if (!match) throw new Error(`not a VAPID authorization: ${String(authorization)}`);
  const [, jwt = '', key = ''] = match;
  if (key !== publicKey) throw new Error('k is not the server key');
  const [header = '', claims = '', signature = ''] = jwt.split('.');
  if (JSON.parse(Buffer.from(header, 'base64url').toString()).alg !== 'ES256') throw new Error('not ES256');
  const point = Buffer.from(publicKey, 'base64url');
  const jwk = {
    kty: 'EC',
    crv: 'P-256',
    x: point.subarray(1, 33).toString('base64url'),
    y: point.subarray(33, 65).toString('base64url'),
  };
  const valid = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key: createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) throw new Error('the JWT signature does not verify');
  return JSON.parse(Buffer.from(claims, 'base64url').toString()) as VapidClaims;
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 8291 / RFC 8188: opens an `aes128gcm` body (one record) with the subscriber's keys, as a browser does. */
export function decryptPush(body: Buffer, keys: BrowserKeys): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20] ?? 0;
  const serverKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const browserKey = keys.ecdh.getPublicKey();
  const secret = keys.ecdh.computeSecret(serverKey);
  const prkKey = hmac(keys.auth, secret);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browserKey, serverKey, Buffer.from([1])]);
  const ikm = hmac(prkKey, keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  // The last record ends with the delimiter 2, then zero padding.
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

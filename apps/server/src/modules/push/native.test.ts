import { generateKeyPairSync, verify } from 'node:crypto';
import { createSecureServer, type Http2SecureServer, type IncomingHttpHeaders } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { loadConfig } from '../../config.ts';
import { query } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { LocalPushService } from '../../test/push-service.ts';
import { selfSignedCertificate } from '../../test/tls-cert.ts';
import { ApnsAdapter } from './apns.ts';
import { FcmAdapter } from './fcm.ts';
import type { PushMessage } from './payload.ts';
import { WebPushSender } from './sender.ts';

/**
 * Native push through its adapters, each against a local HTTPS peer: FCM HTTP v1 (an OAuth token from a signed
 * service-account JWT, then messages:send) and APNs (HTTP/2 with an ES256 provider token).
 */
let t: TestApp;
let fcmPeer: LocalPushService;
let apnsPeer: Http2SecureServer;
const apnsSeen: { headers: IncomingHttpHeaders; body: string }[] = [];
const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
const p8 = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const tls = selfSignedCertificate();
let env: Record<string, string>;

beforeAll(async () => {
  fcmPeer = await LocalPushService.start();
  fcmPeer.answerPath('/token', {
    status: 200,
    body: JSON.stringify({ access_token: 'ya29.local-access', expires_in: 3600, token_type: 'Bearer' }),
  });
  fcmPeer.decide = (request) =>
    request.path.endsWith('/messages:send') && request.body.toString().includes('dead-device')
      ? { status: 404, body: JSON.stringify({ error: { status: 'NOT_FOUND', message: 'UNREGISTERED' } }) }
      : request.path.endsWith('/messages:send')
        ? { status: 200, body: JSON.stringify({ name: 'projects/polaris-test/messages/1' }) }
        : null;
  apnsPeer = createSecureServer({ key: tls.key, cert: tls.cert });
  apnsPeer.on('stream', (stream, headers) => {
    let body = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      body += chunk;
    });
    stream.on('end', () => {
      apnsSeen.push({ headers, body });
      const gone = String(headers[':path']).includes('dead');
      stream.respond({ ':status': gone ? 410 : 200 });
      stream.end(gone ? JSON.stringify({ reason: 'Unregistered' }) : undefined);
    });
  });
  await new Promise<void>((resolve) => apnsPeer.listen(0, '127.0.0.1', resolve));
  const vapid = webpush.generateVAPIDKeys();
  env = {
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    FCM_SERVICE_ACCOUNT_JSON: JSON.stringify({
      type: 'service_account',
      project_id: 'polaris-test',
      client_email: 'push@polaris-test.iam.gserviceaccount.com',
      private_key: rsa.privateKey.export({ type: 'pkcs8', format: 'pem' }),
      token_uri: `${fcmPeer.origin}/token`,
    }),
    FCM_API_URL: fcmPeer.origin,
    APNS_KEY_P8: p8.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString().replaceAll('\n', '\\n'),
    APNS_KEY_ID: 'KEY1234567',
    APNS_TEAM_ID: 'TEAM123456',
    APNS_TOPIC: 'com.polaris.app',
    APNS_URL: `https://localhost:${(apnsPeer.address() as AddressInfo).port}`,
  };
  t = await createTestApp({ env });
}, 60_000);
afterAll(async () => {
  await t.close();
  await fcmPeer.close();
  await new Promise<void>((resolve) => apnsPeer.close(() => resolve()));
});

function senderOf() {
  const settings = loadConfig(env).push;
  const options = { timeoutMs: 1500, now: t.clock.now, ca: tls.cert };
  if (!settings.fcm || !settings.apns) throw new Error('native push not configured');
  return new WebPushSender({
    db: t.database.db,
    now: t.clock.now,
    log: t.app.log,
    vapid: settings.vapid as { publicKey: string; privateKey: string },
    subject: settings.subject,
    endpointAllow: [],
    timeoutMs: 1500,
    native: {
      fcm: new FcmAdapter({ ...settings.fcm, ...options, ca: fcmPeer.cert }),
      apns: new ApnsAdapter({ credentials: settings.apns, ...options }),
    },
  });
}

const message: PushMessage = {
  title: 'Someone sent you a red packet',
  body: 'Happy new year',
  link: '/pages/redpacket/index?code=RP1',
  tag: 'redpacket:RP1',
  kind: 'redpacketReceived',
  noticeId: 7,
};

let people = 0;
async function device(kind: 'fcm' | 'apns', token: string) {
  const session = await t.register(`native${people++}@example.com`);
  const answer = await t.call('POST', '/push/subscribe', { token: session.token, body: { kind, token } });
  expect(answer.status, answer.msg).toBe(200);
  const { rows } = await query<{ id: string }>(
    t.database.db,
    sql`select id from users where uid = ${Number(session.uid)}`,
  );
  return Number(rows[0]?.id);
}
async function tokensOf(userId: number) {
  const { rows } = await query<{ endpoint: string }>(
    t.database.db,
    sql`select endpoint from push_subscriptions where user_id = ${userId}`,
  );
  return rows.map((row) => row.endpoint);
}

function jwtParts(jwt: string) {
  const [header = '', claims = '', signature = ''] = jwt.split('.');
  return {
    header: JSON.parse(Buffer.from(header, 'base64url').toString()),
    claims: JSON.parse(Buffer.from(claims, 'base64url').toString()),
    signed: Buffer.from(`${header}.${claims}`),
    signature: Buffer.from(signature, 'base64url'),
  };
}

describe('native push', () => {
  it('says it is on when credentials are given', async () => {
    const vapid = await t.call('GET', '/push/vapid');
    expect(vapid.attachment).toMatchObject({ web: true, native: true });
    expect(senderOf().available()).toEqual({ web: true, native: true, fcm: true, apns: true });
  });

  it('FCM: signs a service-account grant, reuses its access token, sends the message, drops an unregistered token', async () => {
    const sender = senderOf();
    const live = await device('fcm', 'live-device-token:APA91bHun4MxP5egoKMwt2KZFBaFUH');
    expect(await sender.send(live, message)).toBe('sent');
    expect(await sender.send(live, message)).toBe('sent');
    const grants = fcmPeer.requests.filter((seen) => seen.path === '/token');
    expect(grants).toHaveLength(1);
    const form = new URLSearchParams(grants[0]?.body.toString());
    expect(form.get('grant_type')).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
    const jwt = jwtParts(form.get('assertion') ?? '');
    expect(jwt.header.alg).toBe('RS256');
    expect(verify('RSA-SHA256', jwt.signed, rsa.publicKey, jwt.signature)).toBe(true);
    expect(jwt.claims).toMatchObject({
      iss: 'push@polaris-test.iam.gserviceaccount.com',
      aud: `${fcmPeer.origin}/token`,
      scope: 'https://www.googleapis.com/auth/firebase.messaging',
    });
    const sends = fcmPeer.requests.filter((seen) => seen.path === '/v1/projects/polaris-test/messages:send');
    expect(sends).toHaveLength(2);
    expect(sends[0]?.headers.authorization).toBe('Bearer ya29.local-access');
    const sent = JSON.parse(sends[0]?.body.toString() ?? '{}').message;
    expect(sent.token).toBe('live-device-token:APA91bHun4MxP5egoKMwt2KZFBaFUH');
    expect(sent.notification).toEqual({ title: message.title, body: message.body });
    expect(sent.data).toMatchObject({ link: message.link, kind: 'redpacketReceived', noticeId: '7' });
    expect(JSON.parse(sent.data.actions)).toEqual([{ action: 'claim', title: '領取' }]);
    expect(sent.android.priority).toBe('HIGH');

    const dead = await device('fcm', 'dead-device-token:APA91bHun4MxP5egoKMwt2KZFBaFUH');
    expect(await sender.send(dead, message)).toBe('none');
    expect(await tokensOf(dead)).toEqual([]);
    sender.close();
  });

  it('APNs: HTTP/2 with an ES256 provider token, the topic and collapse id; 410 drops the token', async () => {
    const sender = senderOf();
    const token = 'a'.repeat(64);
    const live = await device('apns', token);
    expect(await sender.send(live, message)).toBe('sent');
    const seen = apnsSeen.at(-1);
    expect(seen?.headers[':path']).toBe(`/3/device/${token}`);
    expect(seen?.headers['apns-topic']).toBe('com.polaris.app');
    expect(seen?.headers['apns-push-type']).toBe('alert');
    expect(seen?.headers['apns-priority']).toBe('10');
    expect(seen?.headers['apns-collapse-id']).toBe('redpacket:RP1');
    const jwt = jwtParts(String(seen?.headers.authorization).replace(/^bearer /, ''));
    expect(jwt.header).toEqual({ alg: 'ES256', kid: 'KEY1234567' });
    expect(jwt.claims.iss).toBe('TEAM123456');
    const key = p8.publicKey;
    expect(verify('sha256', jwt.signed, { key, dsaEncoding: 'ieee-p1363' }, jwt.signature)).toBe(true);
    const body = JSON.parse(seen?.body ?? '{}');
    expect(body.aps.alert).toEqual({ title: message.title, body: message.body });
    expect(body.link).toBe(message.link);

    // The peer answers 410 (Unregistered) for a token naming "dead" (hex, as device tokens are).
    const dead = await device('apns', `dead${'b'.repeat(60)}`);
    expect(await sender.send(dead, message)).toBe('none');
    expect(await tokensOf(dead)).toEqual([]);
    sender.close();
  });
});

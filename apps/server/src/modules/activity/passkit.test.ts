import { mkdtemp, writeFile } from 'node:fs/promises';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TLSSocket } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { TEST_PASS_TYPE, writePassCertificates } from '../../test/pass-certificates.ts';
import { readPkpass } from '../../test/pkpass.ts';
import { selfSignedCertificate } from '../../test/tls-cert.ts';
import type { WalletUser } from '../../test/wallet-fixtures.ts';
import { NoticeOutbox } from '../notifications/outbox.ts';
import { closeCheckingLedger, createActivity, DAY, guest, HOUR, host, signUp } from './activity-fixtures.ts';

/** What the local APNs peer was sent: one entry per request. */
interface Received {
  path: string;
  topic: string | undefined;
  body: string;
  clientCertificate: string | undefined;
}

let t: TestApp;
let hana: WalletUser;
let ivan: WalletUser;
let june: WalletUser;
let peer: http2.Http2SecureServer;
const received: Received[] = [];
/** Tokens the peer answers 410 for (the app was removed from that phone). */
const gone = new Set<string>();

/** A local HTTP/2 TLS peer in APNs' place: records each push and asks for the client's certificate. */
async function startPeer(dir: string): Promise<number> {
  const { key, cert } = selfSignedCertificate();
  await writeFile(path.join(dir, 'apns-ca.pem'), cert);
  peer = http2.createSecureServer({ key, cert, requestCert: true, rejectUnauthorized: false });
  peer.on('stream', (stream, headers) => {
    let body = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      body += chunk;
    });
    stream.on('end', () => {
      const socket = stream.session?.socket as TLSSocket | undefined;
      const path = String(headers[':path']);
      received.push({
        path,
        topic: headers['apns-topic'] as string | undefined,
        body,
        clientCertificate: socket?.getPeerCertificate().subject?.CN as string | undefined,
      });
      const token = path.split('/').pop() ?? '';
      stream.respond({ ':status': gone.has(token) ? 410 : 200 });
      stream.end(gone.has(token) ? '{"reason":"Unregistered"}' : '');
    });
  });
  await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve));
  return (peer.address() as AddressInfo).port;
}

beforeAll(async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'polaris-passkit-'));
  const passEnv = writePassCertificates(dir);
  const port = await startPeer(dir);
  t = await createTestApp({
    env: {
      ...passEnv,
      APPLE_PASS_APNS_URL: `https://localhost:${port}`,
      APPLE_PASS_APNS_CA_FILE: path.join(dir, 'apns-ca.pem'),
      PUBLIC_URL: 'https://polaris.example',
    },
  });
  hana = await host(t, 'hana.passkit@example.com');
  ivan = await guest(t, 'ivan.passkit@example.com', '0');
  june = await guest(t, 'june.passkit@example.com', '0');
}, 120_000);
afterAll(async () => {
  await closeCheckingLedger(t);
  await new Promise((resolve) => peer.close(resolve));
});

/** The guest's pass as Wallet would add it: its pass.json. */
async function download(user: WalletUser, activityId: string) {
  const response = await t.app.inject({
    url: `/rest/polarisex/activity/ticket/wallet.pkpass?activityId=${activityId}`,
    headers: { token: user.token },
  });
  expect(response.statusCode).toBe(200);
  return passJson(response.rawPayload);
}

function passJson(bytes: Buffer) {
  return readPkpass(new Uint8Array(bytes)).pass as {
    serialNumber: string;
    authenticationToken: string;
    webServiceURL: string;
    voided?: boolean;
    barcodes?: unknown[];
    relevantDate: string;
  };
}

const pushToken = (n: number) => n.toString(16).padStart(64, 'a');

function registerUrl(device: string, serial: string, passType = TEST_PASS_TYPE) {
  return `/v1/devices/${device}/registrations/${passType}/${serial}`;
}

const register = (device: string, serial: string, token: string, push = pushToken(1), passType = TEST_PASS_TYPE) =>
  t.app.inject({
    method: 'POST',
    url: registerUrl(device, serial, passType),
    headers: { authorization: `ApplePass ${token}`, 'content-type': 'application/json' },
    payload: JSON.stringify({ pushToken: push }),
  });

const updatedSince = (device: string, tag?: string) =>
  t.app.inject({
    url: `/v1/devices/${device}/registrations/${TEST_PASS_TYPE}${tag ? `?passesUpdatedSince=${tag}` : ''}`,
  });

const latest = (serial: string, token: string, ifModifiedSince?: string) =>
  t.app.inject({
    url: `/v1/passes/${TEST_PASS_TYPE}/${serial}`,
    headers: {
      authorization: `ApplePass ${token}`,
      ...(ifModifiedSince ? { 'if-modified-since': ifModifiedSince } : {}),
    },
  });

/** The organizer moves the start: through `t.call` (which runs the outbox after it) or, `unsettled`, left for workers. */
const moveStart = async (activityId: string, startsAt: string, by: number, unsettled = false) => {
  const start = new Date(new Date(startsAt).getTime() + by);
  const body = {
    id: activityId,
    startsAt: start.toISOString(),
    endsAt: new Date(start.getTime() + 3 * HOUR).toISOString(),
  };
  if (unsettled) {
    const moved = await t.app.inject({
      method: 'POST',
      url: '/rest/polarisex/activity/update',
      headers: { token: hana.token },
      payload: body,
    });
    expect(moved.json()).toMatchObject({ status: 200 });
  } else {
    expect((await t.call('POST', '/activity/update', { token: hana.token, body })).status).toBe(200);
  }
  return start;
};

describe('PassKit web service', () => {
  it('puts the web service and a token of its own in the pass; a second download keeps both', async () => {
    const activity = await createActivity(t, hana, { title: 'Passes night' });
    expect((await signUp(t, ivan, activity.id)).status).toBe(200);
    const pass = await download(ivan, activity.id);
    expect(pass.webServiceURL).toBe('https://polaris.example');
    expect(pass.authenticationToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(await download(ivan, activity.id)).toMatchObject({
      serialNumber: pass.serialNumber,
      authenticationToken: pass.authenticationToken,
    });
  });

  it('registers a device: 201 the first time, 200 after, 401 with a wrong token or pass type', async () => {
    const activity = await createActivity(t, hana, { title: 'Registration night' });
    await signUp(t, ivan, activity.id);
    const pass = await download(ivan, activity.id);
    expect((await register('device-a', pass.serialNumber, pass.authenticationToken)).statusCode).toBe(201);
    expect((await register('device-a', pass.serialNumber, pass.authenticationToken)).statusCode).toBe(200);
    expect((await register('device-b', pass.serialNumber, 'x'.repeat(32))).statusCode).toBe(401);
    const other = 'pass.com.someone.else';
    expect(
      (await register('device-b', pass.serialNumber, pass.authenticationToken, pushToken(1), other)).statusCode,
    ).toBe(401);
    // A serial nobody was given answers as a wrong token does.
    expect((await register('device-b', 'ticket-999999-0123456789', pass.authenticationToken)).statusCode).toBe(401);
    const unauthenticated = await t.app.inject({
      method: 'POST',
      url: registerUrl('device-b', pass.serialNumber),
      payload: { pushToken: pushToken(1) },
    });
    expect(unauthenticated.statusCode).toBe(401);

    // Hostile segments, tokens and bodies are refused before anything is looked up.
    expect((await register('dev%20ice', pass.serialNumber, pass.authenticationToken)).statusCode).toBe(404);
    // Past Fastify's 100 characters a path segment is refused as too long before routing.
    expect((await register('d'.repeat(129), pass.serialNumber, pass.authenticationToken)).statusCode).toBe(414);
    expect((await register('d'.repeat(100), pass.serialNumber, pass.authenticationToken)).statusCode).toBe(201);
    expect((await register('device-a', `${pass.serialNumber}'--`, pass.authenticationToken)).statusCode).toBe(404);
    expect((await register('device-a', pass.serialNumber, pass.authenticationToken, '<script>')).statusCode).toBe(400);
    const malformed = await t.app.inject({
      method: 'POST',
      url: registerUrl('device-a', pass.serialNumber),
      headers: { authorization: `ApplePass ${pass.authenticationToken}`, 'content-type': 'application/json' },
      payload: '{"pushToken":',
    });
    expect(malformed.statusCode).toBe(400);
    const huge = await t.app.inject({
      method: 'POST',
      url: '/v1/log',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ logs: ['x'.repeat(20_000)] }),
    });
    expect(huge.statusCode).toBe(413);
    const log = await t.app.inject({
      method: 'POST',
      url: '/v1/log',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ logs: ['Invalid data error reading pass'] }),
    });
    expect(log.statusCode).toBe(200);

    const unregistered = await t.app.inject({
      method: 'DELETE',
      url: registerUrl('device-a', pass.serialNumber),
      headers: { authorization: `ApplePass ${pass.authenticationToken}` },
    });
    expect(unregistered.statusCode).toBe(200);
    expect((await updatedSince('device-a')).statusCode).toBe(204);
  });

  it('lists updated serials by tag (200, then 204) and serves the pass with 304 until its time changes', async () => {
    const activity = await createActivity(t, hana, { title: 'Tag night' });
    await signUp(t, ivan, activity.id);
    const pass = await download(ivan, activity.id);
    expect((await register('device-tag', pass.serialNumber, pass.authenticationToken)).statusCode).toBe(201);

    const first = await updatedSince('device-tag');
    expect(first.statusCode).toBe(200);
    const { serialNumbers, lastUpdated } = first.json() as { serialNumbers: string[]; lastUpdated: string };
    expect(serialNumbers).toEqual([pass.serialNumber]);
    expect((await updatedSince('device-tag', lastUpdated)).statusCode).toBe(204);
    expect((await updatedSince('device-tag', 'not-a-tag')).statusCode).toBe(400);

    const served = await latest(pass.serialNumber, pass.authenticationToken);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/vnd.apple.pkpass');
    const lastModified = String(served.headers['last-modified']);
    expect((await latest(pass.serialNumber, pass.authenticationToken, lastModified)).statusCode).toBe(304);
    expect((await latest(pass.serialNumber, 'y'.repeat(32), lastModified)).statusCode).toBe(401);

    const start = await moveStart(activity.id, activity.startsAt, DAY);
    const moved = await updatedSince('device-tag', lastUpdated);
    expect(moved.statusCode).toBe(200);
    const after = moved.json() as { serialNumbers: string[]; lastUpdated: string };
    expect(after.serialNumbers).toEqual([pass.serialNumber]);
    expect(Number(after.lastUpdated)).toBeGreaterThan(Number(lastUpdated));
    const fresh = await latest(pass.serialNumber, pass.authenticationToken, lastModified);
    expect(fresh.statusCode).toBe(200);
    expect(Date.parse(String(fresh.headers['last-modified']))).toBeGreaterThan(Date.parse(lastModified));
    expect(passJson(fresh.rawPayload)).toMatchObject({ relevantDate: start.toISOString() });
    expect(passJson(fresh.rawPayload).voided).toBeUndefined();

    // A title edit is no change of time or venue: the tag stays.
    await t.call('POST', '/activity/update', { token: hana.token, body: { id: activity.id, title: 'Tag night!' } });
    expect((await updatedSince('device-tag', after.lastUpdated)).statusCode).toBe(204);
  });

  it('serves the pass voided, without its QR, once the ticket is cancelled or the activity is', async () => {
    const activity = await createActivity(t, hana, { title: 'Void night' });
    await signUp(t, ivan, activity.id);
    await signUp(t, june, activity.id);
    const ivans = await download(ivan, activity.id);
    const junes = await download(june, activity.id);
    expect(ivans.barcodes).toHaveLength(1);
    await register('device-void', ivans.serialNumber, ivans.authenticationToken);
    const { lastUpdated } = (await updatedSince('device-void')).json() as { lastUpdated: string };

    const left = await t.call('POST', '/activity/signup/cancel', {
      token: ivan.token,
      body: { activityId: activity.id },
    });
    expect(left.status).toBe(200);
    expect(
      ((await updatedSince('device-void', lastUpdated)).json() as { serialNumbers: string[] }).serialNumbers,
    ).toEqual([ivans.serialNumber]);
    const voided = passJson((await latest(ivans.serialNumber, ivans.authenticationToken)).rawPayload);
    expect(voided).toMatchObject({ voided: true, serialNumber: ivans.serialNumber });
    expect(voided.barcodes).toBeUndefined();
    // June's ticket is untouched by Ivan's cancellation.
    expect(passJson((await latest(junes.serialNumber, junes.authenticationToken)).rawPayload).voided).toBeUndefined();

    const cancelled = await t.call('POST', '/activity/manage/cancel', {
      token: hana.token,
      body: { activityId: activity.id },
    });
    expect(cancelled.status).toBe(200);
    expect(passJson((await latest(junes.serialNumber, junes.authenticationToken)).rawPayload)).toMatchObject({
      voided: true,
    });
  });
  it("voids the giver's pass when the ticket is given away; the recipient's pass is one of its own", async () => {
    const activity = await createActivity(t, hana, { title: 'Gift night' });
    await signUp(t, ivan, activity.id);
    const givers = await download(ivan, activity.id);
    await register('device-gift', givers.serialNumber, givers.authenticationToken);
    const { lastUpdated } = (await updatedSince('device-gift')).json() as { lastUpdated: string };
    const given = await t.call('POST', '/activity/ticket/transfer', {
      token: ivan.token,
      body: { activityId: activity.id, toUid: june.uid },
    });
    expect(given.status).toBe(200);
    expect((await updatedSince('device-gift', lastUpdated)).statusCode).toBe(200);
    const voided = passJson((await latest(givers.serialNumber, givers.authenticationToken)).rawPayload);
    expect(voided).toMatchObject({ voided: true });
    expect(voided.barcodes).toBeUndefined();
    const junes = await download(june, activity.id);
    expect(junes.serialNumber).not.toBe(givers.serialNumber);
    expect(junes.authenticationToken).not.toBe(givers.authenticationToken);
    expect(junes.barcodes).toHaveLength(1);
  });
});

describe('Pass update pushes', () => {
  it('are written with the change and sent once per phone by two workers racing, through HTTP/2 to APNs', async () => {
    const activity = await createActivity(t, hana, { title: 'Push night' });
    await signUp(t, ivan, activity.id);
    await signUp(t, june, activity.id);
    const ivans = await download(ivan, activity.id);
    const junes = await download(june, activity.id);
    // Ivan has the pass on two devices; June's phone no longer has the app (APNs answers 410).
    await register('ivan-phone', ivans.serialNumber, ivans.authenticationToken, pushToken(11));
    await register('ivan-watch', ivans.serialNumber, ivans.authenticationToken, pushToken(12));
    await register('june-phone', junes.serialNumber, junes.authenticationToken, pushToken(13));
    gone.add(pushToken(13));
    await t.services.outbox.settle();
    received.length = 0;

    // A second node: its own outbox worker over the same database, with the same handlers.
    const other = new NoticeOutbox({ db: t.database.db, now: t.clock.now, log: t.app.log, leaseMs: 60_000 });
    other.handle(t.services.activity.passUpdates.topics);
    other.handle(t.services.activity.notices.topics);
    other.handle({ 'notices.events': (events: never) => t.services.notifications.deliver(events) });

    await moveStart(activity.id, activity.startsAt, 2 * HOUR, true);
    expect(received).toEqual([]);
    await Promise.all([t.services.outbox.settle(), other.settle(), t.services.outbox.settle(), other.settle()]);

    const pushes = received.map((push) => push.path).sort();
    expect(pushes).toEqual([pushToken(11), pushToken(12), pushToken(13)].map((token) => `/3/device/${token}`));
    for (const push of received) {
      expect(push).toMatchObject({
        topic: TEST_PASS_TYPE,
        body: '{}',
        clientCertificate: `Pass Type ID: ${TEST_PASS_TYPE}`,
      });
    }
    // The token APNs refused is forgotten: the next change pushes the two live ones only.
    received.length = 0;
    await moveStart(activity.id, activity.startsAt, 3 * HOUR, true);
    await Promise.all([t.services.outbox.settle(), other.settle()]);
    expect(received.map((push) => push.path).sort()).toEqual(
      [pushToken(11), pushToken(12)].map((token) => `/3/device/${token}`),
    );
  });
});

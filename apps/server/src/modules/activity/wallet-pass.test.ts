import { execFileSync } from 'node:child_process';
import { createHash, generateKeyPairSync, verify } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { writePassCertificates } from '../../test/pass-certificates.ts';
import type { WalletUser } from '../../test/wallet-fixtures.ts';
import { checkLedger } from '../wallet/ledger.store.ts';
import { createActivity, guest, host, signUp } from './activity-fixtures.ts';
import { verifyTicketQr } from './codes.ts';

let t: TestApp;
let hana: WalletUser;
let ivan: WalletUser;
let dir: string;
/** The test's own service account key: the JWT is checked against its public half. */
const google = generateKeyPairSync('rsa', { modulusLength: 2048 });

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'polaris-pass-'));
  const passEnv = writePassCertificates(dir);
  await writeFile(
    path.join(dir, 'google.json'),
    JSON.stringify({
      type: 'service_account',
      client_email: 'wallet@polaris-test.iam.gserviceaccount.com',
      private_key: google.privateKey.export({ type: 'pkcs8', format: 'pem' }),
    }),
  );
  t = await createTestApp({
    env: {
      ...passEnv,
      GOOGLE_WALLET_ISSUER_ID: '3388000000012345678',
      GOOGLE_WALLET_SERVICE_ACCOUNT_FILE: path.join(dir, 'google.json'),
    },
  });
  hana = await host(t, 'hana.pass@example.com');
  ivan = await guest(t, 'ivan.pass@example.com', '0');
}, 120_000);
afterAll(async () => {
  expect(await checkLedger(t.database.db)).toEqual([]);
  await t.close();
});

const passOf = (user: WalletUser, activityId: string, language = 'en') =>
  t.app.inject({
    url: `/rest/polarisex/activity/ticket/wallet.pkpass?activityId=${activityId}`,
    headers: { token: user.token, locale: language },
  });

describe('Apple Wallet pass', () => {
  it('is a signed .pkpass of the ticket, checked as Wallet checks it', async () => {
    const activity = await createActivity(t, hana, {
      title: 'Builders Night 台北',
      latitude: 25.033,
      longitude: 121.5654,
    });
    const signed = await signUp(t, ivan, activity.id);
    expect(signed.status).toBe(200);

    const response = await passOf(ivan, activity.id, 'zh-Hant');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.apple.pkpass');
    expect(response.headers['cache-control']).toContain('no-store');
    const files = unzipSync(new Uint8Array(response.rawPayload));
    expect(Object.keys(files).sort()).toEqual([
      'icon.png',
      'icon@2x.png',
      'logo.png',
      'logo@2x.png',
      'manifest.json',
      'pass.json',
      'signature',
    ]);

    // The manifest names every other file with its SHA-1, and only them.
    const manifest = JSON.parse(Buffer.from(files['manifest.json']!).toString()) as Record<string, string>;
    const others = Object.keys(files).filter((name) => name !== 'manifest.json' && name !== 'signature');
    expect(Object.keys(manifest).sort()).toEqual(others.sort());
    for (const name of others) {
      expect(manifest[name]).toBe(createHash('sha1').update(files[name]!).digest('hex'));
    }

    // The signature: detached PKCS#7 over manifest.json, by the pass certificate, chained to the test's root
    // through the intermediate it carries (as Apple's WWDR), verified by OpenSSL.
    await writeFile(path.join(dir, 'manifest.json'), files['manifest.json']!);
    await writeFile(path.join(dir, 'signature'), files.signature!);
    const verify = (content: string) =>
      execFileSync(
        'openssl',
        [
          'cms',
          '-verify',
          '-binary',
          '-inform',
          'DER',
          '-in',
          'signature',
          '-content',
          content,
          '-CAfile',
          'root.pem',
          '-purpose',
          'any',
          '-out',
          '/dev/null',
        ],
        { cwd: dir, stdio: 'pipe' },
      );
    expect(() => verify('manifest.json')).not.toThrow();
    // A changed manifest fails the same check.
    await writeFile(path.join(dir, 'tampered.json'), Buffer.from(files['manifest.json']!).toString().replace('a', 'b'));
    expect(() => verify('tampered.json')).toThrow();
    const signers = execFileSync('openssl', ['pkcs7', '-inform', 'DER', '-in', 'signature', '-print_certs'], {
      cwd: dir,
    }).toString();
    expect(signers).toMatch(/subject=\s*CN\s*=\s*Pass Type ID: pass\.com\.polaris\.test/);
    expect(signers).toMatch(/subject=\s*CN\s*=\s*Test WWDR/);

    // pass.json: the ticket's QR, the time, the venue with its place, the organizer; labels in the reader's language.
    const pass = JSON.parse(Buffer.from(files['pass.json']!).toString());
    expect(pass).toMatchObject({
      formatVersion: 1,
      passTypeIdentifier: 'pass.com.polaris.test',
      teamIdentifier: 'ABCDE12345',
      description: 'Builders Night 台北',
      relevantDate: new Date(activity.startsAt).toISOString(),
      locations: [{ latitude: 25.033, longitude: 121.5654 }],
    });
    expect(pass.serialNumber).toMatch(/^ticket-\d+-[0-9a-f]{10}$/);
    const [barcode] = pass.barcodes;
    expect(barcode.format).toBe('PKBarcodeFormatQR');
    const tickets = await t.call<{ items: { activity: { id: string }; registration: { qr: string | null } }[] }>(
      'GET',
      '/activity/tickets',
      { token: ivan.token, query: { when: 'all' } },
    );
    const qr = JSON.stringify(tickets.attachment).match(/PLX1\.[\w-]+\.[\w-]+/)?.[0];
    expect(barcode.message).toBe(qr);
    expect(verifyTicketQr('wrong secret', barcode.message)).toBeNull();
    expect(pass.eventTicket.primaryFields[0]).toEqual({ key: 'event', label: '活動', value: 'Builders Night 台北' });
    expect(pass.eventTicket.secondaryFields[0]).toMatchObject({
      key: 'starts',
      value: new Date(activity.startsAt).toISOString(),
    });
    expect(pass.eventTicket.auxiliaryFields[0]).toMatchObject({ key: 'venue', label: '地點' });
    expect(pass.eventTicket.backFields.map((field: { key: string }) => field.key)).toEqual(['organizer', 'link']);
  });

  it('is only for a confirmed ticket of the caller', async () => {
    const activity = await createActivity(t, hana, { title: 'Nobody signed up' });
    expect((await passOf(ivan, activity.id)).json()).toMatchObject({ status: 404 });
    expect((await passOf(ivan, 'no-such-code')).json()).toMatchObject({ status: 404 });
    const anonymous = await t.app.inject({
      url: `/rest/polarisex/activity/ticket/wallet.pkpass?activityId=${activity.id}`,
    });
    expect(anonymous.json()).toMatchObject({ status: 401 });
  });

  it('is not offered without a pass certificate, and a half-given one stops the server', async () => {
    const bare = await createTestApp();
    try {
      expect(bare.services.activity.walletPasses.appleEnabled).toBe(false);
    } finally {
      await bare.close();
    }
    await expect(createTestApp({ env: { APPLE_PASS_TYPE_ID: 'pass.com.polaris.test' } })).rejects.toThrow(
      /APPLE_PASS_TEAM_ID, APPLE_PASS_CERT_FILE, APPLE_PASS_KEY_FILE, APPLE_WWDR_CERT_FILE: needed/,
    );
  });
});

describe('Google Wallet', () => {
  it('gives a save link whose JWT the service account signed, carrying the ticket and its QR', async () => {
    const activity = await createActivity(t, hana, { title: 'Harbour brunch', latitude: 22.6, longitude: 120.3 });
    expect((await signUp(t, ivan, activity.id)).status).toBe(200);
    const answer = await t.call<{ url: string }>('GET', '/activity/ticket/googleWallet', {
      token: ivan.token,
      query: { activityId: activity.id },
    });
    expect(answer.status).toBe(200);
    const match = /^https:\/\/pay\.google\.com\/gp\/v\/save\/([\w-]+)\.([\w-]+)\.([\w-]+)$/.exec(answer.attachment.url);
    expect(match).not.toBeNull();
    const [, header, claims, signature] = match!;
    expect(
      verify('RSA-SHA256', Buffer.from(`${header}.${claims}`), google.publicKey, Buffer.from(signature!, 'base64url')),
    ).toBe(true);
    // A changed claim no longer verifies.
    const forged = Buffer.from(JSON.stringify({ aud: 'google', forged: true })).toString('base64url');
    expect(
      verify('RSA-SHA256', Buffer.from(`${header}.${forged}`), google.publicKey, Buffer.from(signature!, 'base64url')),
    ).toBe(false);
    expect(JSON.parse(Buffer.from(header!, 'base64url').toString())).toEqual({ alg: 'RS256', typ: 'JWT' });
    const jwt = JSON.parse(Buffer.from(claims!, 'base64url').toString());
    expect(jwt).toMatchObject({
      iss: 'wallet@polaris-test.iam.gserviceaccount.com',
      aud: 'google',
      typ: 'savetowallet',
    });
    const [ticketClass] = jwt.payload.eventTicketClasses;
    const [ticket] = jwt.payload.eventTicketObjects;
    expect(ticketClass).toMatchObject({
      id: `3388000000012345678.activity-${activity.id}`,
      eventName: { defaultValue: { value: 'Harbour brunch' } },
      dateTime: { start: new Date(activity.startsAt).toISOString() },
      locations: [{ latitude: 22.6, longitude: 120.3 }],
    });
    expect(ticket).toMatchObject({ classId: ticketClass.id, state: 'ACTIVE', barcode: { type: 'QR_CODE' } });
    expect(ticket.id).toMatch(/^3388000000012345678\.ticket-\d+$/);
    const tickets = await t.call('GET', '/activity/tickets', { token: ivan.token, query: { when: 'all' } });
    expect(JSON.stringify(tickets.attachment)).toContain(ticket.barcode.value);
    expect(ticket.barcode.value).toMatch(/^PLX1\./);
  });

  it('is only for a confirmed ticket, and a half-given setting stops the server', async () => {
    const activity = await createActivity(t, hana, { title: 'No ticket here' });
    const refused = await t.call('GET', '/activity/ticket/googleWallet', {
      token: ivan.token,
      query: { activityId: activity.id },
    });
    expect(refused.status).toBe(404);
    await expect(createTestApp({ env: { GOOGLE_WALLET_ISSUER_ID: '3388000000012345678' } })).rejects.toThrow(
      /GOOGLE_WALLET_ISSUER_ID, GOOGLE_WALLET_SERVICE_ACCOUNT_FILE: both or neither/,
    );
  });
});

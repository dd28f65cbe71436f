import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { hashLoginPassword, type KycStatus, type Verification } from '@polaris/contract';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { latestSmsCode } from '../../test/outbox.ts';
import { adminToken } from '../../test/wallet-fixtures.ts';

/** Identity verification through the API: each step, refusals naming the field, review, and account deletion. */

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  t = await createTestApp();
  dataDir = path.dirname(t.outbox);
}, 60_000);
afterAll(() => t.close());

type User = { token: string; uid: string; email: string };
async function user(email: string): Promise<User> {
  return { ...(await t.register(email)), email };
}
const post = <T = KycStatus>(u: User, route: string, body: Record<string, unknown> = {}, locale?: string) =>
  t.call<T>('POST', route, { token: u.token, body, locale });
const status = async (u: User) =>
  (await t.call<Verification>('GET', '/user/verification', { token: u.token })).attachment;
const details = { legalName: 'Chen Mei-Ling', country: 'tw', idType: 'national_id', idNumber: 'a123-456 789' };

let phoneSeq = 0;
async function bindPhone(u: User) {
  const phone = `9123457${String(phoneSeq++).padStart(2, '0')}`;
  await post(u, '/user/binding/phone/vcode', { areaCode: '886', phone });
  const vcode = await latestSmsCode(t.outbox, `+886${phone}`);
  expect((await post(u, '/user/binding/phone', { areaCode: '886', phone, vcode })).status).toBe(200);
}

async function upload(u: User, kind: string, bytes?: Buffer) {
  const body =
    bytes ??
    (await sharp({ create: { width: 600, height: 400, channels: 3, background: '#888' } })
      .png()
      .toBuffer());
  const boundary = '----polaris-kyc';
  const response = await t.app.inject({
    method: 'POST',
    url: '/rest/polarisex/user/kyc2',
    query: { kind },
    headers: { token: u.token, locale: 'en_US', 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="d.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      body,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  return response.json() as { status: number; msg: string; attachment: KycStatus };
}

async function operator<T>(method: 'GET' | 'POST', route: string, body?: Record<string, unknown>) {
  return t.call<T>(method, route, { headers: { 'x-admin-token': await adminToken(t) }, body });
}

describe('identity verification, level 1', () => {
  it('walks from not started through details and review to approved, with the ID number sealed', async () => {
    const amy = await user('kyc-amy@example.com');
    expect((await status(amy)).kyc).toMatchObject({ state: 'not_started', approvedLevel: 0, selectedLevel: null });
    expect((await post(amy, '/user/kyc1', details)).status).toBe(414);

    expect((await post(amy, '/user/selectAuthLevel', { level: 1 })).attachment).toMatchObject({
      state: 'draft',
      selectedLevel: 1,
    });
    const incomplete = await post(amy, '/user/submitUserInfo');
    expect(incomplete.status).toBe(414);
    expect(incomplete.msg).toBe('Complete these first: your details');

    const saved = await post(amy, '/user/kyc1', details);
    expect(saved.attachment).toMatchObject({
      legalName: 'Chen Mei-Ling',
      country: 'TW',
      idType: 'national_id',
      idNumberMasked: '****6789',
      state: 'draft',
    });
    const { rows } = await query<{ sealed: string }>(
      t.database.db,
      sql`select id_number_sealed as sealed from kyc_profiles k join users u on u.id = k.user_id where u.uid = ${Number(amy.uid)}`,
    );
    expect(rows[0]?.sealed).toMatch(/^v1\./);
    expect(rows[0]?.sealed).not.toContain('A123456789');

    const submitted = await post(amy, '/user/submitUserInfo');
    expect(submitted.attachment).toMatchObject({ state: 'pending' });
    const frozen = await post(amy, '/user/kyc1', details);
    expect(frozen.status).toBe(409);
    expect(frozen.msg).toBe('Your verification is being reviewed and cannot be changed now');

    const pending = await operator<{ items: { uid: string; idNumber: string }[] }>('GET', '/admin/kyc/pending');
    expect(pending.attachment.items).toContainEqual(
      expect.objectContaining({ uid: amy.uid, email: amy.email, idNumber: 'A123456789' }),
    );
    const approved = await operator('POST', '/admin/kyc/review', { uid: amy.uid, decision: 'approve' });
    expect(approved.attachment).toEqual({ uid: amy.uid, state: 'approved', approvedLevel: 1 });
    const twice = await operator('POST', '/admin/kyc/review', { uid: amy.uid, decision: 'reject', reason: 'late' });
    expect(twice.status).toBe(409);
    expect((await status(amy)).kyc).toMatchObject({ state: 'approved', approvedLevel: 1 });
    expect((await post(amy, '/user/selectAuthLevel', { level: 1 })).status).toBe(409);
  });

  it('refuses bad details naming each field, in the caller language', async () => {
    const ben = await user('kyc-ben@example.com');
    await post(ben, '/user/selectAuthLevel', { level: 1 });
    const bad = await post<{ field: string; message: string }[]>(ben, '/user/kyc1', {
      legalName: '12345',
      country: 'Taiwan',
      idType: 'library_card',
      idNumber: '12',
    });
    expect(bad.status).toBe(400);
    expect(bad.attachment.map((entry) => entry.field).sort()).toEqual(['country', 'idNumber', 'idType', 'legalName']);
    const hostile = await post<{ field: string; message: string }[]>(
      ben,
      '/user/kyc1',
      { ...details, legalName: 'Mei\u0000Ling' },
      'zh_HK',
    );
    expect(hostile.status).toBe(400);
    expect(hostile.attachment[0]).toMatchObject({ field: 'legalName' });
    expect(hostile.attachment[0]?.message).toContain('法定姓名');
    expect((await post(ben, '/user/selectAuthLevel', { level: 3 })).attachment).toEqual([
      { field: 'level', message: 'Choose level 1 or level 2' },
    ]);
  });

  it('takes a rejection with its reason, and a corrected resubmission', async () => {
    const cy = await user('kyc-cy@example.com');
    await post(cy, '/user/selectAuthLevel', { level: 1 });
    await post(cy, '/user/kyc1', details);
    await post(cy, '/user/submitUserInfo');
    const noReason = await operator('POST', '/admin/kyc/review', { uid: cy.uid, decision: 'reject' });
    expect(noReason.status).toBe(400);
    await operator('POST', '/admin/kyc/review', { uid: cy.uid, decision: 'reject', reason: 'The name does not match' });
    expect((await status(cy)).kyc).toMatchObject({ state: 'rejected', rejectReason: 'The name does not match' });
    await post(cy, '/user/kyc1', { ...details, legalName: 'Chen Mei Ling' });
    expect((await post(cy, '/user/submitUserInfo')).attachment).toMatchObject({ state: 'pending', rejectReason: null });
  });

  it('refuses the operator routes without the token', async () => {
    expect((await t.call('GET', '/admin/kyc/pending')).status).toBe(403);
    expect((await t.call('POST', '/admin/kyc/review', { body: { uid: '1', decision: 'approve' } })).status).toBe(403);
  });
});

describe('identity verification, level 2', () => {
  it('needs a bound phone, then the document photos, and stores them sealed and re-encoded', async () => {
    const dee = await user('kyc-dee@example.com');
    const noPhone = await post(dee, '/user/selectAuthLevel', { level: 2 });
    expect(noPhone.status).toBe(414);
    expect(noPhone.msg).toBe('Please bind the phone first');
    await bindPhone(dee);
    expect((await post(dee, '/user/selectAuthLevel', { level: 2 })).attachment).toMatchObject({ selectedLevel: 2 });
    await post(dee, '/user/kyc1', details);
    const early = await post(dee, '/user/submitUserInfo');
    expect(early.msg).toBe('Complete these first: the document photos');

    const notImage = await upload(dee, 'front', Buffer.from('GIF89a not really an image'));
    expect(notImage.status).toBe(400);
    expect(notImage.attachment).toEqual([{ field: 'file', message: 'The photo must be a JPEG, PNG or WebP image' }]);
    const badKind = await upload(dee, 'left-ear');
    expect(badKind.status).toBe(400);
    expect(await upload(dee, 'front')).toMatchObject({ status: 200, attachment: { documents: ['front'] } });
    // Replacing a photo keeps one file for it.
    await upload(dee, 'front');
    await upload(dee, 'back');
    expect((await upload(dee, 'selfie')).attachment.documents).toEqual(['front', 'back', 'selfie']);
    const userDir = (await readdir(path.join(dataDir, 'kyc')))[0]!;
    const files = await readdir(path.join(dataDir, 'kyc', userDir));
    expect(files).toHaveLength(3);
    expect(await readFile(path.join(dataDir, 'kyc', userDir, files[0]!), 'utf8')).toMatch(/^v1\./);

    expect((await post(dee, '/user/submitUserInfo')).attachment).toMatchObject({ state: 'pending' });
    expect((await upload(dee, 'front')).status).toBe(409);
    const photo = await t.app.inject({
      url: '/rest/polarisex/admin/kyc/document',
      query: { owner: dee.uid, kind: 'selfie' },
      headers: { 'x-admin-token': await adminToken(t) },
    });
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(photo.rawPayload).metadata()).width).toBe(600);
    await operator('POST', '/admin/kyc/review', { uid: dee.uid, decision: 'approve' });
    expect((await status(dee)).kyc).toMatchObject({ state: 'approved', approvedLevel: 2 });
  });

  it('asks for no document at level 1', async () => {
    const eli = await user('kyc-eli@example.com');
    await post(eli, '/user/selectAuthLevel', { level: 1 });
    expect((await upload(eli, 'front')).status).toBe(414);
  });
});

describe('deleting the account', () => {
  it('wipes the phone, its codes, the verification and the document photos', async () => {
    const fox = await user('kyc-fox@example.com');
    await bindPhone(fox);
    await post(fox, '/user/selectAuthLevel', { level: 2 });
    await post(fox, '/user/kyc1', details);
    await upload(fox, 'front');
    const before = new Set(await readdir(path.join(dataDir, 'kyc')));
    expect(before.size).toBeGreaterThan(0);
    await t.call('POST', '/user/deleteAccount/vcode', { token: fox.token });
    const vcode = await t.code(fox.email);
    const done = await t.call('POST', '/user/deleteAccount', {
      token: fox.token,
      body: { password: hashLoginPassword('abc12345'), vcode },
    });
    expect(done.status).toBe(200);
    const { rows } = await query<{ phones: number; codes: number; kyc: number }>(
      t.database.db,
      sql`select
            (select count(*)::int from user_phones p join users u on u.id = p.user_id where u.uid = ${Number(fox.uid)}) as phones,
            (select count(*)::int from phone_codes p join users u on u.id = p.user_id where u.uid = ${Number(fox.uid)}) as codes,
            (select count(*)::int from kyc_profiles p join users u on u.id = p.user_id where u.uid = ${Number(fox.uid)}) as kyc`,
    );
    expect(rows[0]).toEqual({ phones: 0, codes: 0, kyc: 0 });
    expect((await readdir(path.join(dataDir, 'kyc'))).length).toBe(before.size - 1);
  });
});

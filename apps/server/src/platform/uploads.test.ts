import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { API_BASE, IMAGE_MAX_BYTES, KYC_DOCUMENT_MAX_BYTES, LISTING_LIMITS } from '@polaris/contract';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../db/client.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { latestSmsCode } from '../test/outbox.ts';

/**
 * Uploads over their limit are refused every time and leave nothing behind. @fastify/multipart cuts a file at its
 * limit; when the cut falls where a chunk of the body ends, the file stream ends cleanly with exactly `limit` bytes
 * and the "too large" error is raised after the last chunk a reader takes. A reader that trusted the stream stored
 * the cut file. Each try here sends the body in two pieces split exactly at the limit, as a network would.
 */
let t: TestApp;
let dataDir: string;
let token: string;
let userId: number;

const boundary = 'polarisOversize';
const TRIES = 100;

beforeAll(async () => {
  t = await createTestApp();
  dataDir = path.dirname(t.outbox);
  ({ token } = await t.register('oversize@example.com'));
  const me = await query<{ id: number }>(
    t.database.db,
    sql`select id from users where email = ${'oversize@example.com'}`,
  );
  userId = Number(me.rows[0]!.id);
  // Ready for level-2 documents: a bound phone and level 2 chosen, so a stored document would stay.
  const phone = '912345699';
  await t.call('POST', '/user/binding/phone/vcode', { token, body: { areaCode: '886', phone } });
  const vcode = await latestSmsCode(t.outbox, `+886${phone}`);
  expect((await t.call('POST', '/user/binding/phone', { token, body: { areaCode: '886', phone, vcode } })).status).toBe(
    200,
  );
  expect((await t.call('POST', '/user/selectAuthLevel', { token, body: { level: 2 } })).status).toBe(200);
}, 60_000);
afterAll(() => t.close());

/** A 16×16 PNG padded with zeros to `size` bytes: still a valid image when cut anywhere after its end. */
async function paddedPng(size: number): Promise<Buffer> {
  const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();
  return Buffer.concat([png, Buffer.alloc(size - png.length)]);
}

/** The multipart body of one file, in two pieces: up to the file's `limit`-th byte, then the rest. */
function pieces(file: Buffer, limit: number): [Buffer, Buffer] {
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  const body = Buffer.concat([head, file, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return [body.subarray(0, head.length + limit), body.subarray(head.length + limit)];
}

/** Sends the first piece, lets the server read it, then the rest. */
async function send(route: string, [first, rest]: [Buffer, Buffer]) {
  const payload = new Readable({ read() {} });
  payload.push(first);
  setTimeout(() => {
    payload.push(rest);
    payload.push(null);
  }, 5);
  const response = await t.app.inject({
    method: 'POST',
    url: `${API_BASE}${route}`,
    headers: {
      token,
      locale: 'en_US',
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(first.length + rest.length),
    },
    payload,
  });
  return { http: response.statusCode, ...(response.json() as { status: number; msg: string; attachment: unknown }) };
}

async function filesUnder(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}

async function storedNothing() {
  expect(await filesUnder(path.join(dataDir, 'uploads'))).toEqual([]);
  expect(await filesUnder(path.join(dataDir, 'kyc'))).toEqual([]);
  const images = await query<{ count: number }>(
    t.database.db,
    sql`select count(*)::int as count from images where owner_id = ${userId}`,
  );
  expect(Number(images.rows[0]!.count)).toBe(0);
  const kyc = await query<{ front: string | null }>(
    t.database.db,
    sql`select front_file as front from kyc_profiles where user_id = ${userId}`,
  );
  expect(kyc.rows[0]?.front ?? null).toBeNull();
}

describe('an upload over its limit is refused every time and stores nothing', () => {
  const routes: [string, string, number, string][] = [
    ['/shelves-coin/logo/upload', 'listing logo', LISTING_LIMITS.logoMaxBytes, 'The logo must be at most 1 MB'],
    ['/activity/image/upload', 'activity image', IMAGE_MAX_BYTES, 'The image must be at most 5 MB'],
    ['/user/kyc2?kind=front', 'KYC document', KYC_DOCUMENT_MAX_BYTES, 'The photo must be at most 5 MB'],
  ];
  for (const [route, name, limit, message] of routes) {
    it(`${name}: ${TRIES} identical oversize tries, ${TRIES} refusals naming file with the limit`, async () => {
      const body = pieces(await paddedPng(limit + 1024 * 1024), limit);
      const answers: { http: number; status: number; msg: string; attachment: unknown }[] = [];
      // Ten at a time, as impatient clients would.
      for (let round = 0; round < TRIES / 10; round++) {
        answers.push(...(await Promise.all(Array.from({ length: 10 }, () => send(route, body)))));
      }
      const refused = answers.filter(
        (answer) =>
          answer.http === 200 &&
          answer.status === 400 &&
          answer.msg === message &&
          JSON.stringify(answer.attachment) === JSON.stringify([{ field: 'file', message }]),
      );
      expect(refused.length, JSON.stringify(answers.find((answer) => !refused.includes(answer)))).toBe(TRIES);
      await storedNothing();
    }, 120_000);
  }

  it('a file of exactly the limit is still accepted', async () => {
    const file = await paddedPng(LISTING_LIMITS.logoMaxBytes);
    const [first, rest] = pieces(file, LISTING_LIMITS.logoMaxBytes);
    const answer = await send('/shelves-coin/logo/upload', [first, rest]);
    expect(answer).toMatchObject({ http: 200, status: 200 });
  });
});

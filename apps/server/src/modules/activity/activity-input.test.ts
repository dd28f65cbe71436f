import type { Activity } from '@polaris/contract';
import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, images, registrations } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import type { WalletUser } from '../../test/wallet-fixtures.ts';
import { checkLedger } from '../wallet/ledger.store.ts';
import { activityBody, createActivity, DAY, guest, HOUR, host, paidTicket, signUp } from './activity-fixtures.ts';

let t: TestApp;
let olivia: WalletUser;
let other: WalletUser;

beforeAll(async () => {
  t = await createTestApp();
  olivia = await host(t, 'olivia@example.com');
  other = await host(t, 'other@example.com');
});
afterAll(async () => {
  expect(await checkLedger(t.database.db)).toEqual([]);
  await t.close();
});

async function rows(table: typeof activities | typeof registrations | typeof images) {
  const [row] = await t.database.db.select({ n: count() }).from(table);
  return row?.n ?? 0;
}

const create = (body: Record<string, unknown>, locale = 'en_US') =>
  t.call<{ field: string; message: string }[]>('POST', '/activity/create', {
    token: olivia.token,
    locale,
    body: activityBody(t, body),
  });

describe('bad input on create changes nothing', () => {
  const now = () => t.clock.now().getTime();
  const cases: [string, () => Record<string, unknown>, string, string][] = [
    [
      'a start in the past',
      () => ({ startsAt: new Date(now() - HOUR).toISOString() }),
      'startsAt',
      'The start time must be in the future',
    ],
    [
      'an end before the start',
      () => ({ endsAt: new Date(now() + 6 * DAY).toISOString() }),
      'endsAt',
      'The end time must be after the start time',
    ],
    [
      'a price with more decimals than the asset has',
      () => paidTicket('1.1234567'),
      'ticketTypes.0.price',
      'The amount allows at most 6 decimal places',
    ],
    [
      'a price without an asset',
      () => ({ ticketTypes: [{ name: 'VIP', price: '3' }] }),
      'ticketTypes.0.asset',
      'Please choose the asset a paid ticket is priced in',
    ],
    [
      'an unknown asset',
      () => paidTicket('1', { asset: 'DOGE' }),
      'ticketTypes.0.asset',
      'This asset is not supported',
    ],
    [
      'no place at all',
      () => ({ city: null, onlineUrl: null }),
      'city',
      'Please enter an online link or a city for the venue',
    ],
    [
      'a time zone that does not exist',
      () => ({ timezone: 'Mars/Olympus' }),
      'timezone',
      'This time zone is not recognised',
    ],
    ['a date that is not a date', () => ({ startsAt: 'tomorrow' }), 'startsAt', 'Please enter a valid date and time'],
    ['an unknown category', () => ({ category: 'gambling' }), 'category', 'Category is invalid'],
    ['a capacity of zero', () => ({ capacity: 0 }), 'capacity', 'Capacity must be at least 1'],
    ['a title too long', () => ({ title: 'x'.repeat(121) }), 'title', 'Title must be at most 120 characters'],
    [
      'a cover image that is not the user’s',
      () => ({ coverImageId: 'a'.repeat(32) }),
      'coverImageId',
      'Please upload the cover image again',
    ],
    ['an unknown co-host', () => ({ coHosts: ['99999999'] }), 'coHosts.0', 'No user was found for this ID'],
  ];
  for (const [name, body, field, message] of cases) {
    it(`refuses ${name}`, async () => {
      const before = await rows(activities);
      const result = await create(body());
      expect(result.status).toBe(400);
      expect(result.attachment).toContainEqual({ field, message });
      expect(await rows(activities)).toBe(before);
    });
  }

  it('names the field in the user language', async () => {
    const result = await create({ endsAt: new Date(t.clock.now().getTime()).toISOString() }, 'zh_TW');
    expect(result.attachment).toContainEqual({ field: 'endsAt', message: '結束時間必須晚於開始時間' });
    const simplified = await create({ title: '' }, 'zh_CN');
    expect(simplified.attachment).toContainEqual({ field: 'title', message: '标题不能为空' });
  });

  it('lists every bad field at once', async () => {
    const result = await create({
      startsAt: new Date(t.clock.now().getTime() - HOUR).toISOString(),
      city: null,
      ...paidTicket('0.0000001'),
    });
    expect(result.attachment.map((entry) => entry.field).sort()).toEqual(['city', 'startsAt', 'ticketTypes.0.price']);
  });
});

describe('bad input on edit and sign-up changes nothing', () => {
  it('an edit naming only the title keeps every other field', async () => {
    const activity = await createActivity(t, olivia, {
      requireApproval: true,
      visibility: 'unlisted',
      questions: [{ label: 'Why?' }],
    });
    const edited = await t.call<Activity>('POST', '/activity/update', {
      token: olivia.token,
      body: { id: activity.id, title: 'Renamed' },
    });
    expect(edited.attachment).toMatchObject({
      title: 'Renamed',
      requireApproval: true,
      visibility: 'unlisted',
      description: 'Talks and drinks',
      questions: [{ id: 'q1', label: 'Why?' }],
    });
  });

  it('refuses moving the start into the past or the end before the start', async () => {
    const activity = await createActivity(t, olivia);
    const past = await t.call('POST', '/activity/update', {
      token: olivia.token,
      body: { id: activity.id, startsAt: new Date(t.clock.now().getTime() - DAY).toISOString() },
    });
    expect(past.attachment).toContainEqual({ field: 'startsAt', message: 'The start time must be in the future' });
    const inverted = await t.call('POST', '/activity/update', {
      token: olivia.token,
      body: { id: activity.id, endsAt: activity.startsAt },
    });
    expect(inverted.attachment).toContainEqual({
      field: 'endsAt',
      message: 'The end time must be after the start time',
    });
    const unchanged = await t.call<Activity>('GET', '/activity/detail', { query: { id: activity.id } });
    expect(unchanged.attachment).toMatchObject({ startsAt: activity.startsAt, endsAt: activity.endsAt });
  });

  it("answers 404 for someone else's draft and for an id that does not exist, 403 for editing a published one", async () => {
    const draft = await createActivity(t, olivia, { publish: false });
    for (const id of [draft.id, 'NoSuchActivity1']) {
      expect((await t.call('GET', '/activity/detail', { token: other.token, query: { id } })).status).toBe(404);
      expect((await t.call('POST', '/activity/update', { token: other.token, body: { id, title: 'x' } })).status).toBe(
        404,
      );
      expect((await signUp(t, other, id)).status).toBe(404);
    }
    const published = await createActivity(t, olivia);
    const edit = await t.call('POST', '/activity/update', {
      token: other.token,
      body: { id: published.id, title: 'x' },
    });
    expect(edit.status).toBe(403);
    expect((await t.call<Activity>('GET', '/activity/detail', { query: { id: published.id } })).attachment.title).toBe(
      'Taipei Builders Night',
    );
  });

  it('refuses a malformed id, an unknown ticket type and a cancellation without a ticket', async () => {
    const activity = await createActivity(t, olivia);
    const before = await rows(registrations);
    expect((await signUp(t, other, 'bad id!')).status).toBe(400);
    expect((await signUp(t, other, activity.id, { ticketTypeId: '999999' })).attachment).toEqual([
      { field: 'ticketTypeId', message: 'This ticket type does not exist' },
    ]);
    const cancel = await t.call('POST', '/activity/signup/cancel', {
      token: other.token,
      body: { activityId: activity.id },
    });
    expect(cancel).toMatchObject({ status: 404, msg: 'You have not signed up for this activity' });
    expect(await rows(registrations)).toBe(before);
  });

  it('refuses to cancel a ticket after the start', async () => {
    const activity = await createActivity(t, olivia, {
      startsAt: new Date(t.clock.now().getTime() + HOUR).toISOString(),
      endsAt: new Date(t.clock.now().getTime() + 3 * HOUR).toISOString(),
    });
    const guestUser = await guest(t, 'late@example.com', '0');
    await signUp(t, guestUser, activity.id);
    t.clock.advance(2 * HOUR);
    const result = await t.call('POST', '/activity/signup/cancel', {
      token: guestUser.token,
      body: { activityId: activity.id },
    });
    expect(result).toMatchObject({
      status: 409,
      msg: 'The activity has started; the ticket can no longer be cancelled',
    });
  });
});

describe('cover images', () => {
  const upload = (bytes: Buffer, filename: string, contentType: string, token = olivia.token) => {
    const boundary = '----polaris-test';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return t.app.inject({
      method: 'POST',
      url: '/rest/polarisex/activity/image/upload',
      headers: { token, locale: 'en_US', 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
  };

  it('stores a PNG as WebP at several widths, served with a long cache, and uses it as a cover', async () => {
    const png = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#3366ff' } })
      .png()
      .toBuffer();
    const response = await upload(png, 'cover.png', 'image/png');
    const body = response.json() as {
      status: number;
      attachment: { id: string; sizes: { width: number; url: string }[] };
    };
    expect(body.status).toBe(200);
    expect(body.attachment.sizes.map((size) => size.width)).toEqual([320, 640, 1280]);
    // A path on this server, so the page loads it from whichever origin it came from (issue 31).
    expect(body.attachment.sizes[1]!.url).toMatch(/^\/rest\/polarisex\/activity\/image\/[\w-]+\/640\.webp$/);
    const served = await t.app.inject({ url: body.attachment.sizes[1]!.url });
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await sharp(served.rawPayload).metadata()).width).toBe(640);
    const activity = await createActivity(t, olivia, { coverImageId: body.attachment.id });
    expect(activity.cover?.id).toBe(body.attachment.id);
    const stolen = await t.call('POST', '/activity/create', {
      token: other.token,
      body: activityBody(t, { coverImageId: body.attachment.id }),
    });
    expect(stolen.attachment).toContainEqual({ field: 'coverImageId', message: 'Please upload the cover image again' });
  });

  it('refuses a file that is not an image, whatever it claims, and one over 5 MB', async () => {
    const before = await rows(images);
    const fake = await upload(Buffer.from('GIF89a not really'), 'cat.png', 'image/png');
    expect(fake.json()).toMatchObject({
      status: 400,
      attachment: [{ field: 'file', message: 'Only JPEG, PNG and WebP images are accepted' }],
    });
    const big = Buffer.alloc(5 * 1024 * 1024 + 10, 0);
    big.set([0xff, 0xd8, 0xff], 0);
    const tooLarge = await upload(big, 'big.jpg', 'image/jpeg');
    expect(tooLarge.json()).toMatchObject({
      status: 400,
      attachment: [{ field: 'file', message: 'The image must be at most 5 MB' }],
    });
    const noFile = await t.call('POST', '/activity/image/upload', { token: olivia.token, body: {} });
    expect(noFile).toMatchObject({
      status: 400,
      attachment: [{ field: 'file', message: 'Please choose an image file' }],
    });
    const anonymous = await t.app.inject({ method: 'POST', url: '/rest/polarisex/activity/image/upload' });
    expect(anonymous.json()).toMatchObject({ status: 401 });
    expect(await rows(images)).toBe(before);
  });
});

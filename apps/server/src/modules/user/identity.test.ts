import type { ChatMessage, LiveStage, UserInfo } from '@polaris/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createRoom } from '../chat/chat-fixtures.ts';

/**
 * One identity: the avatar (uploaded by its owner, checked by its bytes, kept on the profile, carried beside the name)
 * and the display name, which names a person before their user name wherever they appear.
 */

let t: TestApp;
let session: { uid: string; token: string };

function upload(bytes: Buffer, filename: string, contentType: string, token = session.token) {
  const boundary = '----polaris-avatar';
  return t.app.inject({
    method: 'POST',
    url: '/rest/polarisex/user/avatar/upload',
    headers: { token, locale: 'en_US', 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
}

const square = (format: 'webp' | 'jpeg') =>
  sharp({ create: { width: 512, height: 512, channels: 3, background: '#2346d8' } })
    [format]()
    .toBuffer();

beforeAll(async () => {
  t = await createTestApp();
  session = await t.register('avatar-ann@example.com');
}, 60_000);
afterAll(() => t.close());

describe('POST /user/avatar/upload', () => {
  it('keeps a 512 px square as the profile avatar, served as WebP at its own width', async () => {
    const response = await upload(await square('webp'), 'avatar.webp', 'image/webp');
    const body = response.json() as { status: number; attachment: UserInfo };
    expect(body.status).toBe(200);
    // A path on this server, shown from whatever origin the page came from.
    expect(body.attachment.avatar).toMatch(/^\/rest\/polarisex\/activity\/image\/[a-f0-9]{32}\/512\.webp$/);
    const served = await t.app.inject({ url: body.attachment.avatar! });
    expect(served.headers['content-type']).toBe('image/webp');
    expect((await sharp(served.rawPayload).metadata()).width).toBe(512);
    const info = await t.call<UserInfo>('GET', '/user/info', { token: session.token });
    expect(info.attachment.avatar).toBe(body.attachment.avatar);
  });

  it('refuses what is not an image by its bytes, one over 1 MiB, and no file, naming `file`; guests get 401', async () => {
    const before = await t.call<UserInfo>('GET', '/user/info', { token: session.token });
    const fake = await upload(Buffer.from('GIF89a not really a picture'), 'me.jpg', 'image/jpeg');
    expect(fake.json()).toMatchObject({
      status: 400,
      attachment: [{ field: 'file', message: 'Only JPEG, PNG and WebP images are accepted' }],
    });
    const big = Buffer.alloc(1_048_576 + 10, 0);
    big.set([0xff, 0xd8, 0xff], 0);
    expect((await upload(big, 'big.jpg', 'image/jpeg')).json()).toMatchObject({
      status: 400,
      attachment: [{ field: 'file', message: 'The image must be at most 1 MB' }],
    });
    expect(await t.call('POST', '/user/avatar/upload', { token: session.token, body: {} })).toMatchObject({
      status: 400,
      attachment: [{ field: 'file', message: 'Please choose an image file' }],
    });
    const guest = await t.app.inject({ method: 'POST', url: '/rest/polarisex/user/avatar/upload' });
    expect(guest.json()).toMatchObject({ status: 401 });
    const after = await t.call<UserInfo>('GET', '/user/info', { token: session.token });
    expect(after.attachment.avatar).toBe(before.attachment.avatar);
  });

  it('travels with the sender on chat messages, sent and read back', async () => {
    const bob = await t.register('avatar-bob@example.com');
    const uploaded = (await upload(await square('jpeg'), 'bob.jpg', 'image/jpeg', bob.token)).json() as {
      attachment: UserInfo;
    };
    const room = await createRoom(t, bob.token, { name: 'Faces' });
    const sent = await t.call<{ message: ChatMessage }>('POST', '/chat/message/send', {
      token: bob.token,
      body: { roomId: room.id, text: 'hello' },
    });
    expect(sent.attachment.message.senderAvatar).toBe(uploaded.attachment.avatar);
    const history = await t.call<{ items: ChatMessage[] }>('GET', '/chat/messages', {
      token: bob.token,
      query: { roomId: room.id },
    });
    expect(history.attachment.items.find((m) => m.text === 'hello')?.senderAvatar).toBe(uploaded.attachment.avatar);
  });
});

describe('the display name', () => {
  it('names the host of a live stage, with their avatar', async () => {
    const host = await t.register('identity-host@example.com');
    const named = await t.call('POST', '/user/personalInfo', {
      token: host.token,
      body: { uname: 'cat_host', openName: 'Cat Chen' },
    });
    expect(named.status).toBe(200);
    const stage = await t.call<LiveStage>('POST', '/live/stage/create', {
      token: host.token,
      body: { title: 'Hello', audience: 'link' },
    });
    expect(stage.attachment.owner).toMatchObject({ name: 'Cat Chen', avatar: null });
  });
});

import type { Activity, AppConfig } from '@polaris/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActivity, host } from '../modules/activity/activity-fixtures.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { uploadTestImage } from '../test/images.ts';
import { latestMail } from '../test/outbox.ts';

// Issue 31: the app tried at 127.0.0.1 or a LAN address. Its own images are paths on whichever origin the page came
// from; links that leave the device come from PUBLIC_URL only, never from a request's Host header.

const LAN = '192.168.1.23:8080';

describe('a server without PUBLIC_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: '' } });
  });
  afterAll(() => t.close());

  it('says its links are not public, so the share buttons can tell the person sharing', async () => {
    const config = await t.call<AppConfig>('GET', '/app/config', { headers: { host: LAN } });
    expect(config.attachment).toMatchObject({ publicLinks: false, publicUrl: 'http://localhost:8080' });
  });

  it('answers covers as paths, which the page loads from its own origin under img-src self', async () => {
    const olivia = await host(t, 'olivia@example.com');
    const cover = await uploadTestImage(t, olivia.token);
    const activity = await createActivity(t, olivia, { coverImageId: cover });
    const seen = await t.call<Activity>('GET', '/activity/detail', {
      query: { id: activity.id },
      headers: { host: LAN },
    });
    const urls = seen.attachment.cover!.sizes.map((size) => size.url);
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls) expect(url).toMatch(/^\/rest\/polarisex\/activity\/image\//);
    const answer = await t.app.inject({ url: '/', headers: { host: LAN } });
    expect(answer.headers['content-security-policy']).toMatch(/img-src 'self'/);
  });
});

describe('a server with PUBLIC_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://polaris.example' } });
  });
  afterAll(() => t.close());

  it('says its links are public', async () => {
    const config = await t.call<AppConfig>('GET', '/app/config');
    expect(config.attachment).toMatchObject({ publicLinks: true, publicUrl: 'https://polaris.example' });
  });

  it('mails links on PUBLIC_URL whatever Host the request that caused the mail carried', async () => {
    const olivia = await host(t, 'olivia@example.com');
    const activity = await createActivity(t, olivia);
    const sent = await t.call('POST', '/activity/manage/invite', {
      token: olivia.token,
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
      body: { activityId: activity.id, emails: ['guest@example.org'] },
    });
    expect(sent.status).toBe(200);
    const mail = await latestMail(t.outbox, 'guest@example.org');
    expect(mail?.text).toContain('https://polaris.example/');
    expect(mail?.text).not.toContain('evil.example');
  });
});

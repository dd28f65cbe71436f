import type { InvitedInfo } from '@polaris/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { uploadTestImage } from '../../test/images.ts';
import type { WalletUser } from '../../test/wallet-fixtures.ts';
import { createActivity, host } from '../activity/activity-fixtures.ts';

const CHROME =
  'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const BOTS = [
  'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  'Twitterbot/1.0',
  'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
  'TelegramBot (like TwitterBot)',
  'WhatsApp/2.23.20.0',
  'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)',
  'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)',
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
];
const HOSTILE = '"><script>alert(1)</script>';

/** The content of one `<meta property|name="key">`, unescaped only for &#NN; entities. */
function meta(html: string, key: string): string | null {
  const match = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html);
  return match ? match[1]!.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))) : null;
}

describe('short links', () => {
  let t: TestApp;
  let olivia: WalletUser;
  let published: string;
  let draft: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { SHORT_LINK_HOST: 'https://plrs.example' } });
    olivia = await host(t, 'olivia@example.com');
    const cover = await uploadTestImage(t, olivia.token);
    published = (await createActivity(t, olivia, { title: `Night ${HOSTILE}`, coverImageId: cover })).id;
    draft = (await createActivity(t, olivia, { title: 'Secret draft plans', publish: false })).id;
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('hands out the short form on the short-link host as the share link', async () => {
    const detail = await t.call<{ shareUrl: string }>('GET', '/activity/detail', { query: { id: published } });
    expect(detail.attachment.shareUrl).toBe(`https://plrs.example/s/a${published}`);
    const invite = await t.call<InvitedInfo>('POST', '/user/getInvitedInfo', { token: olivia.token, body: {} });
    expect(invite.attachment.link).toMatch(/^https:\/\/plrs\.example\/s\/u[A-Z0-9]{8}$/);
  });

  it('redirects a person into the app at the activity', async () => {
    const response = await get(`/s/a${published}`, { 'user-agent': CHROME });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(`http://localhost:8080/#/pages/activity/details/index?id=${published}`);
    expect(response.headers['cache-control']).toBe('private, no-store');
    // No User-Agent at all is a person too (curl without -A sends one; a bare client may not).
    expect((await get(`/s/a${published}`)).statusCode).toBe(302);
  });

  it('answers every link-preview bot with Open Graph and Twitter card tags, hostile titles escaped', async () => {
    for (const bot of BOTS) {
      const response = await get(`/s/a${published}`, { 'user-agent': bot, 'accept-language': 'en-US,en;q=0.8' });
      expect(response.statusCode, bot).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      const html = response.body;
      expect(html).not.toContain('<script');
      expect(html).not.toContain('"><');
      expect(meta(html, 'og:title')).toBe(`Night ${HOSTILE}`);
      expect(meta(html, 'twitter:title')).toBe(`Night ${HOSTILE}`);
      expect(meta(html, 'og:site_name')).toBe('Polaris');
      expect(meta(html, 'og:locale')).toBe('en_US');
      expect(meta(html, 'og:url')).toBe(`https://plrs.example/s/a${published}`);
      expect(meta(html, 'og:image')).toMatch(
        /^http:\/\/localhost:8080\/rest\/polarisex\/activity\/image\/[^/]+\/\d+\.webp$/,
      );
      expect(meta(html, 'twitter:card')).toBe('summary_large_image');
      expect(meta(html, 'og:description')).toMatch(/GMT\+8 · Taipei — Talks and drinks$/);
    }
  });

  it('speaks the crawler’s Accept-Language', async () => {
    const bot = { 'user-agent': BOTS[0]! };
    const hant = await get(`/s/a${published}`, { ...bot, 'accept-language': 'zh-TW,zh;q=0.9' });
    expect(meta(hant.body, 'og:locale')).toBe('zh_TW');
    expect(hant.body).toContain('<html lang="zh-Hant">');
    expect(hant.body).toContain('在 Polaris 開啟');
    const hans = await get(`/s/a${published}`, { ...bot, 'accept-language': 'zh-CN' });
    expect(meta(hans.body, 'og:locale')).toBe('zh_CN');
    expect(hans.body).toContain('在 Polaris 打开');
  });

  it('previews a draft generically, to crawlers, never its title', async () => {
    const response = await get(`/s/a${draft}`, { 'user-agent': BOTS[1]!, 'accept-language': 'en' });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('Secret draft');
    expect(meta(response.body, 'og:title')).toBe('An activity on Polaris');
    expect(meta(response.body, 'og:image')).toBeNull();
    expect(meta(response.body, 'twitter:card')).toBe('summary');
  });

  it('previews kinds without a public page generically', async () => {
    const bot = { 'user-agent': BOTS[2]!, 'accept-language': 'en' };
    expect(meta((await get('/s/rAbCdEf123456', bot)).body, 'og:title')).toBe('A red packet for you');
    expect(meta((await get('/s/cSomeRoomToken_-x', bot)).body, 'og:title')).toBe('Join a chat room on Polaris');
    expect(meta((await get('/s/uK7PQ2XZA', bot)).body, 'og:title')).toBe('You are invited to Polaris');
    expect(meta((await get('/s/b999999', bot)).body, 'og:title')).toBe('A bounty on Polaris');
    const person = await get('/s/cSomeRoomToken_-x', { 'user-agent': CHROME });
    expect(person.headers.location).toBe('http://localhost:8080/#/pages/chatroom/index?invite=SomeRoomToken_-x');
  });

  it('answers an unknown or malformed code with a 404 page, to people and crawlers alike', async () => {
    for (const url of ['/s/aNoSuchCode12', '/s/x123', '/s/b0', `/s/a${encodeURIComponent(HOSTILE)}`, '/s/']) {
      for (const agent of [CHROME, BOTS[0]!]) {
        const response = await get(url, { 'user-agent': agent, 'accept-language': 'en' });
        expect(response.statusCode, url).toBe(404);
        if (url === '/s/') continue;
        expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(response.body).toContain('Link not found');
        expect(response.body).not.toContain('<script');
      }
    }
  });

  it('serves robots.txt, and no app-link files when none are configured', async () => {
    const robots = await get('/robots.txt');
    expect(robots.statusCode).toBe(200);
    expect(robots.body).toBe('User-agent: *\nAllow: /rest/polarisex/activity/image/\nDisallow: /rest/polarisex/\n');
    for (const file of ['/.well-known/assetlinks.json', '/.well-known/apple-app-site-association']) {
      const response = await get(file);
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
    }
  });
});

describe('app-link files from configuration', () => {
  const print = Array.from({ length: 32 }, (_, i) => (i * 7).toString(16).padStart(2, '0').toUpperCase()).join(':');
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        ANDROID_APP_PACKAGE: 'com.polaris.app',
        ANDROID_CERT_SHA256: print.toLowerCase(),
        IOS_TEAM_ID: 'ABCDE12345',
        IOS_BUNDLE_ID: 'com.polaris.app',
      },
    });
  });
  afterAll(() => t.close());

  it('serves assetlinks.json and apple-app-site-association as JSON, without a redirect', async () => {
    const android = await t.app.inject({ method: 'GET', url: '/.well-known/assetlinks.json' });
    expect(android.statusCode).toBe(200);
    expect(android.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(android.json()).toEqual([
      {
        relation: ['delegate_permission/common.handle_all_urls'],
        target: { namespace: 'android_app', package_name: 'com.polaris.app', sha256_cert_fingerprints: [print] },
      },
    ]);
    const apple = await t.app.inject({ method: 'GET', url: '/.well-known/apple-app-site-association' });
    expect(apple.statusCode).toBe(200);
    expect(apple.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(apple.json().applinks.details[0]).toMatchObject({ appID: 'ABCDE12345.com.polaris.app', paths: ['/s/*'] });
  });
});

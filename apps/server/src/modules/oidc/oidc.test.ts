import { API_BASE, hashLoginPassword, type SessionAttachment } from '@polaris/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../db/client.ts';
import { createTestApp } from '../../test/app.ts';
import { callbackOf, type OidcTestbed, oidcTestbed } from '../../test/oidc-testbed.ts';

/** Google and Apple sign-in against a real OpenID provider (oidc-provider) on a local port. */

let bed: OidcTestbed;
let idp: OidcTestbed['idp'];
let t: OidcTestbed['t'];

beforeAll(async () => {
  bed = await oidcTestbed();
  ({ idp, t } = bed);
}, 60_000);
afterAll(() => bed.close());

describe('sign-in with Google', () => {
  it('creates the account of a new verified user and signs them in by a one-time ticket', async () => {
    idp.accounts.set('g-new', { email: 'New.Person@Example.com', emailVerified: true, name: 'New Person' });
    const flow = await bed.signInAt('google', 'g-new');
    expect(flow.error).toBeNull();
    const redeemed = await bed.redeem(flow.ticket!, flow.browserKey);
    expect(redeemed.status).toBe(200);
    expect(redeemed.attachment.link).toBeNull();
    const info = await bed.loggedInAs(redeemed.attachment.session!);
    expect(info.email).toBe('new.person@example.com');
    expect(info.uname).toBe('New Person');
    // The ticket is spent.
    const again = await bed.redeem(flow.ticket!, flow.browserKey);
    expect(again.status).toBe(404);
    expect(again.msg).toBe('This sign-in link has expired, please try again');
  });

  it('signs a returning user in to the same account', async () => {
    idp.accounts.set('g-back', { email: 'back@example.com', emailVerified: true });
    const first = await bed.signInAt('google', 'g-back');
    const firstUid = (await bed.redeem(first.ticket!, first.browserKey)).attachment.session!.uid;
    idp.accounts.set('g-back', { email: 'changed-address@example.com', emailVerified: true });
    const second = await bed.signInAt('google', 'g-back');
    const session = (await bed.redeem(second.ticket!, second.browserKey)).attachment.session!;
    expect(session.uid).toBe(firstUid);
    const { rows } = await query<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from users where email = 'changed-address@example.com'`,
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('creates one account when several sign-ins of a new user come back at once', async () => {
    idp.accounts.set('g-twice', { email: 'twice@example.com', emailVerified: true });
    const flows = await Promise.all(
      [0, 1, 2, 3].map(async () => {
        const { url, browserKey } = await bed.start('google');
        return { browserKey, answer: await idp.signIn(url, 'g-twice') };
      }),
    );
    const back = await Promise.all(flows.map((flow) => bed.deliver('google', flow.answer)));
    const uids = await Promise.all(
      back.map(async (result, index) => {
        const redeemed = await bed.redeem(result.ticket!, flows[index]!.browserKey);
        return redeemed.attachment.session!.uid;
      }),
    );
    expect(new Set(uids).size).toBe(1);
    const { rows } = await query<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from users where email = 'twice@example.com'`,
    );
    expect(rows[0]!.n).toBe(1);
  });

  it('gives the ticket only to the browser that started the sign-in', async () => {
    idp.accounts.set('g-csrf', { email: 'csrf@example.com', emailVerified: true });
    const flow = await bed.signInAt('google', 'g-csrf');
    const stranger = await bed.redeem(flow.ticket!, 'someone-elses-browser-key');
    expect(stranger.status).toBe(404);
    expect((await bed.redeem(flow.ticket!, flow.browserKey)).attachment.session).not.toBeNull();
  });

  it('hands out one session when the same ticket is redeemed many times at once', async () => {
    idp.accounts.set('g-race', { email: 'race@example.com', emailVerified: true });
    const flow = await bed.signInAt('google', 'g-race');
    const results = await Promise.all(Array.from({ length: 50 }, () => bed.redeem(flow.ticket!, flow.browserKey)));
    expect(results.filter((result) => result.status === 200)).toHaveLength(1);
    expect(results.filter((result) => result.status === 404)).toHaveLength(49);
  });
});

describe('linking to an existing account', () => {
  it('links a verified email only after the owner gives the account password', async () => {
    const owner = await t.register('linker@example.com');
    idp.accounts.set('g-link', { email: 'linker@example.com', emailVerified: true });
    const flow = await bed.signInAt('google', 'g-link');
    const redeemed = await bed.redeem(flow.ticket!, flow.browserKey);
    expect(redeemed.attachment).toEqual({ session: null, link: { provider: 'google', email: 'linker@example.com' } });
    // Looking at a link ticket does not use it up, and a wrong password leaves it usable.
    const body = { ticket: flow.ticket!, browserKey: flow.browserKey };
    const wrong = await t.call('POST', '/user/oidc/link', {
      body: { ...body, password: hashLoginPassword('wrong999x') },
    });
    expect(wrong.status).toBe(400);
    const linked = await t.call<SessionAttachment>('POST', '/user/oidc/link', {
      body: { ...body, password: hashLoginPassword('abc12345') },
    });
    expect(linked.status).toBe(200);
    expect(linked.attachment.uid).toBe(owner.uid);
    const reused = await t.call('POST', '/user/oidc/link', {
      body: { ...body, password: hashLoginPassword('abc12345') },
    });
    expect(reused.status).toBe(404);
    // From now on the provider signs straight in.
    const next = await bed.signInAt('google', 'g-link');
    expect((await bed.redeem(next.ticket!, next.browserKey)).attachment.session!.uid).toBe(owner.uid);
  });

  it('links with an emailed login code instead of the password', async () => {
    const owner = await t.register('coder@example.com');
    idp.accounts.set('g-code', { email: 'coder@example.com', emailVerified: true });
    const flow = await bed.signInAt('google', 'g-code');
    expect(
      (await t.call('POST', '/user/vcode/send', { body: { email: 'coder@example.com', purpose: 'login' } })).status,
    ).toBe(200);
    const vcode = (await t.code('coder@example.com'))!;
    const linked = await t.call<SessionAttachment>('POST', '/user/oidc/link', {
      body: { ticket: flow.ticket!, browserKey: flow.browserKey, vcode },
    });
    expect(linked.status).toBe(200);
    expect(linked.attachment.uid).toBe(owner.uid);
  });

  it('links once when the owner confirms many times at once', async () => {
    await t.register('double@example.com');
    idp.accounts.set('g-double', { email: 'double@example.com', emailVerified: true });
    const flow = await bed.signInAt('google', 'g-double');
    const body = { ticket: flow.ticket!, browserKey: flow.browserKey, password: hashLoginPassword('abc12345') };
    const results = await Promise.all(Array.from({ length: 10 }, () => t.call('POST', '/user/oidc/link', { body })));
    expect(results.filter((result) => result.status === 200)).toHaveLength(1);
    const { rows } = await query<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from oidc_identities where subject = 'g-double'`,
    );
    expect(rows[0]!.n).toBe(1);
  });

  it('refuses to link or create an account from an unverified email', async () => {
    await t.register('victim@example.com');
    idp.accounts.set('g-unverified', { email: 'victim@example.com', emailVerified: false });
    expect((await bed.signInAt('google', 'g-unverified')).error).toBe('unverified');
    idp.accounts.set('g-unverified-new', { email: 'nobody-yet@example.com', emailVerified: false });
    expect((await bed.signInAt('google', 'g-unverified-new')).error).toBe('unverified');
    const { rows } = await query<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from users where email = 'nobody-yet@example.com'`,
    );
    expect(rows[0]!.n).toBe(0);
  });
});

describe('what the callback refuses', () => {
  it('refuses a tampered state', async () => {
    idp.accounts.set('g-tamper', { email: 'tamper@example.com', emailVerified: true });
    const { url } = await bed.start('google');
    const answer = await idp.signIn(url, 'g-tamper');
    if (answer.kind !== 'redirect') throw new Error('expected a redirect');
    answer.url.searchParams.set('state', `${answer.url.searchParams.get('state')}x`);
    expect((await bed.deliver('google', answer)).error).toBe('expired');
  });

  it('refuses a replayed state', async () => {
    idp.accounts.set('g-replay', { email: 'replay@example.com', emailVerified: true });
    const flow = await bed.signInAt('google', 'g-replay');
    expect(flow.ticket).not.toBeNull();
    expect((await bed.deliver('google', flow.answer)).error).toBe('expired');
  });

  it('refuses a replayed code under a fresh state', async () => {
    idp.accounts.set('g-code-replay', { email: 'code-replay@example.com', emailVerified: true });
    const used = await bed.signInAt('google', 'g-code-replay');
    if (used.answer.kind !== 'redirect') throw new Error('expected a redirect');
    const { url } = await bed.start('google');
    const fresh = new URL(used.answer.url);
    fresh.searchParams.set('state', new URL(url).searchParams.get('state')!);
    expect((await bed.deliver('google', { kind: 'redirect', url: fresh })).error).toBe('failed');
  });

  it('refuses a sign-in that took longer than ten minutes', async () => {
    idp.accounts.set('g-slow', { email: 'slow@example.com', emailVerified: true });
    const { url } = await bed.start('google');
    const answer = await idp.signIn(url, 'g-slow');
    t.clock.advance(11 * 60_000);
    expect((await bed.deliver('google', answer)).error).toBe('expired');
  });

  it('reports a sign-in cancelled at the provider', async () => {
    const { url } = await bed.start('google');
    const state = new URL(url).searchParams.get('state')!;
    const cancelled = new URL(callbackOf('google'));
    cancelled.search = new URLSearchParams({ state, error: 'access_denied' }).toString();
    expect((await bed.deliver('google', { kind: 'redirect', url: cancelled })).error).toBe('cancelled');
  });

  it('answers hostile input with a 400 naming the field, not a 5xx', async () => {
    const nul = await t.app.inject({ method: 'GET', url: `${API_BASE}/user/google/callback?state=ab%00c&code=x` });
    expect(nul.statusCode).toBe(200);
    expect(nul.json()).toMatchObject({ status: 400 });
    expect(JSON.stringify(nul.json())).toContain('state');
    const missing = await t.app.inject({ method: 'GET', url: `${API_BASE}/user/google/callback` });
    expect(missing.json()).toMatchObject({ status: 400 });
    const posted = await t.app.inject({
      method: 'POST',
      url: `${API_BASE}/user/apple/callback`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'state=s&code=c&user=%7B%22name%22%3A%00%7D',
    });
    expect(posted.json()).toMatchObject({ status: 400 });
    expect(JSON.stringify(posted.json())).toContain('user');
    const long = await t.app.inject({
      method: 'POST',
      url: `${API_BASE}/user/apple/callback`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `state=${'s'.repeat(5000)}`,
    });
    expect(long.json()).toMatchObject({ status: 400 });
    const ticket = await t.call('POST', '/user/oidc/ticket', { body: { ticket: 'a\u0000b', browserKey: 'k' } });
    expect(ticket.status).toBe(400);
  });
});

describe('sign-in with Apple', () => {
  it('keeps the name Apple posts on the first sign-in only', async () => {
    idp.accounts.set('a-first', { email: 'relay-123@privaterelay.appleid.com', emailVerified: true });
    const flow = await bed.signInAt('apple', 'a-first', {
      user: JSON.stringify({
        name: { firstName: 'Dana', lastName: 'Lee' },
        email: 'relay-123@privaterelay.appleid.com',
      }),
    });
    expect(flow.answer.kind).toBe('form');
    const session = (await bed.redeem(flow.ticket!, flow.browserKey)).attachment.session!;
    expect((await bed.loggedInAs(session)).uname).toBe('Dana Lee');
    // Later sign-ins carry no name; the account keeps the first one.
    const later = await bed.signInAt('apple', 'a-first');
    const again = (await bed.redeem(later.ticket!, later.browserKey)).attachment.session!;
    expect(again.uid).toBe(session.uid);
    expect((await bed.loggedInAs(again)).uname).toBe('Dana Lee');
  });
});

describe('without providers', () => {
  it('hides the buttons and refuses to start', async () => {
    const bare = await createTestApp();
    try {
      const config = await bare.call<{ signInProviders: string[] }>('GET', '/app/config');
      expect(config.attachment.signInProviders).toEqual([]);
      expect((await bare.call('GET', '/user/google/login')).status).toBe(580);
    } finally {
      await bare.close();
    }
    const configured = await t.call<{ signInProviders: string[] }>('GET', '/app/config');
    expect(configured.attachment.signInProviders).toEqual(['google', 'apple']);
  });
});

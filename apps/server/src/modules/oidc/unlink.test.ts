import { hashLoginPassword, type LinkedProvider, type SessionAttachment } from '@polaris/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OidcTestbed, oidcTestbed } from '../../test/oidc-testbed.ts';

/** The security centre's linked Google and Apple accounts: listed, and unlinked only by their proven owner. */

let bed: OidcTestbed;
beforeAll(async () => {
  bed = await oidcTestbed();
}, 60_000);
afterAll(() => bed.close());

type Session = { token: string; signingKey: string };
const listOf = async (session: Session) =>
  (await bed.t.signedCall<{ items: LinkedProvider[] }>('GET', '/user/identity/providers', session)).attachment.items;
const unlink = (session: Session, body: Record<string, unknown>) =>
  bed.t.signedCall('POST', '/user/identity/providers/unlink', session, body);

/** An account created by signing in with Google (it has no password), and its session. */
async function googleAccount(login: string, email: string): Promise<SessionAttachment & Session> {
  bed.idp.accounts.set(login, { email, emailVerified: true });
  const flow = await bed.signInAt('google', login);
  return (await bed.redeem(flow.ticket!, flow.browserKey)).attachment.session! as SessionAttachment & Session;
}

describe('linked providers', () => {
  it('lists the Google account, and unlinks it with an emailed code when the account has no password', async () => {
    const session = await googleAccount('g-unlink', 'unlink@example.com');
    expect(await listOf(session)).toEqual([
      { provider: 'google', email: 'unlink@example.com', linkedAt: expect.any(String) },
    ]);
    // Unsigned, it is refused like every call under /user/identity.
    expect((await bed.t.call('GET', '/user/identity/providers', { token: session.token })).status).toBe(401);

    const none = await unlink(session, { provider: 'google' });
    expect(none.status).toBe(400);
    expect(none.attachment).toEqual([expect.objectContaining({ field: 'password' })]);
    const wrongPassword = await unlink(session, { provider: 'google', password: hashLoginPassword('guess1234') });
    expect(wrongPassword.status).toBe(400);
    expect((await unlink(session, { provider: 'google', vcode: '000000' })).attachment).toEqual([
      expect.objectContaining({ field: 'vcode' }),
    ]);
    expect(await listOf(session)).toHaveLength(1);

    await bed.t.call('POST', '/user/vcode/send', { body: { email: 'unlink@example.com', purpose: 'login' } });
    const vcode = (await bed.t.code('unlink@example.com'))!;
    expect((await unlink(session, { provider: 'google', vcode })).status).toBe(200);
    expect(await listOf(session)).toEqual([]);

    // Google now finds an existing account with its email, which must confirm a link again.
    const again = await bed.signInAt('google', 'g-unlink');
    expect((await bed.redeem(again.ticket!, again.browserKey)).attachment).toEqual({
      session: null,
      link: { provider: 'google', email: 'unlink@example.com' },
    });
  });

  it('says so when the provider is not linked, and refuses an unknown one naming the field', async () => {
    const session = await bed.t.register('plain@example.com');
    const apple = await unlink(session, { provider: 'apple', password: hashLoginPassword('abc12345') });
    expect(apple.status).toBe(409);
    expect(apple.msg).toBe('No Apple account is linked to this account');
    const hostile = await unlink(session, { provider: 'face\u0000book', password: hashLoginPassword('abc12345') });
    expect(hostile.status).toBe(400);
    expect(hostile.attachment).toEqual([expect.objectContaining({ field: 'provider' })]);
  });

  it('unlinks once when the owner confirms many times at once', async () => {
    const owner = await bed.t.register('many@example.com');
    bed.idp.accounts.set('g-many', { email: 'many@example.com', emailVerified: true });
    const flow = await bed.signInAt('google', 'g-many');
    await bed.t.call('POST', '/user/oidc/link', {
      body: { ticket: flow.ticket!, browserKey: flow.browserKey, password: hashLoginPassword('abc12345') },
    });
    expect(await listOf(owner)).toHaveLength(1);
    const password = hashLoginPassword('abc12345');
    const results = await Promise.all(
      Array.from({ length: 20 }, () => unlink(owner, { provider: 'google', password })),
    );
    expect(results.filter((result) => result.status === 200)).toHaveLength(1);
    expect(results.filter((result) => result.status === 409)).toHaveLength(19);
    expect(await listOf(owner)).toEqual([]);
  });
});

import { CHAT_CLOSE, CHAT_SOCKET_CAPS, hashLoginPassword, Status, translate } from '@polaris/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { type ChatClient, connectChat, createRoom, joinRoom } from './chat-fixtures.ts';

/**
 * Every way a session ends closes that session's chat sockets at once (close code 4401 after an error frame
 * 9999), and only that session's: the user's other sessions and other people keep theirs. The heartbeat here is
 * ten minutes, so nothing below is closed by the heartbeat's re-check; that safety net has its own test app.
 */
let t: TestApp;
let base: string;
let host: { token: string };
let roomId: string;
const clients: ChatClient[] = [];
const PASSWORD = 'abc12345';

beforeAll(async () => {
  t = await createTestApp({ env: { CHAT_HEARTBEAT_MS: '600000' } });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  host = await t.register('end-host@example.com');
  roomId = (await createRoom(t, host.token, { name: 'Sessions', joinPolicy: 'public' })).id;
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await t.close();
});

type Session = { token: string; signingKey: string; uid: string };

async function login(email: string): Promise<Session> {
  const result = await t.call<Session>('POST', '/user/login', {
    body: { email, password: hashLoginPassword(PASSWORD) },
  });
  if (result.status !== 200) throw new Error(`login: ${result.msg}`);
  return result.attachment;
}

/** A person with two sessions (two devices), a member of the room. */
async function person(email: string) {
  const first = await t.register(email);
  await joinRoom(t, first.token, roomId);
  return { email, first: first as Session, second: await login(email) };
}

/** A socket on the session, subscribed to the room. */
async function socket(session: { token: string }) {
  const client = await connectChat(base, session.token);
  clients.push(client);
  client.send({ type: 'subscribe', roomId });
  await client.next('subscribed');
  return client;
}

/**
 * Resolves when the socket has closed with the session-ended code, having been told why. No clock: the sockets here
 * send nothing after the session ends and the heartbeat is ten minutes away (or, in the heartbeat's own test, the
 * only way left), so the close can only come from the path under test; how fast it comes is for a benchmark, not
 * for a pass or a fail on a machine of unknown load.
 */
async function endedBySession(client: ChatClient) {
  const closed = await client.closed;
  expect(closed).toEqual({ code: CHAT_CLOSE.sessionEnded.code, reason: CHAT_CLOSE.sessionEnded.reason });
  expect(client.frames.some((frame) => frame.type === 'error' && frame.code === Status.sessionInvalid)).toBe(true);
}

/** The socket still works both ways: it receives the room and its own send is stored. */
async function stillWorks(client: ChatClient, label: string) {
  expect(client.isOpen).toBe(true);
  client.send({ type: 'send', roomId, text: `still here ${label}`, clientId: `still-${label}` });
  await client.next('ack', (frame) => frame.clientId === `still-${label}`);
  for (let waited = 0; !client.messages(roomId).some((m) => m.text === `still here ${label}`); waited += 10) {
    if (waited > 5000) throw new Error(`the message did not come back to ${label}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function storedCount(text: string) {
  const { rows } = await query<{ n: number }>(
    t.database.db,
    sql`select count(*)::int as n from chat_messages where room_id = ${Number(roomId)} and body = ${text}`,
  );
  return rows[0]!.n;
}

describe('a session that ends closes its chat sockets', () => {
  it('logout: both sockets of that session close and cannot send; the other session keeps its own', async () => {
    const ann = await person('end-logout@example.com');
    const [a1, a2, other] = [await socket(ann.first), await socket(ann.first), await socket(ann.second)];
    expect((await t.call('POST', '/user/logout', { token: ann.first.token })).status).toBe(200);
    // Sent right after the logout answered: refused, whether or not the close has reached the client yet.
    if (a1.isOpen) a1.send({ type: 'send', roomId, text: 'after logout', clientId: 'late' });
    await endedBySession(a1);
    await endedBySession(a2);
    expect(a1.frames.some((frame) => frame.type === 'ack')).toBe(false);
    expect(await storedCount('after logout')).toBe(0);
    await stillWorks(other, 'logout');
  });

  it('revoking one session from the security centre closes its sockets only', async () => {
    const bea = await person('end-revoke@example.com');
    const [revoked, kept] = [await socket(bea.second), await socket(bea.first)];
    const list = await t.signedCall<{ items: { id: number; current: boolean }[] }>(
      'GET',
      '/user/identity/sessions',
      bea.first,
    );
    const target = list.attachment.items.find((item) => !item.current)!;
    const done = await t.signedCall('POST', '/user/identity/sessions/revoke', bea.first, { id: target.id });
    expect(done.status).toBe(200);
    await endedBySession(revoked);
    await stillWorks(kept, 'revoke');
  });

  it('"sign out everywhere else" closes the other sessions\' sockets and keeps the caller\'s', async () => {
    const cal = await person('end-others@example.com');
    const third = await login(cal.email);
    const [s2, s3, kept] = [await socket(cal.second), await socket(third), await socket(cal.first)];
    expect((await t.signedCall('POST', '/user/identity/sessions/revokeOthers', cal.first)).status).toBe(200);
    await endedBySession(s2);
    await endedBySession(s3);
    await stillWorks(kept, 'others');
  });

  it('a password reset by mailed code closes every socket of the account; other people keep theirs', async () => {
    const dan = await person('end-reset@example.com');
    const bystander = await person('end-bystander@example.com');
    const [d1, d2, theirs] = [await socket(dan.first), await socket(dan.second), await socket(bystander.first)];
    expect((await t.call('POST', '/user/vcode/send', { body: { email: dan.email, purpose: 'reset' } })).status).toBe(
      200,
    );
    const vcode = await t.code(dan.email);
    const reset = await t.call('POST', '/user/reset', {
      body: { email: dan.email, vcode, password: hashLoginPassword('newpass99') },
    });
    expect(reset.status).toBe(200);
    await endedBySession(d1);
    await endedBySession(d2);
    await stillWorks(theirs, 'reset');
  });

  it("a password change closes the other sessions' sockets and keeps the caller's", async () => {
    const eve = await person('end-change@example.com');
    const [ended, kept] = [await socket(eve.second), await socket(eve.first)];
    const change = await t.call('POST', '/user/password/change', {
      token: eve.first.token,
      body: { oldPassword: hashLoginPassword(PASSWORD), password: hashLoginPassword('changed99') },
    });
    expect(change.status).toBe(200);
    await endedBySession(ended);
    await stillWorks(kept, 'change');
  });

  it('deleting the account closes every socket of it', async () => {
    const fay = await person('end-delete@example.com');
    const [f1, f2] = [await socket(fay.first), await socket(fay.second)];
    expect((await t.call('POST', '/user/deleteAccount/vcode', { token: fay.first.token })).status).toBe(200);
    const vcode = await t.code(fay.email);
    const deleted = await t.call('POST', '/user/deleteAccount', {
      token: fay.first.token,
      body: { password: hashLoginPassword(PASSWORD), vcode },
    });
    expect(deleted.status).toBe(200);
    await endedBySession(f1);
    await endedBySession(f2);
  });

  it('a session that expires while its socket is open closes it then', async () => {
    const gus = await person('end-expiry@example.com');
    const kept = await socket(gus.first);
    // The second session has 800 ms left when its socket opens.
    const expiresAt = new Date(t.clock.now().getTime() + 800);
    await query(
      t.database.db,
      sql`update sessions set expires_at = ${expiresAt.toISOString()}::timestamptz
          where id = (select max(id) from sessions where user_id = (select id from users where email = ${gus.email}))`,
    );
    const expiring = await socket(gus.second);
    await endedBySession(expiring);
    // Then, not before (a loaded machine can only make it later; timers round to the millisecond).
    expect(t.clock.now().getTime()).toBeGreaterThanOrEqual(expiresAt.getTime() - 2);
    await stillWorks(kept, 'expiry');
  });

  it('a session revoked without an announcement cannot act past a second: its next frame closes the socket', async () => {
    const hal = await person('end-silent@example.com');
    const silent = await socket(hal.second);
    // An acting frame trusts the database's last answer for a second (the announcement is the fast path): the
    // app's clock moves past it.
    t.clock.advance(1100);
    // As a path that forgot to announce would leave it (or a lost pub/sub message): revoked in the database only.
    await query(
      t.database.db,
      sql`update sessions set revoked_at = now()
          where id = (select max(id) from sessions where user_id = (select id from users where email = ${hal.email}))`,
    );
    silent.send({ type: 'send', roomId, text: 'from a dead session', clientId: 'dead' });
    await endedBySession(silent);
    expect(silent.frames.some((frame) => frame.type === 'ack')).toBe(false);
    expect(await storedCount('from a dead session')).toBe(0);
  });
});

describe('socket caps', () => {
  it(`takes ${CHAT_SOCKET_CAPS.perSession} sockets per session and ${CHAT_SOCKET_CAPS.perAccount} per account; the next is closed with 4429`, async () => {
    const ivy = await t.register('caps@example.com');
    const open = async (token: string) => {
      const client = await connectChat(base, token);
      clients.push(client);
      return client;
    };
    const refusedWith = async (client: ChatClient) => {
      expect(await client.closed).toEqual({
        code: CHAT_CLOSE.tooManySockets.code,
        reason: CHAT_CLOSE.tooManySockets.reason,
      });
      expect(client.frames).toEqual([
        {
          type: 'error',
          code: Status.conflict,
          // The socket's language is the app's default (zh-Hant) when the client names none.
          message: translate('zh-Hant', 'chat.tooManySockets'),
        },
      ]);
    };
    const first = await Promise.all(Array.from({ length: CHAT_SOCKET_CAPS.perSession }, () => open(ivy.token)));
    await refusedWith(await open(ivy.token));
    // Still open, all of them; one closing frees its place.
    expect(first.every((client) => client.isOpen)).toBe(true);
    await first[0]!.close();
    // The server frees the place when it sees the close; a socket opened before that is refused, so open until
    // one is admitted (a refusal other than the cap's fails the test).
    for (;;) {
      const replacement = await open(ivy.token);
      replacement.send({ type: 'ping', id: 'p' });
      const pong = replacement.next('pong').then(
        () => 'pong' as const,
        () => 'no pong' as const,
      );
      const outcome = await Promise.race([pong, replacement.closed]);
      if (outcome === 'pong') break;
      expect(outcome).toEqual({ code: CHAT_CLOSE.tooManySockets.code, reason: CHAT_CLOSE.tooManySockets.reason });
    }

    // The account: more sessions, up to the account's cap in all.
    const sessionsNeeded = CHAT_SOCKET_CAPS.perAccount / CHAT_SOCKET_CAPS.perSession - 1;
    for (let n = 0; n < sessionsNeeded; n++) {
      const session = await login('caps@example.com');
      await Promise.all(Array.from({ length: CHAT_SOCKET_CAPS.perSession }, () => open(session.token)));
    }
    const another = await login('caps@example.com');
    await refusedWith(await open(another.token));
    // Someone else is not affected.
    const other = await open(host.token);
    other.send({ type: 'ping', id: 'q' });
    await other.next('pong');
  });
});

describe('the heartbeat looks at the sessions again', () => {
  it('closes the socket of a session revoked without an announcement, with no frame from it', async () => {
    const short = await createTestApp({ env: { CHAT_HEARTBEAT_MS: '200' } });
    try {
      const url = await short.app.listen({ port: 0, host: '127.0.0.1' });
      const jay = await short.register('end-heartbeat@example.com');
      const client = await connectChat(url, jay.token);
      clients.push(client);
      await query(
        short.database.db,
        sql`update sessions set revoked_at = now()
            where user_id = (select id from users where email = 'end-heartbeat@example.com')`,
      );
      await endedBySession(client);
    } finally {
      await short.close();
    }
  });
});

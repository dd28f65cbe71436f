import type { LiveStage } from '@polaris/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';

/**
 * A stage's `can` and its action routes answer from the same rules (policy.ts): for its owner, a member of its room,
 * a stranger and a guest, in each state, an action the answer offers goes through and one it does not is refused
 * with the rule's status.
 */

type Reader = { token: string; email: string } | null;
type Action = 'start' | 'pause' | 'end' | 'broadcast' | 'watch';

let t: TestApp;
let owner: Reader;
let member: Reader;
let stranger: Reader;
const guest: Reader = null;

// An offer the media side cannot use: past the rules it fails as media (400), before them as the rule's refusal.
const BAD_OFFER = 'v=0\r\no=- 0 0 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n';

beforeAll(async () => {
  t = await createTestApp({ env: { LIVE_HOST_ADDRESSES: '127.0.0.1' } });
  owner = { ...(await t.register('broadcaster@example.com')), email: 'broadcaster@example.com' };
  member = { ...(await t.register('member@example.com')), email: 'member@example.com' };
  stranger = { ...(await t.register('stranger@example.com')), email: 'stranger@example.com' };
}, 60_000);
afterAll(() => t.close());

const who = (reader: Reader) => reader?.email ?? 'a guest';
const post = (reader: Reader, path: string, body: Record<string, unknown>) =>
  t.call<LiveStage>('POST', path, { token: reader?.token, body });

const ROUTES: Record<Action, (reader: Reader, id: string) => ReturnType<typeof post>> = {
  start: (reader, id) => post(reader, '/live/stage/start', { id }),
  pause: (reader, id) => post(reader, '/live/stage/pause', { id }),
  end: (reader, id) => post(reader, '/live/stage/end', { id }),
  broadcast: (reader, id) => post(reader, '/live/stage/publish', { id, sdp: BAD_OFFER }),
  watch: (reader, id) => post(reader, '/live/stage/watch', { id, sdp: BAD_OFFER }),
};

async function canOf(reader: Reader, id: string): Promise<LiveStage['can']> {
  const answer = await t.call<LiveStage>('GET', '/live/stage/detail', { token: reader?.token, query: { id } });
  expect(answer.status).toBe(200);
  return answer.attachment.can;
}

/** `allowed` is what the route answers once the rules let the caller through: 200, or 400 for a useless offer. */
async function agrees(reader: Reader, id: string, action: Action, expected: 200 | 401 | 403 | 409) {
  const can = (await canOf(reader, id))[action];
  const answer = await ROUTES[action](reader, id);
  const passed = action === 'broadcast' || action === 'watch' ? 400 : 200;
  expect({ who: who(reader), action, can, status: answer.status }).toEqual({
    who: who(reader),
    action,
    can: expected === 200,
    status: expected === 200 ? passed : expected,
  });
}

describe("a stage's can agrees with its routes", () => {
  it('a link stage: its owner moves it through its states; anyone watches it while it is on air', async () => {
    const stage = (await post(owner, '/live/stage/create', { title: 'Friday AMA', audience: 'link' })).attachment;
    const id = stage.id;
    expect((await canOf(owner, id)).manage).toBe(true);
    expect((await canOf(stranger, id)).manage).toBe(false);
    // Scheduled: the owner may start or end it; nobody watches yet.
    await agrees(owner, id, 'pause', 409);
    await agrees(owner, id, 'broadcast', 409);
    await agrees(stranger, id, 'start', 403);
    await agrees(guest, id, 'start', 401);
    await agrees(stranger, id, 'watch', 409);
    await agrees(owner, id, 'start', 200);
    // Live: paused by its owner, watched by anyone with the link.
    await agrees(owner, id, 'start', 409);
    await agrees(owner, id, 'broadcast', 200);
    await agrees(stranger, id, 'watch', 200);
    await agrees(guest, id, 'watch', 200);
    await agrees(stranger, id, 'pause', 403);
    await agrees(owner, id, 'pause', 200);
    // Paused: resumed (start) or ended by its owner, still watched.
    await agrees(owner, id, 'pause', 409);
    await agrees(guest, id, 'watch', 200);
    await agrees(stranger, id, 'end', 403);
    await agrees(owner, id, 'end', 200);
    // Ended: nothing more.
    for (const action of ['start', 'pause', 'end', 'broadcast', 'watch'] as const) await agrees(owner, id, action, 409);
    await agrees(guest, id, 'watch', 409);
  });

  it("a room's members stage: watched by the room's members only, a guest asked to sign in", async () => {
    const room = await t.call<{ id: string }>('POST', '/chat/room/create', {
      token: owner!.token,
      body: { name: 'Stage room', joinPolicy: 'public' },
    });
    const roomId = room.attachment.id;
    expect((await t.call('POST', '/chat/room/join', { token: member!.token, body: { roomId } })).status).toBe(200);
    const stage = (await post(owner, '/live/stage/create', { title: 'Members AMA', audience: 'members', roomId }))
      .attachment;
    await agrees(owner, stage.id, 'start', 200);
    await agrees(member, stage.id, 'watch', 200);
    await agrees(stranger, stage.id, 'watch', 403);
    await agrees(guest, stage.id, 'watch', 401);
    await agrees(owner, stage.id, 'broadcast', 200);
    await agrees(member, stage.id, 'broadcast', 403);
  });
});

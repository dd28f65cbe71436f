import { type ChatRoom, chatApi } from '@polaris/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/api/request.ts';
import { mountScreen, signedInDuringEachTest, waitFor } from '@/components/test-mount.tsx';
import ChatSettingPage from '@/pages/chatroom/setting/index.tsx';

// The room is the only answer: every button the page shows is decided by its `can` (others never answer).
vi.mock('@/api/request.ts', () => ({ api: { call: vi.fn() } }));

const NOTHING: ChatRoom['can'] = {
  join: false,
  send: false,
  leave: false,
  moderate: false,
  setRoles: false,
  editSettings: false,
  share: false,
  goLive: false,
  postPoll: false,
};

/** A public community room the reader is a member of. */
const room = (can: Partial<ChatRoom['can']>, extra: Partial<ChatRoom> = {}) =>
  ({
    id: '7',
    kind: 'community',
    name: 'Builders',
    description: '',
    avatar: null,
    joinPolicy: 'public',
    slowModeSeconds: 0,
    announcement: null,
    lastSeq: 1,
    memberCount: 3,
    role: 'member',
    inviteToken: can.share ? 'tok' : null,
    can: { ...NOTHING, ...can },
    city: null,
    cityNames: null,
    activityId: null,
    peer: null,
    closedAt: null,
    liveStageId: null,
    pollsByAdmins: false,
    ...extra,
  }) as ChatRoom;

signedInDuringEachTest();
afterEach(() => vi.mocked(api.call).mockReset());

async function mount(answer: ChatRoom) {
  vi.mocked(api.call).mockImplementation(((route: unknown) =>
    route === chatApi.room ? Promise.resolve(answer) : new Promise(() => {})) as typeof api.call);
  const container = await mountScreen(<ChatSettingPage />, '/?id=7');
  // The room's query answers on a later turn: wait for its card.
  expect(await waitFor(container, '[data-testid="room-card-name"]')).not.toBeNull();
  return (testId: string) => container.querySelector<HTMLElement>(`[data-testid="${testId}"]`);
}

describe("a room's settings page shows an action only when the room's can says the reader may", () => {
  it('offers leaving only with can.leave', async () => {
    const allowed = await mount(room({ leave: true }));
    expect(allowed('room-leave')).not.toBeNull();
    const refused = await mount(room({ leave: false }, { role: 'admin' }));
    expect(refused('room-leave')).toBeNull();
    expect(refused('room-leave-why')).toBeNull();
  });

  it('tells the owner and an activity room’s member why they cannot leave, instead of a button', async () => {
    const owner = await mount(room({ leave: false }, { role: 'owner' }));
    expect(owner('room-leave')).toBeNull();
    expect(owner('room-leave-why')).not.toBeNull();
    const holder = await mount(room({ leave: false }, { kind: 'activity' }));
    expect(holder('room-leave-why')).not.toBeNull();
  });

  it('offers going live only with can.goLive, and the invite link only with can.share', async () => {
    const admin = await mount(room({ goLive: true, share: true }));
    expect(admin('room-link-go-live')).not.toBeNull();
    expect(admin('room-share-link')).not.toBeNull();
    // A moderator the server does not let go live (or share) gets neither.
    const member = await mount(room({ goLive: false, moderate: true, share: false }));
    expect(member('room-link-go-live')).toBeNull();
    expect(member('room-share-link')).toBeNull();
  });
});

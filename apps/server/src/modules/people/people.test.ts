import type { ActivitySummary, PublicProfile } from '@polaris/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createActivity, host } from '../activity/activity-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const profile = (uid: string, token?: string) =>
  t.call<PublicProfile>('GET', '/people/profile', { token, query: { userUid: uid } });
const follow = (uid: string, token: string, on = true) =>
  t.call<PublicProfile>('POST', on ? '/people/follow' : '/people/unfollow', { token, body: { userUid: uid } });

describe('people', () => {
  it('shows a public profile, counts follows once however many arrive at once, and unfollows', async () => {
    const star = await host(t, 'star@example.com');
    const fan = await t.register('fan@example.com');
    expect((await profile(star.uid)).attachment).toMatchObject({
      uid: star.uid,
      name: 'star',
      followers: 0,
      followedByMe: null,
    });
    const results = await Promise.all(Array.from({ length: 30 }, () => follow(star.uid, fan.token)));
    expect(results.every((result) => result.status === 200)).toBe(true);
    expect((await profile(star.uid, fan.token)).attachment).toMatchObject({ followers: 1, followedByMe: true });
    expect((await profile(fan.uid)).attachment.following).toBe(1);
    expect((await profile(star.uid, star.token)).attachment.followedByMe).toBeNull();

    expect((await follow(star.uid, fan.token, false)).attachment).toMatchObject({ followers: 0, followedByMe: false });
    expect((await follow(fan.uid, fan.token)).status).toBe(409);
    expect((await follow('99999999', fan.token)).status).toBe(404);
    expect((await profile('99999999')).status).toBe(404);
    expect((await follow(star.uid, '')).status).toBe(401);
  });

  it("lists a host's public upcoming activities by their uid", async () => {
    const organizer = await host(t, 'organizer@example.com');
    const other = await host(t, 'other@example.com');
    const mine = await createActivity(t, organizer, { title: 'Mine' });
    await createActivity(t, organizer, { title: 'Hidden', visibility: 'unlisted' });
    await createActivity(t, other, { title: 'Theirs' });
    const list = await t.call<{ items: ActivitySummary[] }>('GET', '/activity/list', {
      query: { hostUid: organizer.uid },
    });
    expect(list.attachment.items.map((item) => item.id)).toEqual([mine.id]);
  });
});

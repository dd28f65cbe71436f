import type { Activity } from '@polaris/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/app.ts';
import type { WalletUser } from '../../test/wallet-fixtures.ts';
import { activityApp, closeCheckingLedger, createActivity, guest, signUp } from './activity-fixtures.ts';

/** Management: what the organizer and co-hosts may do, and nobody else. */

let t: TestApp;
let olivia: WalletUser;
let cohost: WalletUser;

beforeAll(async () => {
  ({ t, olivia, cohost } = await activityApp());
});
afterAll(() => closeCheckingLedger(t));

const detail = (id: string, token?: string) => t.call<Activity>('GET', '/activity/detail', { token, query: { id } });

describe('management is for the organizer and co-hosts', () => {
  it('answers 403 to everyone else on every manage call, and 404 for a draft', async () => {
    const activity = await createActivity(t, olivia, { requireApproval: true });
    const rita = await guest(t, 'rita@example.com', '0');
    const reg = (await signUp(t, rita, activity.id)).attachment;
    const ref = { activityId: activity.id };
    const calls: [string, 'GET' | 'POST', Record<string, unknown>][] = [
      ['/activity/manage/overview', 'GET', ref],
      ['/activity/manage/attendees', 'GET', ref],
      ['/activity/manage/approve', 'POST', { ...ref, registrationId: reg.id }],
      ['/activity/manage/reject', 'POST', { ...ref, registrationId: reg.id }],
      ['/activity/manage/signCode', 'GET', ref],
      ['/activity/manage/invite', 'POST', ref],
      ['/activity/manage/marketing', 'POST', { ...ref, featured: true }],
      ['/activity/manage/cancel', 'POST', ref],
      ['/activity/checkin', 'POST', { ...ref, ticketCode: 'PLX1.a.b' }],
      ['/activity/checkin/undo', 'POST', { ...ref, registrationId: reg.id }],
      ['/activity/update', 'POST', { id: activity.id, title: 'Mine now' }],
      ['/activity/publish', 'POST', { id: activity.id }],
    ];
    for (const [path, method, body] of calls) {
      const result =
        method === 'GET'
          ? await t.call(method, path, { token: rita.token, query: body as Record<string, string> })
          : await t.call(method, path, { token: rita.token, body });
      expect([path, result.status, result.msg]).toEqual([path, 403, 'The current operation has no permission']);
    }
    const csv = await t.app.inject({
      url: `/rest/polarisex/activity/manage/attendees.csv?activityId=${activity.id}`,
      headers: { token: rita.token, locale: 'en_US' },
    });
    expect(csv.json()).toMatchObject({ status: 403 });
    expect((await detail(activity.id)).attachment.title).toBe('Taipei Builders Night');
    expect((await detail(activity.id, rita.token)).attachment.myRegistration?.status).toBe('pending');

    const draft = await createActivity(t, olivia, { publish: false });
    const overview = await t.call('GET', '/activity/manage/overview', {
      token: rita.token,
      query: { activityId: draft.id },
    });
    expect(overview.status).toBe(404);
  });

  it('lists attendees by status and exports them as CSV', async () => {
    const activity = await createActivity(t, olivia, { capacity: 1, questions: [{ id: 'diet', label: 'Diet' }] });
    const sam = await guest(t, 'sam@example.com', '0');
    const tia = await guest(t, 'tia@example.com', '0');
    await signUp(t, sam, activity.id, { answers: { diet: '=vegan, "no nuts"' } });
    await signUp(t, tia, activity.id);
    const waitlisted = await t.call<{ items: { user: { email: string }; waitlistPosition: number }[] }>(
      'GET',
      '/activity/manage/attendees',
      { token: cohost.token, query: { activityId: activity.id, status: 'waitlisted' } },
    );
    expect(waitlisted.status).toBe(403);
    const list = await t.call<{ items: { user: { email: string }; waitlistPosition: number | null }[] }>(
      'GET',
      '/activity/manage/attendees',
      { token: olivia.token, query: { activityId: activity.id, status: 'waitlisted' } },
    );
    expect(list.attachment.items).toEqual([
      expect.objectContaining({ user: expect.objectContaining({ email: 'tia@example.com' }), waitlistPosition: 1 }),
    ]);
    const csv = await t.app.inject({
      url: `/rest/polarisex/activity/manage/attendees.csv?activityId=${activity.id}`,
      headers: { token: olivia.token },
    });
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toContain('registration_id,uid,name,email,status');
    expect(lines[0]?.endsWith(',Diet')).toBe(true);
    expect(lines[1]).toContain('sam@example.com,approved');
    expect(lines[1]?.endsWith(`"'=vegan, ""no nuts"""`)).toBe(true);
    expect(lines[2]).toContain('tia@example.com,waitlisted');
  });

  it('sets promotion settings that feature the activity on explore', async () => {
    const activity = await createActivity(t, olivia, { city: 'Tainan' });
    const set = await t.call('POST', '/activity/manage/marketing', {
      token: cohost.token,
      body: { activityId: activity.id, featured: true },
    });
    expect(set.status).toBe(403);
    const byOrganizer = await t.call('POST', '/activity/manage/marketing', {
      token: olivia.token,
      body: { activityId: activity.id, featured: true, shareTitle: 'Come along' },
    });
    expect(byOrganizer.attachment).toEqual({ featured: true, shareTitle: 'Come along', shareText: null });
    const explore = await t.call<{ featured: { id: string }[] }>('GET', '/activity/explore', {
      query: { city: 'Tainan' },
    });
    expect(explore.attachment.featured.map((item) => item.id)).toEqual([activity.id]);
  });
});

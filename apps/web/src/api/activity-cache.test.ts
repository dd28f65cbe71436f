import type { Activity, Registration } from '@polaris/contract';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { activityKeys, type CheckinResult, showCheckin, showRegistration } from './activity.ts';

// A sign-up's answer is the new registration: the activity's page shows it at once, under every login state it is
// cached for, and no other activity's page changes.

const page = (id: string): Activity => ({ id, title: `activity ${id}`, myRegistration: null }) as unknown as Activity;
const registration = (activityId: string): Registration =>
  ({ id: 'r1', activityId, status: 'approved', qr: 'qr-1' }) as unknown as Registration;

describe('showRegistration', () => {
  it('writes the registration into the cached page of its activity only', () => {
    const client = new QueryClient();
    client.setQueryData([...activityKeys.detail('7'), true], page('7'));
    client.setQueryData([...activityKeys.detail('8'), true], page('8'));
    showRegistration(client, registration('7'));
    expect(client.getQueryData<Activity>([...activityKeys.detail('7'), true])?.myRegistration).toMatchObject({
      id: 'r1',
      status: 'approved',
    });
    expect(client.getQueryData<Activity>([...activityKeys.detail('7'), true])?.title).toBe('activity 7');
    expect(client.getQueryData<Activity>([...activityKeys.detail('8'), true])?.myRegistration).toBeNull();
  });

  it('creates no page that was not cached', () => {
    const client = new QueryClient();
    showRegistration(client, registration('9'));
    expect(client.getQueryCache().findAll({ queryKey: activityKeys.detail('9') })).toHaveLength(0);
  });
});

describe('showCheckin', () => {
  it('marks my ticket checked in when the answer is about it, and leaves another ticket alone', () => {
    const client = new QueryClient();
    const key = [...activityKeys.detail('7'), true];
    client.setQueryData(key, { ...page('7'), myRegistration: { ...registration('7'), checkedIn: false } });
    const checkin = { registrationId: 'r1', checkedInAt: '2026-11-29T10:00:00.000Z' } as CheckinResult;
    showCheckin(client, '7', { ...checkin, registrationId: 'r2' });
    expect(client.getQueryData<Activity>(key)?.myRegistration?.checkedIn).toBe(false);
    showCheckin(client, '7', checkin);
    expect(client.getQueryData<Activity>(key)?.myRegistration).toMatchObject({
      checkedIn: true,
      checkedInAt: '2026-11-29T10:00:00.000Z',
    });
  });
});

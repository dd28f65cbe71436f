import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { CheckinResult } from '@/api/activity-manage.ts';
import { ApiError } from '@/lib/api-error.ts';
import { type SendCheckin, syncCheckins } from './checkin-sync.ts';
import { queueCheckin, queuedCheckins } from './offline-store.ts';

const ok = { registrationId: '1' } as CheckinResult;

describe('syncing queued check-ins', () => {
  it('sends each scan once with its scan time, removes what the server decided, keeps the rest on a network failure', async () => {
    const at = (n: number) => new Date(Date.UTC(2026, 0, 1, 10, n)).toISOString();
    for (const [n, code] of ['A', 'B', 'C', 'D'].entries()) {
      await queueCheckin({ hostUid: '7', activityId: 'act12345', ticketCode: code, scannedAt: at(n) });
    }
    await queueCheckin({ hostUid: '8', activityId: 'act12345', ticketCode: 'other host', scannedAt: at(9) });
    const sent: string[] = [];
    const send: SendCheckin = async (scan) => {
      sent.push(`${scan.ticketCode}@${scan.scannedAt}`);
      if (scan.ticketCode === 'B') throw new ApiError('quiet', 409, 'This ticket has already been checked in');
      if (scan.ticketCode === 'D') throw new ApiError('network', 0, 'API request error');
      return ok;
    };
    // Two runs asked for at once share one: no scan goes out twice.
    const [first, second] = await Promise.all([syncCheckins('7', send), syncCheckins('7', send)]);
    expect(first).toBe(second);
    expect(sent).toEqual([`A@${at(0)}`, `B@${at(1)}`, `C@${at(2)}`, `D@${at(3)}`]);
    expect(first.map((outcome) => [outcome.scan.ticketCode, outcome.kind])).toEqual([
      ['A', 'ok'],
      ['B', 'refused'],
      ['C', 'ok'],
    ]);
    expect((await queuedCheckins('7')).map((scan) => scan.ticketCode)).toEqual(['D']);
    expect((await queuedCheckins('8')).map((scan) => scan.ticketCode)).toEqual(['other host']);

    const later = await syncCheckins('7', async () => ok);
    expect(later.map((outcome) => outcome.scan.ticketCode)).toEqual(['D']);
    expect(await queuedCheckins('7')).toEqual([]);
  });
});

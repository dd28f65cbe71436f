import { describe, expect, it } from 'vitest';
import { formatRange, formatWhen, wallClock, zoneLabel } from './time.ts';

describe('activity times are shown in the activity zone', () => {
  it('moves the wall clock into the zone', () => {
    const local = wallClock('2026-11-24T20:00:00Z', 'Asia/Taipei');
    expect([local.getMonth() + 1, local.getDate(), local.getHours(), local.getMinutes()]).toEqual([11, 25, 4, 0]);
  });

  it('formats in the SPEC formats per language', () => {
    expect(formatWhen('2026-11-24T20:00:00Z', 'Asia/Taipei', 'zh-Hant')).toBe('11月25日 星期三 04:00');
    expect(formatWhen('2026-11-24T20:00:00Z', 'Asia/Taipei', 'zh-Hans')).toBe('11月25日 星期三 04:00');
    expect(formatWhen('2026-11-24T20:00:00Z', 'Asia/Taipei', 'en')).toBe('Nov 25 Wednesday 04:00');
  });

  it('repeats the end date only on another day', () => {
    expect(formatRange('2026-11-24T20:00:00Z', '2026-11-24T23:00:00Z', 'Asia/Taipei', 'zh-Hans')).toBe(
      '11月25日 星期三 04:00 – 07:00',
    );
    expect(formatRange('2026-11-24T20:00:00Z', '2026-11-25T20:00:00Z', 'UTC', 'en')).toBe(
      'Nov 24 Tuesday 20:00 – Nov 25 Wednesday 20:00',
    );
  });

  it('names the offset', () => {
    expect(zoneLabel('2026-11-24T20:00:00Z', 'Asia/Taipei')).toBe('GMT+8');
  });
});

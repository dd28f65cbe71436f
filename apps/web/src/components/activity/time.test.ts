import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatTime } from '@/lib/format.ts';
import { activityDay, formatClock, formatRange, formatWhen, wallClock, zoneLabel } from './time.ts';

describe('activity times are shown in the activity zone', () => {
  it('moves the wall clock into the zone', () => {
    const local = wallClock('2026-11-24T20:00:00Z', 'Asia/Taipei');
    expect([local.getMonth() + 1, local.getDate(), local.getHours(), local.getMinutes()]).toEqual([11, 25, 4, 0]);
  });

  it('formats in the SPEC formats per language, labelled with the zone', () => {
    expect(formatWhen('2026-11-24T20:00:00Z', 'Asia/Taipei', 'zh-Hant')).toBe('11月25日 星期三 04:00 GMT+8');
    expect(formatWhen('2026-11-24T20:00:00Z', 'Asia/Taipei', 'zh-Hans')).toBe('11月25日 星期三 04:00 GMT+8');
    expect(formatWhen('2026-11-24T20:00:00Z', 'Asia/Taipei', 'en')).toBe('Nov 25 Wednesday 04:00 GMT+8');
  });

  it('repeats the end date only on another day, and labels the range once', () => {
    expect(formatRange('2026-11-24T20:00:00Z', '2026-11-24T23:00:00Z', 'Asia/Taipei', 'zh-Hans')).toBe(
      '11月25日 星期三 04:00 – 07:00 GMT+8',
    );
    expect(formatRange('2026-11-24T20:00:00Z', '2026-11-25T20:00:00Z', 'UTC', 'en')).toBe(
      'Nov 24 Tuesday 20:00 – Nov 25 Wednesday 20:00 GMT+0',
    );
  });

  it('labels both ends when the offset changes in between (daylight saving)', () => {
    expect(formatRange('2026-03-07T18:00:00Z', '2026-03-08T18:00:00Z', 'America/New_York', 'en')).toBe(
      'Mar 7 Saturday 13:00 GMT-5 – Mar 8 Sunday 14:00 GMT-4',
    );
  });

  it('names the offset', () => {
    expect(zoneLabel('2026-11-24T20:00:00Z', 'Asia/Taipei')).toBe('GMT+8');
    expect(zoneLabel('2026-11-24T20:00:00Z', 'Asia/Kolkata')).toBe('GMT+5:30');
  });
});

describe('a viewer in another zone sees the venue’s time, labelled', () => {
  const saved = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'America/Los_Angeles';
  });
  afterAll(() => {
    process.env.TZ = saved;
  });

  // 20:00 in Tokyo is 03:00 the same morning in Los Angeles.
  const startsAt = '2026-11-25T11:00:00Z';

  it('does not print the viewer’s clock', () => {
    expect(formatTime(startsAt)).toBe('03:00'); // the viewer's own clock, which the rule must not show
    expect(formatClock(startsAt, 'Asia/Tokyo')).toBe('20:00');
    expect(formatWhen(startsAt, 'Asia/Tokyo', 'zh-Hant')).toBe('11月25日 星期三 20:00 GMT+9');
    expect(formatWhen(startsAt, 'Asia/Tokyo', 'en')).toBe('Nov 25 Wednesday 20:00 GMT+9');
  });

  it('puts the activity on the venue’s day', () => {
    // 00:30 on 1 December in Tokyo is still 30 November in Los Angeles.
    expect(activityDay('2026-11-30T15:30:00Z', 'Asia/Tokyo')).toBe('2026-12-01');
    expect(activityDay(startsAt, 'Asia/Tokyo')).toBe('2026-11-25');
  });
});

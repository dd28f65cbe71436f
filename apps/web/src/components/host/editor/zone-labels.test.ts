import { describe, expect, it } from 'vitest';
import { zoneOption, zoneOptions } from './zone-labels.ts';

const winter = new Date('2026-01-15T12:00:00Z');

describe('time-zone picker labels', () => {
  it('names a zone in the reader language with its offset and city', () => {
    const en = zoneOption('Asia/Taipei', 'en', winter);
    expect(en.label).toBe('GMT+8 · Taiwan Standard Time · Taipei');
    expect(en.offsetMinutes).toBe(480);
    const hant = zoneOption('Asia/Taipei', 'zh-Hant', winter);
    expect(hant.label).toMatch(/^GMT\+8 · .*(台北|臺北).*時間/);
    const hans = zoneOption('Asia/Tokyo', 'zh-Hans', winter);
    expect(hans.label).toMatch(/^GMT\+9 · .*日本.*时间/);
    expect(zoneOption('Asia/Kolkata', 'en', winter).offsetMinutes).toBe(330);
    expect(zoneOption('UTC', 'zh-Hant', winter).label).toBe('GMT+0 · UTC');
    expect(zoneOption('America/New_York', 'en', winter).label).toMatch(/^GMT-5 · Eastern Time · New York$/);
  });

  it('orders zones west to east', () => {
    const zones = zoneOptions(['Asia/Tokyo', 'UTC', 'America/Los_Angeles', 'Asia/Taipei'], 'en', winter);
    expect(zones.map((option) => option.zone)).toEqual(['America/Los_Angeles', 'UTC', 'Asia/Taipei', 'Asia/Tokyo']);
  });
});

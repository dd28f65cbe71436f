import { describe, expect, it } from 'vitest';
import { formatDateTime, formatFullDate, formatMonthDay, formatTime, formatWeekday } from './format.ts';

// A Friday; local time so the test does not depend on the machine's zone.
const date = new Date(2025, 10, 21, 19, 5);

describe('date formats', () => {
  it('uses MM月DD日 in Chinese and "Nov 21" in English', () => {
    expect(formatMonthDay(date, 'zh-Hant')).toBe('11月21日');
    expect(formatMonthDay(date, 'zh-Hans')).toBe('11月21日');
    expect(formatMonthDay(new Date(2025, 0, 5), 'zh-Hant')).toBe('01月05日');
    expect(formatMonthDay(date, 'en')).toBe('Nov 21');
  });

  it('names the weekday in the language', () => {
    expect(formatWeekday(date, 'zh-Hant')).toBe('星期五');
    expect(formatWeekday(date, 'zh-Hans')).toBe('星期五');
    expect(formatWeekday(date, 'en')).toBe('Friday');
  });

  it('shows the time as HH:mm', () => {
    expect(formatTime(date)).toBe('19:05');
    expect(formatDateTime(date, 'en')).toBe('Nov 21 Friday 19:05');
    expect(formatDateTime(date, 'zh-Hant')).toBe('11月21日 星期五 19:05');
  });

  it('writes a full date', () => {
    expect(formatFullDate(date, 'en')).toBe('Nov 21, 2025');
    expect(formatFullDate(date, 'zh-Hans')).toBe('2025年11月21日');
  });
});

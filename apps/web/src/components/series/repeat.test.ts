import { describe, expect, it } from 'vitest';
import { noRepeat, repeatChoices, repeatErrors, seriesInput, startDay } from './repeat.ts';

describe('the repeat choice', () => {
  it('offers the second Tuesday for a second Tuesday, and the last Friday only for a last Friday', () => {
    const tuesday = startDay('2027-01-12T19:00');
    expect(tuesday).toMatchObject({ weekday: 1, week: 2, last: false });
    expect(repeatChoices(tuesday)).toEqual(['none', 'weekly', 'biweekly', 'monthlyByDate', 'monthlyByWeekday']);
    const friday = startDay('2027-01-29T19:00');
    expect(friday).toMatchObject({ weekday: 4, week: 5, last: true });
    expect(repeatChoices(friday)).toEqual(['none', 'weekly', 'biweekly', 'monthlyByDate', 'monthlyLast']);
    expect(repeatChoices(startDay('2027-01-25T19:00'))).toContain('monthlyLast');
    expect(repeatChoices(startDay(''))).toEqual(['none', 'weekly', 'biweekly']);
  });

  it('sends the rule with one end', () => {
    const day = startDay('2027-01-12T19:00');
    expect(seriesInput('abc', noRepeat(), day)).toBeNull();
    expect(seriesInput('abc', { ...noRepeat(), choice: 'weekly', count: '6' }, day)).toEqual({
      activityId: 'abc',
      frequency: 'weekly',
      weekOfMonth: null,
      count: 6,
      until: null,
    });
    expect(
      seriesInput('abc', { choice: 'monthlyLast', end: 'until', count: '8', until: '2027-06-30' }, day),
    ).toMatchObject({ frequency: 'monthlyByWeekday', weekOfMonth: -1, until: '2027-06-30', count: null });
    expect(seriesInput('abc', { ...noRepeat(), choice: 'monthlyByWeekday' }, day)?.weekOfMonth).toBe(2);
  });

  it('asks for a count from 2 to 104, or an end day after the start', () => {
    const weekly = { ...noRepeat(), choice: 'weekly' as const };
    expect(repeatErrors(weekly, '2027-01-12T19:00')).toEqual({});
    expect(repeatErrors({ ...weekly, count: '1' }, '2027-01-12T19:00')).toEqual({
      repeatCount: 'series.form.countRange',
    });
    expect(repeatErrors({ ...weekly, end: 'until', until: '' }, '2027-01-12T19:00')).toEqual({
      repeatUntil: 'series.form.untilNeeded',
    });
    expect(repeatErrors({ ...weekly, end: 'until', until: '2027-01-12' }, '2027-01-12T19:00')).toEqual({
      repeatUntil: 'series.form.untilAfterStart',
    });
    expect(repeatErrors(noRepeat(), '')).toEqual({});
  });
});

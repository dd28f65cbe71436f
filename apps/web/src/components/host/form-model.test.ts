// @vitest-environment node
import { CreateActivityInput } from '@polaris/contract';
import { describe, expect, it } from 'vitest';
import { changedFields, emptyForm, fromZoned, toPayload, toZoned } from './form-model.ts';

describe('wall-clock times in a chosen time zone', () => {
  it('converts both ways, across zones and daylight saving', () => {
    expect(fromZoned('2026-03-01T19:00', 'Asia/Taipei')).toBe('2026-03-01T11:00:00.000Z');
    expect(fromZoned('2026-07-01T19:00', 'America/New_York')).toBe('2026-07-01T23:00:00.000Z');
    expect(fromZoned('2026-01-01T19:00', 'America/New_York')).toBe('2026-01-02T00:00:00.000Z');
    expect(toZoned('2026-03-01T11:00:00.000Z', 'Asia/Taipei')).toBe('2026-03-01T19:00');
    expect(fromZoned('not a time', 'UTC')).toBe('');
  });
});

describe('form to contract input', () => {
  it('makes a valid paid activity and names only changes on edit', () => {
    const form = {
      ...emptyForm(new Date('2026-01-01T00:00:00Z')),
      title: 'Meetup',
      city: 'Taipei',
      tickets: [{ name: 'General', paid: true, price: '5', asset: 'USDT', capacity: '', salesStart: '', salesEnd: '' }],
    };
    const payload = toPayload(form);
    expect(CreateActivityInput.safeParse(payload).success).toBe(true);
    expect(payload.ticketTypes).toEqual([
      { name: 'General', price: '5', asset: 'USDT', capacity: null, salesStart: null, salesEnd: null },
    ]);
    expect(changedFields({ ...payload, title: 'New' }, payload)).toEqual({ title: 'New' });
  });
});

// @vitest-environment node
import { type Activity, CreateActivityInput } from '@polaris/contract';
import { describe, expect, it } from 'vitest';
import { changedFields, emptyForm, fieldsOnForm, fromActivity, fromZoned, toPayload, toZoned } from './form-model.ts';

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

describe('a hidden ticket type on the form', () => {
  it('sends hidden only when ticked, so unticking it on edit makes the type visible again', () => {
    const base = { ...emptyForm(new Date('2026-01-01T00:00:00Z')), title: 'Meetup', city: 'Taipei' };
    const ticket = {
      name: 'Speaker',
      paid: false,
      price: '',
      asset: 'USDT',
      capacity: '',
      salesStart: '',
      salesEnd: '',
    };
    const hidden = toPayload({ ...base, tickets: [{ ...ticket, hidden: true }] });
    expect(CreateActivityInput.safeParse(hidden).success).toBe(true);
    expect(hidden.ticketTypes).toEqual([expect.objectContaining({ name: 'Speaker', hidden: true })]);
    expect(toPayload({ ...base, tickets: [{ ...ticket, hidden: false }] }).ticketTypes).toEqual([
      expect.not.objectContaining({ hidden: true }),
    ]);
  });
});

describe('an activity on the edit form', () => {
  it('shows a catalogue city by its name in the reader language, free text as typed', () => {
    const activity = {
      title: 'Meetup',
      description: '',
      category: 'meetup',
      cover: null,
      startsAt: '2026-03-01T11:00:00.000Z',
      endsAt: '2026-03-01T13:00:00.000Z',
      timezone: 'Asia/Taipei',
      online: false,
      onlineUrl: null,
      city: 'taipei',
      cityNames: { en: 'Taipei', 'zh-Hant': '臺北', 'zh-Hans': '台北' },
      address: null,
      latitude: null,
      longitude: null,
      capacity: null,
      ticketTypes: [],
      questions: [],
      requireApproval: false,
      visibility: 'public',
      coHosts: [],
    } as unknown as Activity;
    expect(fromActivity(activity, 'zh-Hant').city).toBe('臺北');
    expect(fromActivity(activity, 'en').city).toBe('Taipei');
    expect(fromActivity({ ...activity, city: 'Gotham', cityNames: null }, 'zh-Hans').city).toBe('Gotham');
  });
});

describe('errors with a place on the form', () => {
  it('places the venue fields or the online link, whichever the form shows', () => {
    const venue = fieldsOnForm(emptyForm());
    expect(venue.has('city')).toBe(true);
    expect(venue.has('onlineUrl')).toBe(false);
    const online = fieldsOnForm({ ...emptyForm(), mode: 'online' });
    expect(online.has('onlineUrl')).toBe(true);
    expect(online.has('latitude')).toBe(false);
  });

  it('places each ticket row and question that exists, and a choice question’s options', () => {
    const base = emptyForm();
    const form = {
      ...base,
      tickets: [...base.tickets, ...base.tickets],
      questions: [
        { label: 'Diet', type: 'text' as const, required: false, options: '' },
        { label: 'Size', type: 'choice' as const, required: true, options: 'S\nM' },
      ],
    };
    const keys = fieldsOnForm(form);
    expect(keys.has(`ticketTypes.${form.tickets.length - 1}.price`)).toBe(true);
    expect(keys.has(`ticketTypes.${form.tickets.length}.price`)).toBe(false);
    expect(keys.has('questions.0.options')).toBe(false);
    expect(keys.has('questions.1.options')).toBe(true);
    expect(keys.has('coHosts.3')).toBe(true);
    expect(keys.has('organizerId')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { renderCalendar } from '../../platform/ics.ts';
import { monthRange, rangeFor, zonedMidnight } from '../../platform/zoned-time.ts';
import { signCodeAt, signCodeMatches, ticketQr, verifyTicketQr } from './codes.ts';
import { authorize, canCancelActivity, canEdit, canManage, canView } from './policy.ts';
import { refundOnCancel } from './rules.ts';

describe('policy', () => {
  const draft = { organizerId: 1, cohostIds: [2], status: 'draft' };
  const published = { ...draft, status: 'published' };

  it('shows a draft to its hosts only and lets co-hosts manage but not cancel', () => {
    expect([1, 2, 3, null].map((id) => canView(draft, id))).toEqual([true, true, false, false]);
    expect([1, 2, 3, null].map((id) => canView(published, id))).toEqual([true, true, true, true]);
    expect([1, 2, 3].map((id) => canManage(published, id))).toEqual([true, true, false]);
    expect([1, 2, 3].map((id) => canCancelActivity(published, id))).toEqual([true, false, false]);
    expect(canEdit({ ...published, status: 'cancelled' }, 1)).toBe(false);
  });

  it('answers not found for what the caller cannot see and no permission for the rest', () => {
    expect(() => authorize(draft, 3, canManage)).toThrow(expect.objectContaining({ status: 404 }));
    expect(() => authorize(published, 3, canManage)).toThrow(expect.objectContaining({ status: 403 }));
    expect(() => authorize(published, 2, canManage)).not.toThrow();
  });
});

describe('codes', () => {
  it('signs ticket codes so a changed code or signature is refused', () => {
    const qr = ticketQr('secret', 'abc');
    expect(verifyTicketQr('secret', qr)).toBe('abc');
    expect(verifyTicketQr('other', qr)).toBeNull();
    expect(verifyTicketQr('secret', qr.replace('.abc.', '.abd.'))).toBeNull();
    expect(verifyTicketQr('secret', 'garbage')).toBeNull();
  });

  it('accepts the current and the previous 60-second sign-in code only', () => {
    const now = new Date('2030-01-01T00:10:30Z');
    const window = Math.floor(now.getTime() / 60_000);
    expect(signCodeAt('s', window)).toMatch(/^\d{6}$/);
    expect(signCodeMatches('s', signCodeAt('s', window), now)).toBe(true);
    expect(signCodeMatches('s', signCodeAt('s', window - 1), now)).toBe(true);
    expect(signCodeMatches('s', signCodeAt('s', window - 2), now)).toBe(false);
    expect(signCodeMatches('s', signCodeAt('s', window + 1), now)).toBe(false);
  });
});

describe('refund rule', () => {
  it('refunds in full until 24 hours before the start, then nothing', () => {
    const start = new Date('2030-01-02T00:00:00Z');
    expect(refundOnCancel(10n, start, null, new Date('2030-01-01T00:00:00Z'))).toBe(10n);
    expect(refundOnCancel(10n, start, null, new Date('2030-01-01T00:00:01Z'))).toBe(0n);
  });

  it('refunds in full until the start after the organizer changed it, never after the start', () => {
    const start = new Date('2030-01-02T00:00:00Z');
    expect(refundOnCancel(10n, start, start, new Date('2030-01-01T23:55:00Z'))).toBe(10n);
    expect(refundOnCancel(10n, start, start, new Date('2030-01-02T00:00:00Z'))).toBe(0n);
    // Within 24 hours of the start, a right that has run out gives nothing.
    expect(refundOnCancel(10n, start, new Date('2030-01-01T12:00:00Z'), new Date('2030-01-01T13:00:00Z'))).toBe(0n);
  });
});

describe('time zones', () => {
  it('finds local midnight, this week (Monday first) and a month in a zone', () => {
    expect(zonedMidnight(2030, 1, 1, 'Asia/Taipei').toISOString()).toBe('2029-12-31T16:00:00.000Z');
    expect(zonedMidnight(2030, 3, 10, 'America/New_York').toISOString()).toBe('2030-03-10T05:00:00.000Z');
    const wednesday = new Date('2030-01-02T12:00:00Z');
    expect(rangeFor('week', wednesday, 'UTC')).toEqual({
      from: new Date('2029-12-31T00:00:00Z'),
      to: new Date('2030-01-07T00:00:00Z'),
    });
    expect(rangeFor('weekend', wednesday, 'UTC').from.toISOString()).toBe('2030-01-05T00:00:00.000Z');
    expect(monthRange('2030-12', 'UTC')).toEqual({
      from: new Date('2030-12-01T00:00:00Z'),
      to: new Date('2031-01-01T00:00:00Z'),
    });
  });
});

describe('ics', () => {
  it('escapes text and folds long lines at 75 octets', () => {
    const text = renderCalendar('Test', [
      {
        uid: 'a@polaris',
        title: `${'長'.repeat(40)}, ok; yes`,
        startsAt: new Date('2030-01-01T10:00:00Z'),
        endsAt: new Date('2030-01-01T11:00:00Z'),
        updatedAt: new Date('2030-01-01T00:00:00Z'),
      },
    ]);
    expect(text).toContain('DTSTART:20300101T100000Z');
    const lines = text.split('\r\n');
    expect(lines.every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    expect(text.replace(/\r\n /g, '')).toContain(`SUMMARY:${'長'.repeat(40)}\\, ok\\; yes`);
  });
});

import { describe, expect, it } from 'vitest';
import { resolveChannels } from './preferences.ts';
import { clockToMinutes, inQuiet, isTimeZone, minutesToClock, pushMayGoAt } from './quiet-hours.ts';

const at = (iso: string) => new Date(iso);
const quiet = (start: string, end: string, timeZone: string) => ({
  start: clockToMinutes(start),
  end: clockToMinutes(end),
  timeZone,
});

describe('quiet hours', () => {
  it('lets push go at once outside quiet hours, or with none', () => {
    const now = at('2026-06-10T04:00:00Z'); // 12:00 in Taipei
    expect(pushMayGoAt(null, now)).toEqual(now);
    expect(pushMayGoAt(quiet('22:00', '07:00', 'Asia/Taipei'), now)).toEqual(now);
    expect(pushMayGoAt(quiet('09:00', '09:00', 'Asia/Taipei'), now)).toEqual(now);
  });

  it('holds push until the end of a span within one day', () => {
    // 13:30 in Taipei, quiet 13:00–14:00 -> 14:00 Taipei = 06:00Z.
    expect(pushMayGoAt(quiet('13:00', '14:00', 'Asia/Taipei'), at('2026-06-10T05:30:00Z'))).toEqual(
      at('2026-06-10T06:00:00Z'),
    );
    // The end itself is no longer quiet.
    expect(pushMayGoAt(quiet('13:00', '14:00', 'Asia/Taipei'), at('2026-06-10T06:00:00Z'))).toEqual(
      at('2026-06-10T06:00:00Z'),
    );
  });

  it('holds push over midnight: in the evening until tomorrow’s end, after midnight until today’s', () => {
    const span = quiet('22:00', '07:00', 'Asia/Taipei');
    // 23:30 on the 10th in Taipei -> 07:00 on the 11th = 23:00Z on the 10th.
    expect(pushMayGoAt(span, at('2026-06-10T15:30:00Z'))).toEqual(at('2026-06-10T23:00:00Z'));
    // 02:00 on the 11th in Taipei -> 07:00 the same day.
    expect(pushMayGoAt(span, at('2026-06-10T18:00:00Z'))).toEqual(at('2026-06-10T23:00:00Z'));
    // The end of a month rolls into the next.
    expect(pushMayGoAt(span, at('2026-06-30T15:00:00Z'))).toEqual(at('2026-06-30T23:00:00Z'));
  });

  it('ends at the wall-clock end across a DST change', () => {
    const berlin = quiet('22:00', '07:00', 'Europe/Berlin');
    // Spring forward (29 March 2026, 02:00 -> 03:00): 23:30 CET on the 28th -> 07:00 CEST = 05:00Z, not 06:00Z.
    expect(pushMayGoAt(berlin, at('2026-03-28T22:30:00Z'))).toEqual(at('2026-03-29T05:00:00Z'));
    // Fall back (25 October 2026, 03:00 -> 02:00): 23:00 CEST on the 24th -> 07:00 CET = 06:00Z.
    expect(pushMayGoAt(berlin, at('2026-10-24T21:00:00Z'))).toEqual(at('2026-10-25T06:00:00Z'));
    // New York, a span that ends in the skipped hour's day: 01:30 EST on 8 March -> 06:00 EDT = 10:00Z.
    expect(pushMayGoAt(quiet('23:00', '06:00', 'America/New_York'), at('2026-03-08T06:30:00Z'))).toEqual(
      at('2026-03-08T10:00:00Z'),
    );
  });

  it('knows which minutes are quiet', () => {
    expect(inQuiet(clockToMinutes('23:59'), 1320, 420)).toBe(true);
    expect(inQuiet(clockToMinutes('07:00'), 1320, 420)).toBe(false);
    expect(inQuiet(clockToMinutes('12:00'), 600, 780)).toBe(true);
    expect(inQuiet(clockToMinutes('13:00'), 600, 780)).toBe(false);
    expect(minutesToClock(clockToMinutes('07:05'))).toBe('07:05');
  });

  it('accepts real IANA zones only', () => {
    for (const zone of ['Asia/Taipei', 'Europe/Berlin', 'America/Argentina/Buenos_Aires', 'UTC', 'Etc/GMT+5']) {
      expect(isTimeZone(zone)).toBe(true);
    }
    for (const zone of ['Mars/Olympus', '+08:00', 'Asia/Taipei ', '', 'Asia//Taipei', 'x'.repeat(80)]) {
      expect(isTimeZone(zone)).toBe(false);
    }
  });
});

describe('preferences', () => {
  it('are the defaults under what the user chose; security stays in the inbox', () => {
    const choices = resolveChannels([
      { category: 'chat', channel: 'push', enabled: false },
      { category: 'organizer', channel: 'email', enabled: true },
      { category: 'security', channel: 'inapp', enabled: false },
      { category: 'security', channel: 'email', enabled: false },
      { category: 'unknown', channel: 'push', enabled: false },
    ]);
    expect(choices.chat).toEqual({ inapp: true, push: false, email: false });
    expect(choices.organizer).toEqual({ inapp: true, push: true, email: true });
    expect(choices.security).toEqual({ inapp: true, push: true, email: false });
    expect(choices.activity).toEqual({ inapp: true, push: true, email: true });
  });
});

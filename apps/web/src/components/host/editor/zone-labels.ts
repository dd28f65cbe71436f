import type { Language } from '@polaris/contract';

const LOCALE: Record<Language, string> = { en: 'en', 'zh-Hant': 'zh-TW', 'zh-Hans': 'zh-CN' };

export interface ZoneOption {
  zone: string;
  /** "GMT+8 · 台北標準時間 · Taipei": the offset now, the zone's localized name, the IANA city. */
  label: string;
  offsetMinutes: number;
}

function part(zone: string, locale: string, timeZoneName: 'longGeneric' | 'shortOffset', at: Date): string {
  return (
    new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName })
      .formatToParts(at)
      .find((piece) => piece.type === 'timeZoneName')?.value ?? ''
  );
}

/** Minutes east of UTC from Intl's "GMT+5:30" (plain "GMT" is UTC). */
function minutesOf(offset: string): number {
  const match = /GMT([+-−])(\d{1,2})(?::(\d{2}))?/.exec(offset);
  if (!match) return 0;
  const sign = match[1] === '+' ? 1 : -1;
  return sign * (Number(match[2]) * 60 + Number(match[3] ?? 0));
}

/** One zone as the picker shows it, in the reader's language. */
export function zoneOption(zone: string, language: Language, at: Date = new Date()): ZoneOption {
  try {
    const locale = LOCALE[language];
    // The offset is written the same way in every language ("GMT+9"), so it sorts and reads alike.
    const offset = part(zone, 'en', 'shortOffset', at) || 'GMT';
    // Intl names UTC by its offset again ("GMT+00:00"): it is simply UTC.
    const name = zone === 'UTC' || zone === 'Etc/UTC' ? 'UTC' : part(zone, locale, 'longGeneric', at);
    const city = zone.split('/').pop()!.replace(/_/g, ' ');
    const label = [offset, name && name !== offset ? name : null, name === 'UTC' ? null : city]
      .filter(Boolean)
      .join(' · ');
    return { zone, label, offsetMinutes: minutesOf(offset) };
  } catch {
    return { zone, label: zone, offsetMinutes: 0 };
  }
}

const cache = new Map<string, ZoneOption[]>();

/** The zones as picker options, west to east then by label; computed once per language and zone list. */
export function zoneOptions(zones: readonly string[], language: Language, at: Date = new Date()): ZoneOption[] {
  const key = `${language}|${at.toISOString().slice(0, 10)}|${zones.join(',')}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const options = zones
    .map((zone) => zoneOption(zone, language, at))
    .sort((a, b) => a.offsetMinutes - b.offsetMinutes || a.label.localeCompare(b.label));
  cache.clear();
  cache.set(key, options);
  return options;
}

import type { Activity, ActivityCategory, Language } from '@polaris/contract';
import { wallClockFormat } from '@/components/activity/time.ts';
import { cityLabel } from '@/lib/city-name.ts';

/**
 * The create / edit form as plain, JSON-safe values (so it can be kept as the server draft and in
 * sessionStorage while the location picker is open), and its conversion to the contract's input.
 */

export interface TicketForm {
  id?: string;
  name: string;
  paid: boolean;
  price: string;
  asset: string;
  capacity: string;
  salesStart: string;
  salesEnd: string;
  /** Shown only with a promo code for it (a speaker's ticket). */
  hidden?: boolean;
}

export interface QuestionForm {
  id?: string;
  label: string;
  type: 'text' | 'choice';
  required: boolean;
  /** One option per line. */
  options: string;
}

export interface ActivityForm {
  title: string;
  description: string;
  category: ActivityCategory;
  coverImageId: string | null;
  coverUrl: string | null;
  /** Wall-clock times `YYYY-MM-DDTHH:mm` in `timezone`. */
  startsAt: string;
  endsAt: string;
  timezone: string;
  mode: 'online' | 'venue';
  onlineUrl: string;
  city: string;
  address: string;
  latitude: string;
  longitude: string;
  capacity: string;
  tickets: TicketForm[];
  questions: QuestionForm[];
  requireApproval: boolean;
  visibility: 'public' | 'unlisted';
  coHosts: string;
}

function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

export function timeZones(current: string): string[] {
  const list = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  const all = new Set([current, 'UTC', ...list]);
  return [...all];
}

/** The wall-clock time of `instant` in `timeZone`, as `YYYY-MM-DDTHH:mm`. */
export function toZoned(instant: Date | string, timeZone: string): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  const parts = Object.fromEntries(
    wallClockFormat(timeZone)
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

function offsetAt(utcMs: number, timeZone: string): number {
  const wall = toZoned(new Date(utcMs), timeZone);
  const [date = '', time = ''] = wall.split('T');
  const [y, m, d] = date.split('-').map(Number);
  const [h, mi] = time.split(':').map(Number);
  return Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1, h ?? 0, mi ?? 0) - Math.floor(utcMs / 60_000) * 60_000;
}

/** `YYYY-MM-DDTHH:mm` in `timeZone` → ISO instant; '' when it is not a complete time. */
export function fromZoned(local: string, timeZone: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(local);
  if (!match) return '';
  const [, y, m, d, h, mi] = match.map(Number);
  const guess = Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1, h ?? 0, mi ?? 0);
  try {
    let utc = guess - offsetAt(guess, timeZone);
    utc = guess - offsetAt(utc, timeZone);
    return new Date(utc).toISOString();
  } catch {
    return '';
  }
}

export function emptyTicket(): TicketForm {
  return { name: '', paid: false, price: '', asset: 'USDT', capacity: '', salesStart: '', salesEnd: '' };
}

export function emptyForm(now = new Date()): ActivityForm {
  const timezone = browserTimeZone();
  const start = new Date(now.getTime() + 24 * 3_600_000);
  const startWall = `${toZoned(start, timezone).slice(0, 10)}T19:00`;
  return {
    title: '',
    description: '',
    category: 'meetup',
    coverImageId: null,
    coverUrl: null,
    startsAt: startWall,
    endsAt: `${startWall.slice(0, 10)}T21:00`,
    timezone,
    mode: 'venue',
    onlineUrl: '',
    city: '',
    address: '',
    latitude: '',
    longitude: '',
    capacity: '',
    tickets: [{ ...emptyTicket(), name: '' }],
    questions: [],
    requireApproval: false,
    visibility: 'public',
    coHosts: '',
  };
}

/** A kept draft is whatever the user left; anything unusable falls back to the defaults. */
export function restoreForm(data: unknown, fallback: ActivityForm): ActivityForm {
  if (!data || typeof data !== 'object') return fallback;
  const form = (data as { form?: unknown }).form;
  if (!form || typeof form !== 'object') return fallback;
  const merged = { ...fallback, ...(form as Partial<ActivityForm>) };
  if (!Array.isArray(merged.tickets) || merged.tickets.length === 0) merged.tickets = fallback.tickets;
  if (!Array.isArray(merged.questions)) merged.questions = [];
  return merged;
}

/** The form of an activity as it is; a catalogue city shows by its name in `language` (the server files it by id). */
export function fromActivity(activity: Activity, language?: Language): ActivityForm {
  const tz = activity.timezone;
  return {
    title: activity.title,
    description: activity.description,
    category: activity.category,
    coverImageId: activity.cover?.id ?? null,
    coverUrl: activity.cover?.sizes[1]?.url ?? activity.cover?.sizes[0]?.url ?? null,
    startsAt: toZoned(activity.startsAt, tz),
    endsAt: toZoned(activity.endsAt, tz),
    timezone: tz,
    mode: activity.online && !activity.city ? 'online' : 'venue',
    onlineUrl: activity.onlineUrl ?? '',
    city: cityLabel(activity.city, activity.cityNames, language),
    address: activity.address ?? '',
    latitude: activity.latitude === null ? '' : String(activity.latitude),
    longitude: activity.longitude === null ? '' : String(activity.longitude),
    capacity: activity.capacity === null ? '' : String(activity.capacity),
    tickets: activity.ticketTypes.map((ticket) => ({
      id: ticket.id,
      name: ticket.name,
      paid: !ticket.free,
      price: ticket.free ? '' : ticket.price,
      asset: ticket.asset ?? 'USDT',
      capacity: ticket.capacity === null ? '' : String(ticket.capacity),
      salesStart: ticket.salesStart ? toZoned(ticket.salesStart, tz) : '',
      salesEnd: ticket.salesEnd ? toZoned(ticket.salesEnd, tz) : '',
      hidden: ticket.hidden,
    })),
    questions: activity.questions.map((question) => ({
      id: question.id,
      label: question.label,
      type: question.type,
      required: question.required,
      options: (question.options ?? []).join('\n'),
    })),
    requireApproval: activity.requireApproval,
    visibility: activity.visibility,
    coHosts: activity.coHosts.map((person) => person.uid).join(' '),
  };
}

const blankToNull = (value: string) => (value.trim() === '' ? null : value.trim());
const numberOrNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** The contract's create input (without `publish`). Empty texts become null so the schema reports them well. */
export function toPayload(form: ActivityForm): Record<string, unknown> {
  const tz = form.timezone;
  const online = form.mode === 'online';
  return {
    title: form.title,
    description: form.description,
    category: form.category,
    coverImageId: form.coverImageId,
    startsAt: fromZoned(form.startsAt, tz) || form.startsAt,
    endsAt: fromZoned(form.endsAt, tz) || form.endsAt,
    timezone: tz,
    onlineUrl: online ? blankToNull(form.onlineUrl) : null,
    city: online ? null : blankToNull(form.city),
    address: online ? null : blankToNull(form.address),
    latitude: online ? null : numberOrNull(form.latitude),
    longitude: online ? null : numberOrNull(form.longitude),
    capacity: numberOrNull(form.capacity),
    requireApproval: form.requireApproval,
    visibility: form.visibility,
    ticketTypes: form.tickets.map((ticket) => ({
      ...(ticket.id ? { id: ticket.id } : {}),
      name: ticket.name,
      ...(ticket.paid ? { price: ticket.price.trim(), asset: ticket.asset } : { price: '0' }),
      capacity: numberOrNull(ticket.capacity),
      salesStart: ticket.salesStart ? fromZoned(ticket.salesStart, tz) || ticket.salesStart : null,
      salesEnd: ticket.salesEnd ? fromZoned(ticket.salesEnd, tz) || ticket.salesEnd : null,
      ...(ticket.hidden ? { hidden: true } : {}),
    })),
    questions: form.questions.map((question) => ({
      ...(question.id ? { id: question.id } : {}),
      label: question.label,
      type: question.type,
      required: question.required,
      ...(question.type === 'choice'
        ? {
            options: question.options
              .split('\n')
              .map((option) => option.trim())
              .filter(Boolean),
          }
        : {}),
    })),
    coHosts: form.coHosts
      .split(/[\s,，]+/)
      .map((uid) => uid.trim())
      .filter(Boolean),
  };
}

/** An edit names only what changes: the keys whose value differs from the activity as loaded. */
export function changedFields(next: Record<string, unknown>, before: Record<string, unknown>) {
  const changed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(next)) {
    if (JSON.stringify(value) !== JSON.stringify(before[key])) changed[key] = value;
  }
  return changed;
}

/**
 * The error keys (server field names) that have a place on the form as it is now: the venue or the online link, each
 * ticket row's fields, each question's label and (for a choice) its options. Errors under any other key are listed
 * apart, so none goes unseen.
 */
export function fieldsOnForm(form: ActivityForm): Set<string> {
  const keys = [
    'title',
    'description',
    'category',
    'coverImageId',
    'startsAt',
    'endsAt',
    'timezone',
    'visibility',
    'capacity',
    'coHosts',
    'ticketTypes',
  ];
  if (form.mode === 'online') keys.push('onlineUrl');
  else keys.push('city', 'address', 'latitude', 'longitude');
  form.tickets.forEach((_, i) => {
    for (const field of ['name', 'price', 'asset', 'capacity', 'salesStart', 'salesEnd']) {
      keys.push(`ticketTypes.${i}.${field}`);
    }
  });
  form.questions.forEach((question, i) => {
    keys.push(`questions.${i}.label`);
    if (question.type === 'choice') keys.push(`questions.${i}.options`);
  });
  for (let i = 0; i < 10; i += 1) keys.push(`coHosts.${i}`);
  return new Set(keys);
}

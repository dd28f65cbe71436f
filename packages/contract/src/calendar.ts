import { z } from 'zod';
import { dateTime, rowId, timezoneField } from './activity/fields.ts';
import { CALENDAR_FILTERS } from './activity-constants.ts';
import { monthField } from './dates.ts';
import { text } from './text.ts';

/** Request and response schemas of the personal calendar: months, lists, own entries and the feed. */

export const CalendarMonthInput = z.object({
  month: monthField,
  tz: timezoneField.default('UTC'),
  filter: z.enum(CALENDAR_FILTERS).default('all'),
});
export const CalendarListInput = z.object({
  from: dateTime.optional(),
  to: dateTime.optional(),
  filter: z.enum(CALENDAR_FILTERS).default('all'),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const CalendarItemOutput = z.object({
  kind: z.enum(['joined', 'hosted', 'own']),
  /** The activity's id for joined and hosted items, the entry's id for own ones. */
  id: z.string(),
  title: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  timezone: z.string(),
  location: z.string().nullable(),
  note: z.string().nullable(),
  /** joined: the registration status; hosted: the activity status; own: null. */
  status: z.string().nullable(),
});
export type CalendarItem = z.infer<typeof CalendarItemOutput>;
export const CalendarItemsOutput = z.object({ items: z.array(CalendarItemOutput) });
const calendarEntryFields = {
  title: text().min(1).max(120),
  startsAt: dateTime,
  endsAt: dateTime,
  timezone: timezoneField.default('UTC'),
  location: text().max(200).nullable().optional(),
  note: text().max(1000).nullable().optional(),
};
export const CalendarEntryInput = z.object(calendarEntryFields);
export const CalendarEntryUpdateInput = z.object({ id: rowId, ...calendarEntryFields });
export const CalendarEntryRefInput = z.object({ id: rowId });
export const CalendarFeedOutput = z.object({
  /** Subscribable in any calendar app; the token in it is the only key, so reset it if it leaks. */
  url: z.string(),
  webcalUrl: z.string(),
});
/** A public feed: anyone may subscribe; it lists public activities only. */
export const CalendarPublicFeedOutput = z.object({ url: z.string(), webcalUrl: z.string() });
export const CalendarCityFeedInput = z.object({ city: text().min(1).max(60) });
/** What an organizer hands out: their public feed and the listing other sites may frame (docs/activities.md). */
export const CalendarHostLinksOutput = z.object({
  feed: CalendarPublicFeedOutput,
  embed: z.object({
    /** The page an <iframe> shows. */
    pageUrl: z.string(),
    /** The one line to paste into a website: the script frames the page and sizes the frame. */
    snippet: z.string(),
  }),
});

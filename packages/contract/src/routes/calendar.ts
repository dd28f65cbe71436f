import { route } from '../api-route.ts';
import type { EmptyInput, EmptyOutput } from '../auth.ts';
import type * as s from '../calendar.ts';

/** The calendar module's calls (apps/server/src/modules/calendar): paths and types only; schemas in calendar.schemas.ts. */
export const calendarApi = {
  month: route<typeof s.CalendarMonthInput, typeof s.CalendarItemsOutput>('GET', '/calendar/month'),
  list: route<typeof s.CalendarListInput, typeof s.CalendarItemsOutput>('GET', '/calendar/list'),
  entryCreate: route<typeof s.CalendarEntryInput, typeof s.CalendarItemOutput>('POST', '/calendar/entry/create'),
  entryUpdate: route<typeof s.CalendarEntryUpdateInput, typeof s.CalendarItemOutput>('POST', '/calendar/entry/update'),
  entryDelete: route<typeof s.CalendarEntryRefInput, typeof EmptyOutput>('POST', '/calendar/entry/delete'),
  feed: route<typeof EmptyInput, typeof s.CalendarFeedOutput>('GET', '/calendar/feed'),
  feedReset: route<typeof EmptyInput, typeof s.CalendarFeedOutput>('POST', '/calendar/feed/reset'),
  hostLinks: route<typeof EmptyInput, typeof s.CalendarHostLinksOutput>('GET', '/calendar/host/links'),
  cityFeed: route<typeof s.CalendarCityFeedInput, typeof s.CalendarPublicFeedOutput>('GET', '/calendar/city/feed'),
};

import { withSchemas } from '../api-route.ts';
import { EmptyInput, EmptyOutput } from '../auth.ts';
import * as s from '../calendar.ts';
import { calendarApi as api } from './calendar.ts';

/** The calendar module's calls with their schemas: what the server registers and development builds parse with. */
export const calendarSchemas = {
  month: withSchemas(api.month, s.CalendarMonthInput, s.CalendarItemsOutput),
  list: withSchemas(api.list, s.CalendarListInput, s.CalendarItemsOutput),
  entryCreate: withSchemas(api.entryCreate, s.CalendarEntryInput, s.CalendarItemOutput),
  entryUpdate: withSchemas(api.entryUpdate, s.CalendarEntryUpdateInput, s.CalendarItemOutput),
  entryDelete: withSchemas(api.entryDelete, s.CalendarEntryRefInput, EmptyOutput),
  feed: withSchemas(api.feed, EmptyInput, s.CalendarFeedOutput),
  feedReset: withSchemas(api.feedReset, EmptyInput, s.CalendarFeedOutput),
  hostLinks: withSchemas(api.hostLinks, EmptyInput, s.CalendarHostLinksOutput),
  cityFeed: withSchemas(api.cityFeed, s.CalendarCityFeedInput, s.CalendarPublicFeedOutput),
};

import { withSchemas } from '../api-route.ts';
import { EmptyInput, EmptyOutput } from '../auth.ts';
import {
  CalendarEntryInput,
  CalendarEntryRefInput,
  CalendarEntryUpdateInput,
  CalendarFeedOutput,
  CalendarItemOutput,
  CalendarItemsOutput,
  CalendarListInput,
  CalendarMonthInput,
} from '../calendar.ts';
import { calendarApi as api } from './calendar.ts';

/** The calendar module's calls with their schemas: what the server registers and development builds parse with. */
export const calendarSchemas = {
  month: withSchemas(api.month, CalendarMonthInput, CalendarItemsOutput),
  list: withSchemas(api.list, CalendarListInput, CalendarItemsOutput),
  entryCreate: withSchemas(api.entryCreate, CalendarEntryInput, CalendarItemOutput),
  entryUpdate: withSchemas(api.entryUpdate, CalendarEntryUpdateInput, CalendarItemOutput),
  entryDelete: withSchemas(api.entryDelete, CalendarEntryRefInput, EmptyOutput),
  feed: withSchemas(api.feed, EmptyInput, CalendarFeedOutput),
  feedReset: withSchemas(api.feedReset, EmptyInput, CalendarFeedOutput),
};

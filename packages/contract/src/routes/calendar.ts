import { route } from '../api-route.ts';
import type { EmptyInput, EmptyOutput } from '../auth.ts';
import type {
  CalendarEntryInput,
  CalendarEntryRefInput,
  CalendarEntryUpdateInput,
  CalendarFeedOutput,
  CalendarItemOutput,
  CalendarItemsOutput,
  CalendarListInput,
  CalendarMonthInput,
} from '../calendar.ts';

/** The calendar module's calls (apps/server/src/modules/calendar): paths and types only; schemas in calendar.schemas.ts. */
export const calendarApi = {
  month: route<typeof CalendarMonthInput, typeof CalendarItemsOutput>('GET', '/calendar/month'),
  list: route<typeof CalendarListInput, typeof CalendarItemsOutput>('GET', '/calendar/list'),
  entryCreate: route<typeof CalendarEntryInput, typeof CalendarItemOutput>('POST', '/calendar/entry/create'),
  entryUpdate: route<typeof CalendarEntryUpdateInput, typeof CalendarItemOutput>('POST', '/calendar/entry/update'),
  entryDelete: route<typeof CalendarEntryRefInput, typeof EmptyOutput>('POST', '/calendar/entry/delete'),
  feed: route<typeof EmptyInput, typeof CalendarFeedOutput>('GET', '/calendar/feed'),
  feedReset: route<typeof EmptyInput, typeof CalendarFeedOutput>('POST', '/calendar/feed/reset'),
};

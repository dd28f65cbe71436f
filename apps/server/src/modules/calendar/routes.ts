import { EmptyInput, FILE_PATHS, Status } from '@polaris/contract';
import { calendarSchemas } from '@polaris/contract/schemas';
import { AppError } from '../../platform/errors.ts';
import type { Router } from '../../platform/router.ts';
import type { CalendarService } from './service.ts';

const tags = ['calendar'];

export function calendarRoutes(router: Router, calendar: CalendarService): void {
  router.route({
    ...calendarSchemas.month,
    summary: "A month of the user's calendar (joined, hosted, own entries) in a time zone",
    tags,
    auth: 'user',
    handler: async ({ input, user, language }) => ({
      items: await calendar.month(user.id, input.month, input.tz, input.filter, language),
    }),
  });

  router.route({
    ...calendarSchemas.list,
    summary: "The user's calendar as a list, from now (or `from`) on",
    tags,
    auth: 'user',
    handler: async ({ input, user, language }) => ({ items: await calendar.list(user.id, input, language) }),
  });

  router.route({
    ...calendarSchemas.entryCreate,
    summary: 'Add an own calendar entry',
    tags,
    auth: 'user',
    handler: ({ input, user }) => calendar.create(user.id, input),
  });

  router.route({
    ...calendarSchemas.entryUpdate,
    summary: 'Change an own calendar entry (someone else’s is not found)',
    tags,
    auth: 'user',
    handler: ({ input, user }) => calendar.update(user.id, input.id, input),
  });

  router.route({
    ...calendarSchemas.entryDelete,
    summary: 'Remove an own calendar entry',
    tags,
    auth: 'user',
    handler: ({ input, user }) => calendar.remove(user.id, input.id),
  });

  router.route({
    ...calendarSchemas.feed,
    summary: 'The subscribable feed URL, with its per-user secret token',
    tags,
    auth: 'user',
    handler: ({ user }) => calendar.feedUrl(user.id),
  });

  router.route({
    ...calendarSchemas.feedReset,
    summary: 'Replace the feed token; the old URL stops working',
    tags,
    auth: 'user',
    handler: ({ user }) => calendar.feedUrl(user.id, true),
  });

  router.raw({
    method: 'GET',
    path: FILE_PATHS.calendarExport,
    summary: "The user's calendar as iCalendar, to download",
    tags,
    auth: 'user',
    input: EmptyInput,
    params: {},
    produces: 'text/calendar; charset=utf-8',
    handler: async ({ user }) => ({
      type: 'text/calendar; charset=utf-8',
      headers: { 'content-disposition': 'attachment; filename="polaris.ics"', 'cache-control': 'no-store' },
      body: await calendar.ics(user.id),
    }),
  });

  router.raw({
    method: 'GET',
    path: '/calendar/feed/:file',
    summary: 'The subscribable feed (`<token>.ics`): no login, the secret token is the key',
    tags,
    auth: 'public',
    input: EmptyInput,
    params: { file: 'x0123456789abcdefghijk.ics' },
    produces: 'text/calendar; charset=utf-8',
    handler: async ({ params }) => {
      const match = /^([A-Za-z0-9_-]+)\.ics$/.exec(params.file);
      if (!match) throw new AppError(Status.notFound, 'http.404');
      const userId = await calendar.feedOwner(match[1]!);
      return {
        type: 'text/calendar; charset=utf-8',
        headers: { 'cache-control': 'private, max-age=300' },
        body: await calendar.ics(userId),
      };
    },
  });
}

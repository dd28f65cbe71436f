import {
  API_BASE,
  CalendarEntryInput,
  CalendarEntryRefInput,
  CalendarEntryUpdateInput,
  CalendarFeedOutput,
  CalendarItemOutput,
  CalendarItemsOutput,
  CalendarListInput,
  CalendarMonthInput,
  EmptyInput,
  EmptyOutput,
  Status,
} from '@polaris/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import { RATE_LIMITS } from '../../platform/rate-limits.ts';
import type { Authenticate, Router } from '../../platform/router.ts';
import type { CalendarService } from './service.ts';

const tags = ['calendar'];

export function calendarRoutes(
  router: Router,
  deps: { app: FastifyInstance; authenticate: Authenticate; rateLimit: boolean; calendar: CalendarService },
): void {
  const { calendar, app, authenticate } = deps;
  const config = { rateLimit: deps.rateLimit ? { ...RATE_LIMITS.default } : (false as const) };

  router.route({
    method: 'GET',
    path: '/calendar/month',
    summary: "A month of the user's calendar (joined, hosted, own entries) in a time zone",
    tags,
    auth: 'user',
    input: CalendarMonthInput,
    output: CalendarItemsOutput,
    handler: async ({ input, user }) => ({ items: await calendar.month(user.id, input.month, input.tz, input.filter) }),
  });

  router.route({
    method: 'GET',
    path: '/calendar/list',
    summary: "The user's calendar as a list, from now (or `from`) on",
    tags,
    auth: 'user',
    input: CalendarListInput,
    output: CalendarItemsOutput,
    handler: async ({ input, user }) => ({ items: await calendar.list(user.id, input) }),
  });

  router.route({
    method: 'POST',
    path: '/calendar/entry/create',
    summary: 'Add an own calendar entry',
    tags,
    auth: 'user',
    input: CalendarEntryInput,
    output: CalendarItemOutput,
    handler: ({ input, user }) => calendar.create(user.id, input),
  });

  router.route({
    method: 'POST',
    path: '/calendar/entry/update',
    summary: 'Change an own calendar entry (someone else’s is not found)',
    tags,
    auth: 'user',
    input: CalendarEntryUpdateInput,
    output: CalendarItemOutput,
    handler: ({ input, user }) => calendar.update(user.id, input.id, input),
  });

  router.route({
    method: 'POST',
    path: '/calendar/entry/delete',
    summary: 'Remove an own calendar entry',
    tags,
    auth: 'user',
    input: CalendarEntryRefInput,
    output: EmptyOutput,
    handler: ({ input, user }) => calendar.remove(user.id, input.id),
  });

  router.route({
    method: 'GET',
    path: '/calendar/feed',
    summary: 'The subscribable feed URL, with its per-user secret token',
    tags,
    auth: 'user',
    input: EmptyInput,
    output: CalendarFeedOutput,
    handler: ({ user }) => calendar.feedUrl(user.id),
  });

  router.route({
    method: 'POST',
    path: '/calendar/feed/reset',
    summary: 'Replace the feed token; the old URL stops working',
    tags,
    auth: 'user',
    input: EmptyInput,
    output: CalendarFeedOutput,
    handler: ({ user }) => calendar.feedUrl(user.id, true),
  });

  app.get(`${API_BASE}/calendar/export.ics`, { config }, async (request, reply) => {
    const user = await authenticate(request, 'user');
    return reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('content-disposition', 'attachment; filename="polaris.ics"')
      .header('cache-control', 'no-store')
      .send(await calendar.ics(user!.id));
  });

  app.get<{ Params: { file: string } }>(`${API_BASE}/calendar/feed/:file`, { config }, async (request, reply) => {
    const match = /^([A-Za-z0-9_-]+)\.ics$/.exec(request.params.file);
    if (!match) throw new AppError(Status.notFound, 'http.404');
    const userId = await calendar.feedOwner(match[1]!);
    return reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('cache-control', 'private, max-age=300')
      .send(await calendar.ics(userId));
  });
}

import { API_BASE, EmptyInput, FILE_PATHS, LANGUAGES, Status } from '@polaris/contract';
import { calendarSchemas } from '@polaris/contract/schemas';
import { z } from 'zod';
import { AppError } from '../../platform/errors.ts';
import type { Router } from '../../platform/router.ts';
import { EMBED_LIMIT, embedPage, FRAME_SCRIPT, listingScript } from './embed-page.ts';
import type { CalendarService } from './service.ts';

const tags = ['calendar'];

const ICS = 'text/calendar; charset=utf-8';
const SCRIPT = 'text/javascript; charset=utf-8';
/** Public feeds and the listing change when an organizer edits; five minutes of caching is what calendar apps poll at anyway. */
const PUBLIC_CACHE = 'public, max-age=300';
/** What another site may load from us: a public page or script, fetched without credentials. */
const CROSS_SITE = { 'cross-origin-resource-policy': 'cross-origin' };

/** `<name>.ics` → name, or not found. */
function icsName(file: string, pattern: RegExp): string {
  const match = /^(.+)\.ics$/.exec(file);
  if (!match || !pattern.test(match[1]!)) throw new AppError(Status.notFound, 'http.404');
  return match[1]!;
}

export function calendarRoutes(router: Router, calendar: CalendarService): void {
  const { links } = calendar;
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

  router.route({
    ...calendarSchemas.hostLinks,
    summary: "The organizer's public feed and the listing other sites may frame",
    tags,
    auth: 'user',
    handler: ({ user }) => calendar.hostLinks(user.id),
  });

  router.route({
    ...calendarSchemas.cityFeed,
    summary: "A city's public feed, to subscribe to",
    tags,
    auth: 'public',
    handler: async ({ input }) => calendar.cityFeedUrl(input.city),
  });

  router.raw({
    method: 'GET',
    path: '/calendar/organizer/:file',
    summary: "An organizer's public feed (`<uid>.ics`): public activities they organize or co-host",
    tags,
    auth: 'public',
    input: EmptyInput,
    params: { file: '12345678.ics' },
    produces: ICS,
    handler: async ({ params }) => {
      const host = await calendar.host(icsName(params.file, /^\d{8,15}$/));
      return {
        type: ICS,
        headers: { 'cache-control': PUBLIC_CACHE },
        body: await calendar.publicIcs(`${host.name} · Polaris`, { hostId: host.id }),
      };
    },
  });

  router.raw({
    method: 'GET',
    path: '/calendar/city/:file',
    summary: "A city's public feed (`<city>.ics`, the city as activities name it)",
    tags,
    auth: 'public',
    input: EmptyInput,
    params: { file: 'Taipei.ics' },
    produces: ICS,
    handler: async ({ params }) => {
      // The city is text from the address: at most 60 characters, no control characters.
      const city = icsName(params.file, /^[^\p{Cc}]{1,60}$/u);
      return {
        type: ICS,
        headers: { 'cache-control': PUBLIC_CACHE },
        body: await calendar.publicIcs(`${city} · Polaris`, { city }),
      };
    },
  });

  router.raw({
    method: 'GET',
    path: '/embed/organizer/:uid',
    summary: "An organizer's upcoming activities as a page other sites may frame (the only one they may)",
    tags,
    auth: 'public',
    input: z.object({ lang: z.enum(LANGUAGES).optional() }),
    params: { uid: '12345678' },
    produces: 'text/html; charset=utf-8',
    handler: async ({ params, input, language }) => {
      const host = await calendar.host(params.uid);
      const activities = await calendar.publicActivities({ hostId: host.id }, undefined, EMBED_LIMIT);
      return {
        type: 'text/html; charset=utf-8',
        headers: {
          'cache-control': PUBLIC_CACHE,
          // Any site may frame this page, and only this one; every other response keeps frame-ancestors 'none'.
          'content-security-policy':
            "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors *",
          ...CROSS_SITE,
        },
        withoutHeaders: ['x-frame-options'],
        body: embedPage({
          language: input.lang ?? language,
          host,
          activities,
          activityUrl: (code) => links.activity(code),
          // Same origin as the page, whatever address it was reached at (its CSP allows scripts from 'self' only).
          frameScriptUrl: `${API_BASE}/embed/frame.js`,
        }),
      };
    },
  });

  router.raw({
    method: 'GET',
    path: '/embed/listing.js',
    summary: 'The one-line script other sites paste to show an organizer’s listing',
    tags,
    auth: 'public',
    input: EmptyInput,
    params: {},
    produces: SCRIPT,
    handler: async () => ({
      type: SCRIPT,
      headers: { 'cache-control': PUBLIC_CACHE, ...CROSS_SITE },
      body: listingScript(links.embedPage('')),
    }),
  });

  router.raw({
    method: 'GET',
    path: '/embed/frame.js',
    summary: 'Runs inside the framed listing: reports its height to the framing page',
    tags,
    auth: 'public',
    input: EmptyInput,
    params: {},
    produces: SCRIPT,
    handler: async () => ({ type: SCRIPT, headers: { 'cache-control': PUBLIC_CACHE }, body: FRAME_SCRIPT }),
  });
}

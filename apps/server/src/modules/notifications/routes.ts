import { API_BASE, NoticeUnsubscribeInput, translate } from '@polaris/contract';
import { notificationsSchemas } from '@polaris/contract/schemas';
import { errorCodes, type FastifyInstance, type FastifyRequest } from 'fastify';
import type { Router } from '../../platform/router.ts';
import { unsubscribedPage, unsubscribePage } from './pages.ts';
import type { NotificationService } from './service.ts';

const tags = ['notice'];
const UNSUBSCRIBE_PATH = '/notice/unsubscribe';

/** The link's token: from the body (a JSON client) or the query, where mail clients send it. */
function tokenOf(input: { token?: string }, request: FastifyRequest): string | undefined {
  if (input.token) return input.token;
  const query = (request.query ?? {}) as Record<string, unknown>;
  return typeof query.token === 'string' ? query.token : undefined;
}

export function notificationRoutes(router: Router, notifications: NotificationService): void {
  router.route({
    ...notificationsSchemas.noticeList,
    summary: 'The inbox: newest first, paged by id, optionally one category; written in the request’s language',
    tags,
    auth: 'user',
    handler: ({ input, user, language }) => notifications.list(user.id, input, language),
  });
  router.route({
    ...notificationsSchemas.noticeUnread,
    summary: 'Unread notices per category and in all, and unread chat messages (the badges)',
    tags,
    auth: 'user',
    handler: ({ user, language }) => notifications.unread(user.id, language),
  });
  router.route({
    ...notificationsSchemas.noticeRead,
    summary: 'Mark notices read: some by id, or all (of one category); answers the unread counts',
    tags,
    auth: 'user',
    handler: ({ input, user }) => notifications.read(user.id, input),
  });
  router.route({
    ...notificationsSchemas.noticePreferences,
    summary: 'Channels per category, quiet hours, time zone, and which push channels this server has',
    tags,
    auth: 'user',
    handler: ({ user }) => notifications.preferences.get(user.id),
  });
  router.route({
    ...notificationsSchemas.setNoticePreferences,
    summary: 'Change channels, quiet hours (HH:MM, null for none) or the time zone (IANA); the rest stays',
    tags,
    auth: 'user',
    handler: ({ input, user, language }) => notifications.preferences.update(user.id, input, language),
  });
  router.route({
    ...notificationsSchemas.noticeMute,
    summary: 'Whether the caller muted the notices of a chat room they are a member of',
    tags,
    auth: 'user',
    handler: ({ input, user }) => notifications.roomMute(user.id, input),
  });
  router.route({
    ...notificationsSchemas.setNoticeMute,
    summary: 'Mute (or unmute) the notices of a chat room the caller is a member of',
    tags,
    auth: 'user',
    handler: ({ input, user }) => notifications.muteRoom(user.id, input),
  });
  router.raw({
    method: 'GET',
    path: UNSUBSCRIBE_PATH,
    summary: 'The page of an email’s unsubscribe link (`?token=`): asks to confirm; changes nothing by itself',
    tags,
    auth: 'public',
    input: NoticeUnsubscribeInput,
    params: {},
    produces: 'text/html; charset=utf-8',
    handler: async ({ input, request, language }) => {
      const token = tokenOf(input, request);
      const target = await notifications.preferences.unsubscribeTarget(token, language);
      const category = translate(target.language, `notice.categories.${target.category}`);
      return {
        type: 'text/html; charset=utf-8',
        headers: { 'cache-control': 'no-store' },
        body: unsubscribePage(
          target.language,
          category,
          `${API_BASE}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token!)}`,
        ),
      };
    },
  });
  router.raw({
    method: 'POST',
    path: UNSUBSCRIBE_PATH,
    summary:
      'One-click unsubscribe (RFC 8058, `?token=`, body `List-Unsubscribe=One-Click`): that category’s email is off',
    tags,
    auth: 'public',
    input: NoticeUnsubscribeInput,
    params: {},
    produces: 'text/html; charset=utf-8',
    handler: async ({ input, request, language }) => {
      const done = await notifications.preferences.unsubscribe(tokenOf(input, request), language);
      return {
        type: 'text/html; charset=utf-8',
        headers: { 'cache-control': 'no-store' },
        body: unsubscribedPage(done.language, done.message),
      };
    },
  });
}

/**
 * Mail clients send the one-click POST as a form (`application/x-www-form-urlencoded`, RFC 8058); the unsubscribe
 * route alone reads such bodies. Everywhere else a form body is refused as before (400 on `body`).
 */
export function acceptOneClickForms(app: FastifyInstance): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (request, body, done) => {
    if (request.routeOptions.url !== `${API_BASE}${UNSUBSCRIBE_PATH}`) {
      done(new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE(request.headers['content-type'] ?? ''), undefined);
      return;
    }
    const fields: Record<string, string> = {};
    for (const [name, value] of new URLSearchParams(String(body).slice(0, 1024))) {
      if (name === 'List-Unsubscribe') fields[name] = value;
    }
    done(null, fields);
  });
}

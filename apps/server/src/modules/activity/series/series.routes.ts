import { activitySeriesSchemas as schemas } from '@polaris/contract/schemas';
import type { Router } from '../../../platform/router.ts';
import type { SeriesService } from './series.service.ts';

const tags = ['activity'];

/** Recurring series: making an activity repeat, the series page, following it, ending it, editing all following. */
export function seriesRoutes(router: Router, { series }: { series: SeriesService }): void {
  router.route({
    ...schemas.create,
    summary:
      "Make a published activity the first of a series (its organizer); the window's occurrences are made at once",
    tags,
    auth: 'user',
    handler: ({ input, user }) => series.create(user.id, input),
  });

  router.route({
    ...schemas.get,
    summary: 'A series with its coming occurrences, and whether the caller follows it',
    tags,
    auth: 'optional',
    handler: ({ input, user }) => series.view(Number(input.id), user?.id ?? null),
  });

  router.route({
    ...schemas.of,
    summary: 'The series an activity belongs to (null when it does not repeat)',
    tags,
    auth: 'optional',
    handler: ({ input, user }) => series.of(input.activityId, user?.id ?? null),
  });

  router.route({
    ...schemas.end,
    summary: 'End a series (its organizer): no more occurrences are made; those made stay',
    tags,
    auth: 'user',
    handler: ({ input, user }) => series.end(user.id, Number(input.id)),
  });

  router.route({
    ...schemas.follow,
    summary: 'Follow a series (or stop): a notice when each new occurrence opens for sign-up',
    tags,
    auth: 'user',
    handler: ({ input, user }) => series.follow(user.id, Number(input.id), input.follow),
  });

  router.route({
    ...schemas.updateFollowing,
    summary:
      'Edit an occurrence and every later one not yet started, and the template (its organizer); each keeps its day',
    tags,
    auth: 'user',
    handler: ({ input, user }) => series.updateFollowing(user, input),
  });

  router.route({
    ...schemas.promoCreate,
    summary: 'A promo code on this occurrence and every later one, those made later too (its organizer)',
    tags,
    auth: 'user',
    handler: ({ input, user }) => series.createPromo(user.id, input),
  });
}

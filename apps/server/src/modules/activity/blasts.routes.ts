import { activitySchemas } from '@polaris/contract/schemas';
import type { Router } from '../../platform/router.ts';
import type { BlastService } from './blasts.service.ts';

const tags = ['activity'];

/** Organizer blasts: sending and cancelling for the organizer and co-hosts, the list for them and for attendees. */
export function blastRoutes(router: Router, { blasts }: { blasts: BlastService }): void {
  router.route({
    ...activitySchemas.blastSend,
    summary: 'Message the going, waitlisted or checked-in attendees, now or at sendAt (at most 3 per activity a day)',
    tags,
    auth: 'user',
    handler: ({ input, user }) => blasts.send(user.id, input),
  });

  router.route({
    ...activitySchemas.blastList,
    summary: 'Blasts of an activity: all of them with their reach for hosts, the sent ones for attendees',
    tags,
    auth: 'user',
    handler: ({ input, user }) => blasts.list(user.id, input.activityId),
  });

  router.route({
    ...activitySchemas.blastCancel,
    summary: 'Cancel a blast whose sending has not started',
    tags,
    auth: 'user',
    handler: ({ input, user }) => blasts.cancel(user.id, input),
  });
}

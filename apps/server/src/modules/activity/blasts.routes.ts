import { ActivityRefInput, BlastListOutput, BlastOutput, BlastRefInput, BlastSendInput } from '@polaris/contract';
import type { Router } from '../../platform/router.ts';
import type { BlastService } from './blasts.service.ts';

const tags = ['activity'];

/** Organizer blasts: sending and cancelling for the organizer and co-hosts, the list for them and for attendees. */
export function blastRoutes(router: Router, { blasts }: { blasts: BlastService }): void {
  router.route({
    method: 'POST',
    path: '/activity/blast/send',
    summary: 'Message the going, waitlisted or checked-in attendees, now or at sendAt (at most 3 per activity a day)',
    tags,
    auth: 'user',
    input: BlastSendInput,
    output: BlastOutput,
    handler: ({ input, user }) => blasts.send(user.id, input),
  });

  router.route({
    method: 'GET',
    path: '/activity/blast/list',
    summary: 'Blasts of an activity: all of them with their reach for hosts, the sent ones for attendees',
    tags,
    auth: 'user',
    input: ActivityRefInput,
    output: BlastListOutput,
    handler: ({ input, user }) => blasts.list(user.id, input.activityId),
  });

  router.route({
    method: 'POST',
    path: '/activity/blast/cancel',
    summary: 'Cancel a blast whose sending has not started',
    tags,
    auth: 'user',
    input: BlastRefInput,
    output: BlastOutput,
    handler: ({ input, user }) => blasts.cancel(user.id, input),
  });
}

import { activitySchemas } from '@polaris/contract/schemas';
import type { Router } from '../../platform/router.ts';
import type { SignupService } from './signup.service.ts';

const tags = ['activity'];

/** Signing up, cancelling, giving a ticket away, and the user's tickets. */
export function ticketsRoutes(router: Router, { signups }: { signups: SignupService }): void {
  router.route({
    ...activitySchemas.signup,
    summary: 'Sign up: a seat, a pending request, or a waitlist place; a paid ticket needs the trade password',
    tags,
    auth: 'user',
    region: 'gated',
    rateLimit: 'auth',
    handler: ({ input, user, language }) => signups.signUp(user, { ...input, language }),
  });

  router.route({
    ...activitySchemas.signupCancel,
    summary:
      "Cancel the caller's registration; refund in full until 24 h before the start, or until the start after the organizer changed the start or venue",
    tags,
    auth: 'user',
    handler: ({ input, user }) => signups.cancel(user, input.activityId),
  });

  router.route({
    ...activitySchemas.ticketTransfer,
    summary: 'Give a confirmed ticket to another user by uid, before the start',
    tags,
    auth: 'user',
    region: 'gated',
    rateLimit: 'auth',
    handler: ({ input, user }) => signups.transferTicket(user, input.activityId, input.toUid),
  });

  router.route({
    ...activitySchemas.tickets,
    summary: "The user's tickets, each with its QR payload while valid",
    tags,
    auth: 'user',
    handler: ({ input, user }) => signups.tickets(user.id, input),
  });
}

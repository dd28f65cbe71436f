import {
  ActivityRefInput,
  MyTicketsInput,
  RegistrationOutput,
  SignUpInput,
  TicketsOutput,
  TicketTransferInput,
} from '@polaris/contract';
import type { Router } from '../../platform/router.ts';
import type { SignupService } from './signup.service.ts';

const tags = ['activity'];

/** Signing up, cancelling, giving a ticket away, and the user's tickets. */
export function ticketsRoutes(router: Router, { signups }: { signups: SignupService }): void {
  router.route({
    method: 'POST',
    path: '/activity/signup',
    summary: 'Sign up: a seat, a pending request, or a waitlist place; a paid ticket needs the trade password',
    tags,
    auth: 'user',
    region: 'gated',
    rateLimit: 'auth',
    input: SignUpInput,
    output: RegistrationOutput,
    handler: ({ input, user, language }) => signups.signUp(user, { ...input, language }),
  });

  router.route({
    method: 'POST',
    path: '/activity/signup/cancel',
    summary:
      "Cancel the caller's registration; refund in full until 24 h before the start, or until the start after the organizer changed the start or venue",
    tags,
    auth: 'user',
    input: ActivityRefInput,
    output: RegistrationOutput,
    handler: ({ input, user }) => signups.cancel(user, input.activityId),
  });

  router.route({
    method: 'POST',
    path: '/activity/ticket/transfer',
    summary: 'Give a confirmed ticket to another user by uid, before the start',
    tags,
    auth: 'user',
    region: 'gated',
    rateLimit: 'auth',
    input: TicketTransferInput,
    output: RegistrationOutput,
    handler: ({ input, user }) => signups.transferTicket(user, input.activityId, input.toUid),
  });

  router.route({
    method: 'GET',
    path: '/activity/tickets',
    summary: "The user's tickets, each with its QR payload while valid",
    tags,
    auth: 'user',
    input: MyTicketsInput,
    output: TicketsOutput,
    handler: ({ input, user }) => signups.tickets(user.id, input),
  });
}

import { ActivityRefInput, FILE_PATHS } from '@polaris/contract';
import { activitySchemas } from '@polaris/contract/schemas';
import type { Router } from '../../platform/router.ts';
import type { AttendeeService } from './attendees.service.ts';
import type { CheckinService } from './checkin.service.ts';
import type { EditingService } from './editing.service.ts';
import type { InvitationService } from './invitations.service.ts';
import type { SeatService } from './seats.service.ts';
import type { SettlementService } from './settlement.service.ts';

const tags = ['activity'];

/** Management, for the organizer and co-hosts (403 for anyone else who can see the activity). */
export function manageRoutes(
  router: Router,
  {
    attendees,
    seats,
    checkins,
    invitations,
    editing,
    settlement,
  }: {
    attendees: AttendeeService;
    seats: SeatService;
    checkins: CheckinService;
    invitations: InvitationService;
    editing: EditingService;
    settlement: SettlementService;
  },
): void {
  router.route({
    ...activitySchemas.manageOverview,
    summary: 'Counts by status, check-ins, seats and money held for the activity',
    tags,
    auth: 'user',
    handler: ({ input, user }) => attendees.overview(user.id, input.activityId),
  });

  router.route({
    ...activitySchemas.manageAttendees,
    summary: 'Attendees by status (pending, approved, waitlisted, checkedIn, rejected, cancelled), by cursor',
    tags,
    auth: 'user',
    handler: ({ input, user }) => attendees.attendees(user.id, input),
  });

  router.raw({
    method: 'GET',
    path: FILE_PATHS.attendeesCsv,
    summary: 'Every attendee as CSV (RFC 4180), one column per registration question',
    tags,
    auth: 'user',
    input: ActivityRefInput,
    params: {},
    produces: 'text/csv; charset=utf-8',
    handler: async ({ input, user }) => {
      const { filename, csv } = await attendees.attendeesCsv(user.id, input.activityId);
      return {
        type: 'text/csv; charset=utf-8',
        headers: { 'content-disposition': `attachment; filename="${filename}"`, 'cache-control': 'no-store' },
        body: `\ufeff${csv}`,
      };
    },
  });

  router.route({
    ...activitySchemas.manageApprove,
    summary: 'Approve a pending request (its frozen price moves to escrow)',
    tags,
    auth: 'user',
    region: 'gated',
    handler: ({ input, user }) => seats.approve(user.id, input.activityId, input.registrationId),
  });

  router.route({
    ...activitySchemas.manageReject,
    summary: 'Reject a pending request (its frozen price is released)',
    tags,
    auth: 'user',
    handler: ({ input, user }) => seats.reject(user.id, input.activityId, input.registrationId),
  });

  router.route({
    ...activitySchemas.manageSignCode,
    summary: 'The current rotating sign-in code to show at the venue',
    tags,
    auth: 'user',
    handler: ({ input, user }) => checkins.signCode(user.id, input.activityId),
  });

  router.route({
    ...activitySchemas.manageInvite,
    summary: 'Create an invitation link (skips approval) and mail it to the given addresses',
    tags,
    auth: 'user',
    rateLimit: 'code',
    handler: ({ input, user }) => invitations.invite(user, input),
  });

  router.route({
    ...activitySchemas.manageMarketing,
    summary: 'Promotion settings: featured on explore, share title and text',
    tags,
    auth: 'user',
    handler: ({ input, user }) => editing.setMarketing(user.id, input),
  });

  router.route({
    ...activitySchemas.manageCancel,
    summary: 'Cancel the whole activity (organizer only): everyone is refunded exactly what is held, and mailed',
    tags,
    auth: 'user',
    handler: ({ input, user }) => settlement.cancelActivity(user.id, input.activityId),
  });
}

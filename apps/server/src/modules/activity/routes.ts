import {
  ActivityDetailInput,
  ActivityIdInput,
  ActivityListInput,
  ActivityOutput,
  ActivityPageOutput,
  ActivityRefInput,
  AttendeesInput,
  AttendeesOutput,
  CancelActivityInput,
  CancelActivityOutput,
  CategoriesOutput,
  CheckinInput,
  CheckinOutput,
  CitiesOutput,
  CreateActivityInput,
  DraftInput,
  DraftOutput,
  EmptyInput,
  EmptyOutput,
  ExploreInput,
  ExploreOutput,
  IMAGE_MAX_BYTES,
  InviteInput,
  InviteOutput,
  MarketingInput,
  MarketingOutput,
  MyActivitiesInput,
  MyTicketsInput,
  NftListInput,
  NftOutput,
  NftOwnerVisibilityInput,
  NftsOutput,
  OverviewOutput,
  RegistrationOutput,
  RegistrationRefInput,
  SaveDraftInput,
  SelfCheckinInput,
  SignCodeOutput,
  SignUpInput,
  Status,
  TicketsOutput,
  TicketTransferInput,
  UpdateActivityInput,
  UploadImageOutput,
} from '@polaris/contract';
import { AppError, FieldsError } from '../../platform/errors.ts';
import type { Router } from '../../platform/router.ts';
import type { CheckinService } from './checkin.ts';
import type { ImageService } from './images.ts';
import type { RegistrationService } from './registration.ts';
import type { ActivityService } from './service.ts';

const tags = ['activity'];

export interface ActivityRouteDeps {
  activities: ActivityService;
  registrations: RegistrationService;
  checkins: CheckinService;
  images: ImageService;
}

export function activityRoutes(router: Router, deps: ActivityRouteDeps): void {
  const { activities, registrations, checkins, images } = deps;

  // Discovery

  router.route({
    method: 'GET',
    path: '/activity/list',
    summary: 'Upcoming public activities: city, category, today/week/weekend/month, free, online, search; by cursor',
    tags,
    auth: 'public',
    input: ActivityListInput,
    output: ActivityPageOutput,
    handler: ({ input }) => activities.list(input),
  });

  router.route({
    method: 'GET',
    path: '/activity/explore',
    summary: 'Explore page: featured, this week, free, and counts per category',
    tags,
    auth: 'public',
    input: ExploreInput,
    output: ExploreOutput,
    handler: ({ input }) => activities.explore(input.city, input.tz),
  });

  router.route({
    method: 'GET',
    path: '/activity/categories',
    summary: 'Every category with its number of upcoming public activities',
    tags,
    auth: 'public',
    input: ExploreInput.pick({ city: true }),
    output: CategoriesOutput,
    handler: async ({ input }) => ({ items: await activities.categories(input.city) }),
  });

  router.route({
    method: 'GET',
    path: '/activity/cities',
    summary: 'Cities with upcoming public activities, busiest first (preferred-city list)',
    tags,
    auth: 'public',
    input: EmptyInput,
    output: CitiesOutput,
    handler: async () => ({ items: await activities.cities() }),
  });

  router.route({
    method: 'GET',
    path: '/activity/detail',
    summary: "One activity with the caller's registration and abilities; someone else's draft is not found",
    tags,
    auth: 'optional',
    input: ActivityDetailInput,
    output: ActivityOutput,
    handler: ({ input, user }) => activities.detail(input.id, user?.id ?? null),
  });

  router.route({
    method: 'GET',
    path: '/activity/mine',
    summary: 'Activities the user joined or hosts',
    tags,
    auth: 'user',
    input: MyActivitiesInput,
    output: ActivityPageOutput,
    handler: ({ input, user }) => activities.mine(user.id, input),
  });

  // Create and edit

  router.route({
    method: 'POST',
    path: '/activity/create',
    summary: 'Create an activity (a draft unless publish is true); needs a profile name (414)',
    tags,
    auth: 'user',
    input: CreateActivityInput,
    output: ActivityOutput,
    handler: ({ input, user }) => activities.create(user, input),
  });

  router.route({
    method: 'POST',
    path: '/activity/update',
    summary:
      'Edit an activity (hosts; co-hosts list by the organizer only); a new start or venue mails attendees and gives paid ones a full-refund right until the start',
    tags,
    auth: 'user',
    input: UpdateActivityInput,
    output: ActivityOutput,
    handler: ({ input, user }) => activities.update(user, input),
  });

  router.route({
    method: 'POST',
    path: '/activity/publish',
    summary: 'Publish a draft',
    tags,
    auth: 'user',
    input: ActivityIdInput,
    output: ActivityOutput,
    handler: ({ input, user }) => activities.publish(user, input.id),
  });

  router.route({
    method: 'GET',
    path: '/activity/draft',
    summary: 'The create/edit form as the user last left it (activityId absent: a new activity)',
    tags,
    auth: 'user',
    input: DraftInput,
    output: DraftOutput,
    handler: ({ input, user }) => activities.draft(user.id, input.activityId),
  });

  router.route({
    method: 'POST',
    path: '/activity/draft/save',
    summary: 'Keep the create/edit form while the user edits',
    tags,
    auth: 'user',
    input: SaveDraftInput,
    output: DraftOutput,
    handler: ({ input, user }) => activities.saveDraft(user.id, input.activityId, input.data),
  });

  router.route({
    method: 'POST',
    path: '/activity/draft/delete',
    summary: 'Discard the kept form',
    tags,
    auth: 'user',
    input: DraftInput,
    output: EmptyOutput,
    handler: ({ input, user }) => activities.deleteDraft(user.id, input.activityId),
  });

  // Sign-up and tickets

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
    handler: ({ input, user, language }) => registrations.signUp(user, { ...input, language }),
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
    handler: ({ input, user }) => registrations.cancel(user, input.activityId),
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
    handler: ({ input, user }) => registrations.transferTicket(user, input.activityId, input.toUid),
  });

  router.route({
    method: 'GET',
    path: '/activity/tickets',
    summary: "The user's tickets, each with its QR payload while valid",
    tags,
    auth: 'user',
    input: MyTicketsInput,
    output: TicketsOutput,
    handler: async ({ input, user }) => {
      const page = await registrations.myTicketRows(user.id, input.when, input.cursor, input.limit);
      const summaries = await activities.summaries(page.items.map((item) => item.activity));
      return {
        items: page.items.map((item, index) => ({ ...item.view, activity: summaries[index]! })),
        nextCursor: page.nextCursor,
      };
    },
  });

  // Check-in and collectibles

  router.route({
    method: 'POST',
    path: '/activity/checkin',
    summary: "A host checks in a ticket by its QR payload; once per ticket; mints the attendee's NFT",
    tags,
    auth: 'user',
    input: CheckinInput,
    output: CheckinOutput,
    handler: ({ input, user }) => checkins.checkInTicket(user.id, input.activityId, input.ticketCode),
  });

  router.route({
    method: 'POST',
    path: '/activity/checkin/self',
    summary: "An attendee checks in with the venue's rotating 6-digit code",
    tags,
    auth: 'user',
    rateLimit: 'auth',
    input: SelfCheckinInput,
    output: CheckinOutput,
    handler: ({ input, user }) => checkins.selfCheckIn(user.id, input.activityId, input.signCode),
  });

  router.route({
    method: 'POST',
    path: '/activity/checkin/undo',
    summary: 'Undo a check-in; burns its NFT',
    tags,
    auth: 'user',
    input: RegistrationRefInput,
    output: EmptyOutput,
    handler: ({ input, user }) => checkins.undo(user.id, input.activityId, input.registrationId),
  });

  router.route({
    method: 'GET',
    path: '/activity/nfts',
    summary: "The user's attendance NFTs, newest first",
    tags,
    auth: 'user',
    input: NftListInput,
    output: NftsOutput,
    handler: ({ input, user }) => checkins.myNfts(user.id, input.cursor, input.limit),
  });

  router.route({
    method: 'POST',
    path: '/activity/nft/owner',
    summary: "Whether the public metadata of one of the user's NFTs names them (hidden by default)",
    tags,
    auth: 'user',
    input: NftOwnerVisibilityInput,
    output: NftOutput,
    handler: ({ input, user }) => checkins.setOwnerVisibility(user.id, input.tokenId, input.visible),
  });

  // Management (organizer and co-hosts; 403 for anyone else who can see the activity)

  router.route({
    method: 'GET',
    path: '/activity/manage/overview',
    summary: 'Counts by status, check-ins, seats and money held for the activity',
    tags,
    auth: 'user',
    input: ActivityRefInput,
    output: OverviewOutput,
    handler: ({ input, user }) => checkins.overview(user.id, input.activityId),
  });

  router.route({
    method: 'GET',
    path: '/activity/manage/attendees',
    summary: 'Attendees by status (pending, approved, waitlisted, checkedIn, rejected, cancelled), by cursor',
    tags,
    auth: 'user',
    input: AttendeesInput,
    output: AttendeesOutput,
    handler: ({ input, user }) => checkins.attendees(user.id, input),
  });

  router.route({
    method: 'POST',
    path: '/activity/manage/approve',
    summary: 'Approve a pending request (its frozen price moves to escrow)',
    tags,
    auth: 'user',
    region: 'gated',
    input: RegistrationRefInput,
    output: RegistrationOutput,
    handler: ({ input, user }) => registrations.approve(user.id, input.activityId, input.registrationId),
  });

  router.route({
    method: 'POST',
    path: '/activity/manage/reject',
    summary: 'Reject a pending request (its frozen price is released)',
    tags,
    auth: 'user',
    input: RegistrationRefInput,
    output: RegistrationOutput,
    handler: ({ input, user }) => registrations.reject(user.id, input.activityId, input.registrationId),
  });

  router.route({
    method: 'GET',
    path: '/activity/manage/signCode',
    summary: 'The current rotating sign-in code to show at the venue',
    tags,
    auth: 'user',
    input: ActivityRefInput,
    output: SignCodeOutput,
    handler: ({ input, user }) => checkins.signCode(user.id, input.activityId),
  });

  router.route({
    method: 'POST',
    path: '/activity/manage/invite',
    summary: 'Create an invitation link (skips approval) and mail it to the given addresses',
    tags,
    auth: 'user',
    rateLimit: 'code',
    input: InviteInput,
    output: InviteOutput,
    handler: ({ input, user }) => activities.invite(user, input),
  });

  router.route({
    method: 'POST',
    path: '/activity/manage/marketing',
    summary: 'Promotion settings: featured on explore, share title and text',
    tags,
    auth: 'user',
    input: MarketingInput,
    output: MarketingOutput,
    handler: ({ input, user }) => activities.setMarketing(user.id, input),
  });

  router.route({
    method: 'POST',
    path: '/activity/manage/cancel',
    summary: 'Cancel the whole activity (organizer only): everyone is refunded exactly what is held, and mailed',
    tags,
    auth: 'user',
    input: CancelActivityInput,
    output: CancelActivityOutput,
    handler: ({ input, user }) => registrations.cancelActivity(user.id, input.activityId),
  });

  // Routes that answer something other than the JSON envelope on success.

  router.raw({
    method: 'GET',
    path: '/activity/manage/attendees.csv',
    summary: 'Every attendee as CSV (RFC 4180), one column per registration question',
    tags,
    auth: 'user',
    input: ActivityRefInput,
    params: {},
    produces: 'text/csv; charset=utf-8',
    handler: async ({ input, user }) => {
      const { filename, csv } = await checkins.attendeesCsv(user.id, input.activityId);
      return {
        type: 'text/csv; charset=utf-8',
        headers: { 'content-disposition': `attachment; filename="${filename}"`, 'cache-control': 'no-store' },
        body: `\ufeff${csv}`,
      };
    },
  });

  router.raw({
    method: 'GET',
    path: '/activity/image/:id/:file',
    summary: 'A stored cover image at one width (`<width>.webp`); an image never changes, so caches keep it',
    tags,
    auth: 'public',
    input: EmptyInput,
    params: { id: '0123456789abcdef0123456789abcdef', file: '640.webp' },
    produces: 'image/webp',
    handler: async ({ params }) => {
      const match = /^(\d{2,5})\.webp$/.exec(params.file);
      if (!match) throw new AppError(Status.notFound, 'activity.imageUnknown');
      // An image id never changes its content, so caches may keep it for good.
      return {
        type: 'image/webp',
        headers: { 'cache-control': 'public, max-age=31536000, immutable' },
        body: await images.file(params.id, Number(match[1])),
      };
    },
  });

  router.raw({
    method: 'GET',
    path: '/activity/nft/:publicId/image.svg',
    summary: "An attendance NFT's badge",
    tags,
    auth: 'public',
    input: EmptyInput,
    params: { publicId: '0123456789abcdef0123456789abcdef' },
    produces: 'image/svg+xml',
    handler: async ({ params }) => ({
      type: 'image/svg+xml',
      headers: { 'cache-control': 'public, max-age=300' },
      body: await checkins.nftImage(publicNftId(params.publicId)),
    }),
  });

  router.raw({
    method: 'GET',
    path: '/activity/nft/:publicId/metadata.json',
    summary: "An attendance NFT's ERC-721 metadata; names the holder only if they chose so",
    tags,
    auth: 'public',
    input: EmptyInput,
    params: { publicId: '0123456789abcdef0123456789abcdef' },
    produces: 'application/json',
    handler: async ({ params }) => ({
      type: 'application/json; charset=utf-8',
      headers: { 'cache-control': 'public, max-age=300' },
      body: await checkins.nftMetadata(publicNftId(params.publicId)),
    }),
  });

  router.raw({
    method: 'POST',
    path: '/activity/image/upload',
    summary: 'Upload a cover image (multipart `file`: JPEG, PNG or WebP, at most 5 MB); stored as WebP',
    tags,
    auth: 'user',
    rateLimit: 'auth',
    input: EmptyInput,
    params: {},
    multipart: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 5, parts: 6 },
    output: UploadImageOutput,
    handler: async ({ request, user }) => {
      if (!request.isMultipart()) throw new FieldsError([{ field: 'file', messageKey: 'activity.imageMissing' }]);
      const file = await request.file();
      if (!file) throw new FieldsError([{ field: 'file', messageKey: 'activity.imageMissing' }]);
      let bytes: Buffer;
      try {
        bytes = await file.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new FieldsError([
            { field: 'file', messageKey: 'activity.imageTooLarge', params: { max: IMAGE_MAX_BYTES / 1_048_576 } },
          ]);
        }
        throw error;
      }
      return images.upload(user.id, bytes);
    },
  });
}

/** Public NFT links carry a random 32-hex-digit id; anything else is simply not found. */
function publicNftId(text: string): string {
  if (!/^[0-9a-f]{32}$/.test(text)) throw new AppError(Status.notFound, 'http.404');
  return text;
}

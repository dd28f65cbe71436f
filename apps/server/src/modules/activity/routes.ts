import multipart from '@fastify/multipart';
import {
  ActivityDetailInput,
  ActivityIdInput,
  ActivityListInput,
  ActivityOutput,
  ActivityPageOutput,
  ActivityRefInput,
  API_BASE,
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
  toFieldErrors,
  translate,
  UpdateActivityInput,
  UploadImageOutput,
} from '@polaris/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, FieldsError, ValidationError } from '../../platform/errors.ts';
import { requestLanguage } from '../../platform/locale.ts';
import { RATE_LIMITS } from '../../platform/rate-limits.ts';
import { type Authenticate, type Router, refuseHostile } from '../../platform/router.ts';
import type { CheckinService } from './checkin.ts';
import type { ImageService } from './images.ts';
import type { RegistrationService } from './registration.ts';
import type { ActivityService } from './service.ts';

const tags = ['activity'];

export interface ActivityRouteDeps {
  app: FastifyInstance;
  authenticate: Authenticate;
  rateLimit: boolean;
  activities: ActivityService;
  registrations: RegistrationService;
  checkins: CheckinService;
  images: ImageService;
}

/** Validate a raw route's query with the same field errors the router gives. */
export function parseQuery<S extends z.ZodType>(schema: S, request: FastifyRequest): z.output<S> {
  const raw = { ...((request.query ?? {}) as Record<string, unknown>) };
  for (const key of ['locale', 'uid', 'uuid', 'token', 'appid']) delete raw[key];
  refuseHostile(raw, requestLanguage(request));
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new ValidationError(toFieldErrors(parsed.error, raw, requestLanguage(request)));
  return parsed.data;
}

export function sendEnvelope(request: FastifyRequest, reply: FastifyReply, attachment: unknown) {
  return reply.send({ status: Status.ok, msg: translate(requestLanguage(request), 'ok'), attachment });
}

export function activityRoutes(router: Router, deps: ActivityRouteDeps): void {
  const { activities, registrations, checkins, images, app, authenticate } = deps;
  const limit = (preset: keyof typeof RATE_LIMITS) => ({
    rateLimit: deps.rateLimit ? { ...RATE_LIMITS[preset] } : (false as const),
  });

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

  app.get(`${API_BASE}/activity/manage/attendees.csv`, { config: limit('default') }, async (request, reply) => {
    const user = await authenticate(request, 'user');
    const input = parseQuery(ActivityRefInput, request);
    const { filename, csv } = await checkins.attendeesCsv(user!.id, input.activityId);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'no-store')
      .send(`\ufeff${csv}`);
  });

  app.get<{ Params: { id: string; file: string } }>(
    `${API_BASE}/activity/image/:id/:file`,
    { config: limit('default') },
    async (request, reply) => {
      const match = /^(\d{2,5})\.webp$/.exec(request.params.file);
      if (!match) throw new AppError(Status.notFound, 'activity.imageUnknown');
      const bytes = await images.file(request.params.id, Number(match[1]));
      // An image id never changes its content, so caches may keep it for good.
      return reply
        .header('content-type', 'image/webp')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(bytes);
    },
  );

  app.get<{ Params: { publicId: string } }>(
    `${API_BASE}/activity/nft/:publicId/image.svg`,
    { config: limit('default') },
    async (request, reply) => {
      const svg = await checkins.nftImage(publicNftId(request.params.publicId));
      return reply.header('content-type', 'image/svg+xml').header('cache-control', 'public, max-age=300').send(svg);
    },
  );

  app.get<{ Params: { publicId: string } }>(
    `${API_BASE}/activity/nft/:publicId/metadata.json`,
    { config: limit('default') },
    async (request, reply) => {
      const metadata = await checkins.nftMetadata(publicNftId(request.params.publicId));
      return reply.header('cache-control', 'public, max-age=300').send(metadata);
    },
  );

  // Multipart parsing only where it is needed: an encapsulated scope around the upload route.
  app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
    scope.post(`${API_BASE}/activity/image/upload`, { config: limit('auth') }, async (request, reply) => {
      const user = await authenticate(request, 'user');
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
      const image = await images.upload(user!.id, bytes);
      return sendEnvelope(request, reply, UploadImageOutput.parse(image));
    });
  });
}

/** Public NFT links carry a random 32-hex-digit id; anything else is simply not found. */
function publicNftId(text: string): string {
  if (!/^[0-9a-f]{32}$/.test(text)) throw new AppError(Status.notFound, 'http.404');
  return text;
}

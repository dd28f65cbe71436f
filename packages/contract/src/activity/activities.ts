import { z } from 'zod';
import { ACTIVITY_CATEGORIES, ACTIVITY_PHASES, ACTIVITY_STATUSES } from '../activity-constants.ts';
import { timeIdCursor } from '../cursors.ts';
import { httpsUrl } from '../links.ts';
import { CityNamesOutput } from '../places.ts';
import { text } from '../text.ts';
import { amountField } from '../wallet.ts';
import {
  activityIdField,
  assetCodeField,
  dateTime,
  flag,
  ImageOutput,
  imageIdField,
  limitField,
  PersonOutput,
  timezoneField,
  uidField,
} from './fields.ts';
import { RegistrationOutput } from './registrations.ts';

/** Creating, editing and reading activities: the form, the detail page, summaries, discovery lists and drafts. */

export const TicketTypeInput = z.object({
  /** An existing ticket type's id when editing; absent for a new one. */
  id: text().max(20).optional(),
  name: text().min(1).max(40),
  /** Decimal string in the asset's units; "0" or absent means free. */
  price: amountField.optional(),
  asset: assetCodeField.optional(),
  capacity: z.coerce.number().int().min(1).max(100_000).nullable().optional(),
  salesStart: dateTime.nullable().optional(),
  salesEnd: dateTime.nullable().optional(),
  /** Not shown on the activity's page; only a promo code for it shows it (a speaker's ticket). */
  hidden: z.boolean().optional(),
});

export const QuestionInput = z.object({
  id: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,20}$/)
    .optional(),
  label: text().min(1).max(200),
  type: z.enum(['text', 'choice']).default('text'),
  required: z.boolean().default(false),
  options: z.array(text().min(1).max(80)).max(20).optional(),
});

const activityFields = {
  title: text().min(1).max(120),
  description: text().max(5000).default(''),
  category: z.enum(ACTIVITY_CATEGORIES, { error: 'validation.invalid' }),
  coverImageId: imageIdField.nullable().optional(),
  startsAt: dateTime,
  endsAt: dateTime,
  timezone: timezoneField,
  onlineUrl: httpsUrl({ max: 500 }).nullable().optional(),
  city: text().min(1).max(60).nullable().optional(),
  address: text().max(200).nullable().optional(),
  latitude: z.coerce.number().min(-90).max(90).nullable().optional(),
  longitude: z.coerce.number().min(-180).max(180).nullable().optional(),
  capacity: z.coerce.number().int().min(1).max(100_000).nullable().optional(),
  requireApproval: z.boolean().default(false),
  visibility: z.enum(['public', 'unlisted']).default('public'),
  ticketTypes: z.array(TicketTypeInput).min(1).max(10).optional(),
  questions: z.array(QuestionInput).max(10).default([]),
  coHosts: z.array(uidField).max(10).default([]),
};

export const CreateActivityInput = z.object({
  ...activityFields,
  /** Publish at once; otherwise the activity stays a draft only its hosts see. */
  publish: z.boolean().default(false),
});
export type CreateActivity = z.output<typeof CreateActivityInput>;

/** Every field optional and without its default, so an edit changes only what it names. */
const partialFields = Object.fromEntries(
  Object.entries(activityFields).map(([key, schema]) => [
    key,
    (schema instanceof z.ZodDefault ? (schema.unwrap() as z.ZodType) : (schema as z.ZodType)).optional(),
  ]),
) as {
  [K in keyof typeof activityFields]: z.ZodOptional<
    (typeof activityFields)[K] extends z.ZodDefault<infer Inner> ? Inner : (typeof activityFields)[K]
  >;
};
export const UpdateActivityInput = z.object({ id: activityIdField, ...partialFields });
export type UpdateActivity = z.output<typeof UpdateActivityInput>;

export const ActivityIdInput = z.object({ id: activityIdField });
export const ActivityDetailInput = z.object({ id: activityIdField, invite: text().max(40).optional() });

export const UploadImageOutput = ImageOutput;

export const TicketTypeOutput = z.object({
  id: z.string(),
  name: z.string(),
  free: z.boolean(),
  price: z.string(),
  asset: z.string().nullable(),
  capacity: z.number().nullable(),
  sold: z.number(),
  salesStart: z.string().nullable(),
  salesEnd: z.string().nullable(),
  onSale: z.boolean(),
  /** Shown only to hosts, to its holders and to someone with a promo code for it. */
  hidden: z.boolean(),
});

export const QuestionOutput = z.object({
  id: z.string(),
  label: z.string(),
  type: z.enum(['text', 'choice']),
  required: z.boolean(),
  options: z.array(z.string()).optional(),
});
/** What the caller may do with the activity, each as the server's policy answers it (activity/policy.ts). */
export const ActivityCan = z.object({
  /** Change the activity (title, time, place, tickets): its hosts, until it is cancelled or over. */
  edit: z.boolean(),
  /** Open the manage pages (attendees, approvals, invitations, marketing): the organizer and co-hosts. */
  manage: z.boolean(),
  /** Check people in (scan tickets, show the sign-in code): its hosts, while it is published. */
  checkIn: z.boolean(),
  /** Sign up for a place: anyone signed in but its hosts, while it is published and not over, holding none. */
  signUp: z.boolean(),
  /** Give up the caller's place: held or waited for, not checked in, before the start. */
  cancelRegistration: z.boolean(),
  /** Give the caller's confirmed ticket to someone else: not checked in, before the start. */
  transferTicket: z.boolean(),
  /** Cancel the whole activity and refund everyone: the organizer, before it ends. */
  cancelActivity: z.boolean(),
});

export const MarketingOutput = z.object({
  featured: z.boolean(),
  shareTitle: z.string().nullable(),
  shareText: z.string().nullable(),
});

export const ActivityOutput = z.object({
  id: z.string(),
  status: z.enum(ACTIVITY_STATUSES),
  phase: z.enum(ACTIVITY_PHASES),
  visibility: z.enum(['public', 'unlisted']),
  title: z.string(),
  description: z.string(),
  category: z.enum(ACTIVITY_CATEGORIES),
  cover: ImageOutput.nullable(),
  startsAt: z.string(),
  endsAt: z.string(),
  timezone: z.string(),
  online: z.boolean(),
  /** Shown to hosts and to people holding an approved ticket only. */
  onlineUrl: z.string().nullable(),
  /** A catalogue city id, or free text as typed (places.ts); `cityNames` names an id in the three languages. */
  city: z.string().nullable(),
  cityNames: CityNamesOutput.nullable(),
  address: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  capacity: z.number().nullable(),
  seatsTaken: z.number(),
  waitlisted: z.number(),
  requireApproval: z.boolean(),
  ticketTypes: z.array(TicketTypeOutput),
  questions: z.array(QuestionOutput),
  organizer: PersonOutput,
  coHosts: z.array(PersonOutput),
  marketing: MarketingOutput,
  shareUrl: z.string(),
  createdAt: z.string(),
  publishedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  myRegistration: RegistrationOutput.nullable(),
  can: ActivityCan,
});
export type Activity = z.infer<typeof ActivityOutput>;

export const ActivitySummaryOutput = z.object({
  id: z.string(),
  status: z.enum(ACTIVITY_STATUSES),
  phase: z.enum(ACTIVITY_PHASES),
  title: z.string(),
  category: z.enum(ACTIVITY_CATEGORIES),
  cover: ImageOutput.nullable(),
  startsAt: z.string(),
  endsAt: z.string(),
  timezone: z.string(),
  city: z.string().nullable(),
  cityNames: CityNamesOutput.nullable(),
  online: z.boolean(),
  free: z.boolean(),
  /** The cheapest priced ticket, when there is one. */
  priceFrom: z.object({ amount: z.string(), asset: z.string() }).nullable(),
  capacity: z.number().nullable(),
  seatsTaken: z.number(),
  featured: z.boolean(),
  shareUrl: z.string(),
});
export type ActivitySummary = z.infer<typeof ActivitySummaryOutput>;
export const ActivityPageOutput = z.object({
  items: z.array(ActivitySummaryOutput),
  nextCursor: z.string().nullable(),
});

export const ActivityListInput = z.object({
  city: text().max(60).optional(),
  category: z.enum(ACTIVITY_CATEGORIES, { error: 'validation.invalid' }).optional(),
  /** today, this week (Monday to Sunday), this weekend, this month; in `tz`. */
  when: z.enum(['today', 'week', 'weekend', 'month']).optional(),
  free: flag.optional(),
  online: flag.optional(),
  q: text().max(60).optional(),
  /** Only those this user organizes (a broadcaster's or host's card). */
  hostUid: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
  tz: timezoneField.default('UTC'),
  cursor: timeIdCursor,
  limit: limitField,
});

export const ExploreInput = z.object({ city: text().max(60).optional(), tz: timezoneField.default('UTC') });
/** `GET /activity/categories`: the categories with activities, in a city or everywhere. */
export const CategoriesInput = ExploreInput.pick({ city: true });
export const ExploreOutput = z.object({
  featured: z.array(ActivitySummaryOutput),
  thisWeek: z.array(ActivitySummaryOutput),
  free: z.array(ActivitySummaryOutput),
  categories: z.array(z.object({ category: z.enum(ACTIVITY_CATEGORIES), count: z.number() })),
});
export const CategoriesOutput = z.object({
  items: z.array(z.object({ category: z.enum(ACTIVITY_CATEGORIES), count: z.number() })),
});
export const CitiesOutput = z.object({
  items: z.array(z.object({ city: z.string(), cityNames: CityNamesOutput.nullable(), count: z.number() })),
});

export const MyActivitiesInput = z.object({
  role: z.enum(['joined', 'hosted']).default('joined'),
  when: z.enum(['upcoming', 'past', 'all']).default('upcoming'),
  cursor: timeIdCursor,
  limit: limitField,
});

export const DraftInput = z.object({ activityId: activityIdField.optional() });
export const SaveDraftInput = z.object({
  activityId: activityIdField.optional(),
  /** The form as the user left it; validated only when created or saved for real. */
  data: z.record(z.string().max(40), z.unknown()),
});
export const DraftOutput = z.object({
  draft: z.object({ data: z.record(z.string(), z.unknown()), updatedAt: z.string() }).nullable(),
});

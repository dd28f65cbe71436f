import { z } from 'zod';
import {
  ACTIVITY_CATEGORIES,
  ACTIVITY_PHASES,
  ACTIVITY_STATUSES,
  ATTENDEE_FILTERS,
  CALENDAR_FILTERS,
  PAYMENT_STATES,
  REFUND_RIGHT_REASONS,
  REGISTRATION_STATUSES,
} from './activity-constants.ts';
import { text } from './text.ts';
import { emailField } from './validation.ts';
import { amountField, idempotencyKeyField, tradePasswordField } from './wallet.ts';

/** Request and response schemas of activities, tickets, check-in, attendance NFTs, management and calendar. */

export const activityIdField = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{8,24}$/, { error: 'activity.notFound' });
const rowId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const dateTime = z.iso.datetime({ offset: true, error: 'activity.dateInvalid' });
const timezoneField = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .refine(
    (value) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: value });
        return true;
      } catch {
        return false;
      }
    },
    { error: 'activity.timezoneInvalid' },
  );
/** Query strings carry booleans as text. */
const flag = z.preprocess((value) => {
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  return value;
}, z.boolean());
const assetCodeField = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{2,12}$/, { error: 'wallet.unknownAsset' });
const uidField = z
  .string()
  .trim()
  .regex(/^\d{8,12}$/, { error: 'activity.coHostUnknown' });
/** A page position as the server hands it out: an id, or a start time and an id. */
const cursorField = text()
  .regex(/^(\d{1,15}(_\d{1,15})?)?$/, { error: 'validation.cursor' })
  .optional();
const limitField = z.coerce.number().int().min(1).max(50).default(20);
const imageIdField = z
  .string()
  .trim()
  .regex(/^[a-f0-9]{32}$/, { error: 'activity.imageUnknown' });

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
  onlineUrl: z
    .url({ protocol: /^https?$/, error: 'validation.invalid' })
    .max(500)
    .nullable()
    .optional(),
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

const ImageOutput = z.object({
  id: z.string(),
  width: z.number(),
  height: z.number(),
  /** One URL per stored width, smallest first; serve `srcset` from it. */
  sizes: z.array(z.object({ width: z.number(), url: z.string() })),
});
export const UploadImageOutput = ImageOutput;

const PersonOutput = z.object({ uid: z.string(), name: z.string(), avatar: z.string().nullable() });

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
});

export const QuestionOutput = z.object({
  id: z.string(),
  label: z.string(),
  type: z.enum(['text', 'choice']),
  required: z.boolean(),
  options: z.array(z.string()).optional(),
});

export const RegistrationOutput = z.object({
  id: z.string(),
  activityId: z.string(),
  status: z.enum(REGISTRATION_STATUSES),
  checkedIn: z.boolean(),
  checkedInAt: z.string().nullable(),
  ticketType: z.object({ id: z.string(), name: z.string() }),
  asset: z.string().nullable(),
  price: z.string(),
  paid: z.string(),
  refunded: z.string(),
  paymentState: z.enum(PAYMENT_STATES),
  /** 1 for the next person to be promoted; null unless waitlisted. */
  waitlistPosition: z.number().nullable(),
  /** The signed ticket code to show as a QR code; only while the ticket is valid (approved). */
  qr: z.string().nullable(),
  answers: z.record(z.string(), z.string()),
  /** Why the record ended as it did, e.g. lateCancellation, rejected, waitlistClosed, activityCancelled. */
  note: z.string().nullable(),
  /**
   * The organizer changed the start or the venue of this paid place: cancelling before this time refunds in
   * full, whatever the 24-hour rule says. Null when no such change happened.
   */
  fullRefundUntil: z.string().nullable(),
  fullRefundReason: z.enum(REFUND_RIGHT_REASONS).nullable(),
  createdAt: z.string(),
});
export type Registration = z.infer<typeof RegistrationOutput>;

export const ActivityAbilities = z.object({
  edit: z.boolean(),
  manage: z.boolean(),
  checkIn: z.boolean(),
  signUp: z.boolean(),
  cancelRegistration: z.boolean(),
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
  city: z.string().nullable(),
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
  abilities: ActivityAbilities,
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
  tz: timezoneField.default('UTC'),
  cursor: cursorField,
  limit: limitField,
});

export const ExploreInput = z.object({ city: text().max(60).optional(), tz: timezoneField.default('UTC') });
export const ExploreOutput = z.object({
  featured: z.array(ActivitySummaryOutput),
  thisWeek: z.array(ActivitySummaryOutput),
  free: z.array(ActivitySummaryOutput),
  categories: z.array(z.object({ category: z.enum(ACTIVITY_CATEGORIES), count: z.number() })),
});
export const CategoriesOutput = z.object({
  items: z.array(z.object({ category: z.enum(ACTIVITY_CATEGORIES), count: z.number() })),
});
export const CitiesOutput = z.object({ items: z.array(z.object({ city: z.string(), count: z.number() })) });

export const MyActivitiesInput = z.object({
  role: z.enum(['joined', 'hosted']).default('joined'),
  when: z.enum(['upcoming', 'past', 'all']).default('upcoming'),
  cursor: cursorField,
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

export const SignUpInput = z.object({
  activityId: activityIdField,
  ticketTypeId: text().max(20).optional(),
  answers: z.record(z.string().max(20), text().max(500)).default({}),
  inviteCode: text().max(40).optional(),
  /** Required for a priced ticket: paying, holding for approval, or a waitlist place that is charged on promotion. */
  tradePassword: tradePasswordField.optional(),
  idempotencyKey: idempotencyKeyField.optional(),
});
export const ActivityRefInput = z.object({ activityId: activityIdField });

/** Give one's ticket to another user by their uid (a gift: what was paid stays with the ticket). */
export const TicketTransferInput = z.object({
  activityId: activityIdField,
  toUid: z
    .string()
    .trim()
    .regex(/^\d{8,12}$/, { error: 'activity.transferUidInvalid' }),
});

export const MyTicketsInput = z.object({
  when: z.enum(['upcoming', 'past', 'all']).default('upcoming'),
  cursor: cursorField,
  limit: limitField,
});
export const TicketOutput = RegistrationOutput.extend({ activity: ActivitySummaryOutput });
export const TicketsOutput = z.object({ items: z.array(TicketOutput), nextCursor: z.string().nullable() });

export const NftOutput = z.object({
  tokenId: z.string(),
  image: z.string(),
  metadataUrl: z.string(),
  activity: z.object({ id: z.string(), title: z.string(), startsAt: z.string(), city: z.string().nullable() }),
  owner: z.object({ uid: z.string() }),
  /** Whether the public metadata names the holder; off unless the holder turns it on. */
  ownerPublic: z.boolean(),
  mintedAt: z.string(),
});
export const NftOwnerVisibilityInput = z.object({ tokenId: rowId, visible: flag });
export const NftsOutput = z.object({ items: z.array(NftOutput), nextCursor: z.string().nullable() });
export const NftListInput = z.object({ cursor: cursorField, limit: limitField });

export const CheckinInput = z.object({ activityId: activityIdField, ticketCode: text().min(1).max(200) });
export const SelfCheckinInput = z.object({
  activityId: activityIdField,
  signCode: z
    .string()
    .trim()
    .regex(/^\d{6}$/, { error: 'activity.signCodeFormat' }),
});
export const RegistrationRefInput = z.object({ activityId: activityIdField, registrationId: rowId });
export const CheckinOutput = z.object({
  registrationId: z.string(),
  attendee: PersonOutput,
  ticketType: z.string(),
  checkedInAt: z.string(),
  nft: NftOutput,
});
export const SignCodeOutput = z.object({
  code: z.string(),
  /** Seconds until the code changes; the previous code keeps working for one more window. */
  expiresIn: z.number(),
});

export const OverviewOutput = z.object({
  counts: z.object({
    pending: z.number(),
    approved: z.number(),
    waitlisted: z.number(),
    checkedIn: z.number(),
    rejected: z.number(),
    cancelled: z.number(),
  }),
  capacity: z.number().nullable(),
  seatsTaken: z.number(),
  /** What is held in ticket escrow for this activity, per asset. */
  escrow: z.array(z.object({ asset: z.string(), amount: z.string() })),
  /** Earned after the end and frozen in creator earnings until `releaseAt` (the end plus the payout hold). */
  held: z.array(z.object({ asset: z.string(), amount: z.string(), releaseAt: z.string() })),
  /** Paid out: in the organizer's own available balance. */
  released: z.array(z.object({ asset: z.string(), amount: z.string() })),
});

export const AttendeesInput = z.object({
  activityId: activityIdField,
  status: z.enum(ATTENDEE_FILTERS).optional(),
  cursor: cursorField,
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const AttendeeOutput = z.object({
  registrationId: z.string(),
  user: PersonOutput.extend({ email: z.string() }),
  status: z.enum(REGISTRATION_STATUSES),
  checkedIn: z.boolean(),
  checkedInAt: z.string().nullable(),
  ticketType: z.string(),
  asset: z.string().nullable(),
  paid: z.string(),
  paymentState: z.enum(PAYMENT_STATES),
  waitlistPosition: z.number().nullable(),
  answers: z.record(z.string(), z.string()),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export const AttendeesOutput = z.object({ items: z.array(AttendeeOutput), nextCursor: z.string().nullable() });

export const InviteInput = z.object({
  activityId: activityIdField,
  emails: z.array(emailField).max(20).default([]),
});
export const InviteOutput = z.object({ code: z.string(), link: z.string(), mailed: z.number() });

export const MarketingInput = z.object({
  activityId: activityIdField,
  featured: z.boolean().optional(),
  shareTitle: text().max(120).nullable().optional(),
  shareText: text().max(500).nullable().optional(),
});
export const CohostInput = z.object({ activityId: activityIdField, uid: uidField });

export const CancelActivityInput = z.object({ activityId: activityIdField });
export const CancelActivityOutput = z.object({
  cancelled: z.number(),
  refunded: z.array(z.object({ asset: z.string(), amount: z.string() })),
});

export const PersonalInfoInput = z
  .object({
    uname: text().min(1).max(30).optional(),
    openName: text().min(1).max(30).optional(),
  })
  .refine((value) => value.uname !== undefined || value.openName !== undefined, {
    error: 'validation.required',
    path: ['uname'],
  });

// Calendar

export const CalendarMonthInput = z.object({
  month: z
    .string()
    .trim()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'validation.invalid' }),
  tz: timezoneField.default('UTC'),
  filter: z.enum(CALENDAR_FILTERS).default('all'),
});
export const CalendarListInput = z.object({
  from: dateTime.optional(),
  to: dateTime.optional(),
  filter: z.enum(CALENDAR_FILTERS).default('all'),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const CalendarItemOutput = z.object({
  kind: z.enum(['joined', 'hosted', 'own']),
  /** The activity's id for joined and hosted items, the entry's id for own ones. */
  id: z.string(),
  title: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  timezone: z.string(),
  location: z.string().nullable(),
  note: z.string().nullable(),
  /** joined: the registration status; hosted: the activity status; own: null. */
  status: z.string().nullable(),
});
export const CalendarItemsOutput = z.object({ items: z.array(CalendarItemOutput) });
const calendarEntryFields = {
  title: text().min(1).max(120),
  startsAt: dateTime,
  endsAt: dateTime,
  timezone: timezoneField.default('UTC'),
  location: text().max(200).nullable().optional(),
  note: text().max(1000).nullable().optional(),
};
export const CalendarEntryInput = z.object(calendarEntryFields);
export const CalendarEntryUpdateInput = z.object({ id: rowId, ...calendarEntryFields });
export const CalendarEntryRefInput = z.object({ id: rowId });
export const CalendarFeedOutput = z.object({
  /** Subscribable in any calendar app; the token in it is the only key, so reset it if it leaks. */
  url: z.string(),
  webcalUrl: z.string(),
});

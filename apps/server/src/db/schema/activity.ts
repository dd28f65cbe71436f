import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  pgView,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { at, units } from './columns.ts';
import { users } from './users.ts';
import { assets } from './wallet.ts';

export interface RegistrationQuestion {
  id: string;
  label: string;
  type: 'text' | 'choice';
  required: boolean;
  options?: string[];
}

export interface ActivityMarketing {
  featured: boolean;
  shareTitle: string | null;
  shareText: string | null;
}

/** An uploaded picture, stored as WebP at a few widths under DATA_DIR/uploads/<id>/. */
export const images = pgTable('images', {
  id: text('id').primaryKey(),
  ownerId: bigint('owner_id', { mode: 'number' })
    .notNull()
    .references(() => users.id),
  widths: jsonb('widths').$type<number[]>().notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
});

/**
 * An activity (meetup). `code` is its public, unguessable id: an unlisted activity is reachable only by it.
 * `status` is what the organizer decided (draft, published, cancelled); upcoming/ongoing/ended follow from time.
 */
export const activities = pgTable(
  'activities',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    code: text('code').notNull().unique(),
    organizerId: bigint('organizer_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    status: text('status').notNull(),
    visibility: text('visibility').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    category: text('category').notNull(),
    coverImageId: text('cover_image_id').references(() => images.id),
    startsAt: at('starts_at').notNull(),
    endsAt: at('ends_at').notNull(),
    timezone: text('timezone').notNull(),
    onlineUrl: text('online_url'),
    city: text('city'),
    address: text('address'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** Seats in total; null means only the ticket types limit it. */
    capacity: integer('capacity'),
    requireApproval: boolean('require_approval').notNull().default(false),
    questions: jsonb('questions').$type<RegistrationQuestion[]>().notNull().default([]),
    marketing: jsonb('marketing').$type<ActivityMarketing>().notNull(),
    /** Signs ticket codes and derives the rotating sign-in code; never leaves the server. */
    checkinSecret: text('checkin_secret').notNull(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    publishedAt: at('published_at'),
    cancelledAt: at('cancelled_at'),
    /** When the escrow was released to the organizer (or everything refunded), after the end. */
    settledAt: at('settled_at'),
    /** The calendar invite's SEQUENCE: raised by each change of time or venue, so calendars update one event. */
    calendarSequence: integer('calendar_sequence').notNull().default(0),
  },
  (t) => [
    index('activities_discovery_idx').on(t.status, t.visibility, t.startsAt, t.id),
    index('activities_organizer_idx').on(t.organizerId, t.startsAt),
    index('activities_due_idx').on(t.endsAt).where(sql`${t.settledAt} is null`),
    check('activities_status', sql`${t.status} in ('draft', 'published', 'cancelled')`),
    check('activities_visibility', sql`${t.visibility} in ('public', 'unlisted')`),
    check('activities_times', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

export const activityCohosts = pgTable(
  'activity_cohosts',
  {
    activityId: bigint('activity_id', { mode: 'number' })
      .notNull()
      .references(() => activities.id),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
  },
  (t) => [primaryKey({ columns: [t.activityId, t.userId] }), index('activity_cohosts_user_idx').on(t.userId)],
);

/**
 * What other modules may read of an activity (docs/modules.md "Between modules"): its public fields. Whether it
 * is online, never the link (only hosts and approved holders see it); never the check-in secret, the sign-up
 * questions or the capacity rules. A view in the database (migration 0042).
 */
export const publicActivities = pgView('public_activities', {
  id: bigint('id', { mode: 'number' }).notNull(),
  code: text('code').notNull(),
  organizerId: bigint('organizer_id', { mode: 'number' }).notNull(),
  status: text('status').notNull(),
  visibility: text('visibility').notNull(),
  title: text('title').notNull(),
  startsAt: at('starts_at').notNull(),
  endsAt: at('ends_at').notNull(),
  timezone: text('timezone').notNull(),
  city: text('city'),
  address: text('address'),
  online: boolean('online').notNull(),
  createdAt: at('created_at').notNull(),
  /** The revision its calendar invitations and feeds carry (SEQUENCE), raised with each change of time or venue. */
  calendarSequence: integer('calendar_sequence').notNull(),
  updatedAt: at('updated_at').notNull(),
}).existing();

/** Who co-hosts an activity, for the other modules (migration 0042). */
export const publicActivityCohosts = pgView('public_activity_cohosts', {
  activityId: bigint('activity_id', { mode: 'number' }).notNull(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
}).existing();

/** Free (price 0, no asset) or priced in a wallet asset; each with its own seats and sale window. */
export const ticketTypes = pgTable(
  'ticket_types',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    activityId: bigint('activity_id', { mode: 'number' })
      .notNull()
      .references(() => activities.id),
    name: text('name').notNull(),
    assetCode: text('asset_code').references(() => assets.code),
    price: units('price').notNull().default('0'),
    capacity: integer('capacity'),
    salesStart: at('sales_start'),
    salesEnd: at('sales_end'),
    sort: integer('sort').notNull(),
    /** Not shown on the activity's page: only a promo code for it shows it (a speaker's ticket). */
    hidden: boolean('hidden').notNull().default(false),
    deletedAt: at('deleted_at'),
  },
  (t) => [
    index('ticket_types_activity_idx').on(t.activityId),
    check('ticket_types_price', sql`${t.price} >= 0 and (${t.price} = 0) = (${t.assetCode} is null)`),
  ],
);

/**
 * An organizer's promo code for one activity (migration 0050): `kind` percent (`percentOff` 1–99), amount
 * (`amountOff` base units of `assetCode`, for ticket types priced in it) or free. `ticketTypeIds` null: every
 * type. `uses` is claimed by a conditional UPDATE and never passes `maxUses`. Codes compare case-insensitively.
 */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    activityId: bigint('activity_id', { mode: 'number' })
      .notNull()
      .references(() => activities.id),
    code: text('code').notNull(),
    kind: text('kind').notNull(),
    percentOff: integer('percent_off'),
    amountOff: units('amount_off'),
    assetCode: text('asset_code').references(() => assets.code),
    ticketTypeIds: bigint('ticket_type_ids', { mode: 'number' }).array(),
    maxUses: integer('max_uses').notNull(),
    uses: integer('uses').notNull().default(0),
    validFrom: at('valid_from'),
    validUntil: at('valid_until'),
    disabledAt: at('disabled_at'),
    createdBy: bigint('created_by', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('promo_codes_activity_code_idx').on(t.activityId, sql`lower(${t.code})`),
    check('promo_codes_kind', sql`${t.kind} in ('percent', 'amount', 'free')`),
    check(
      'promo_codes_terms',
      sql`(${t.kind} = 'percent') = (${t.percentOff} is not null) and (${t.kind} = 'amount') = (${t.amountOff} is not null and ${t.assetCode} is not null) and (${t.percentOff} is null or ${t.percentOff} between 1 and 99) and (${t.amountOff} is null or ${t.amountOff} > 0)`,
    ),
    check('promo_codes_uses', sql`${t.uses} >= 0 and ${t.uses} <= ${t.maxUses} and ${t.maxUses} >= 1`),
    check(
      'promo_codes_window',
      sql`${t.validFrom} is null or ${t.validUntil} is null or ${t.validUntil} > ${t.validFrom}`,
    ),
  ],
);

/**
 * What each activity's promo codes took off, per code and asset, over the places the organizer keeps (in escrow
 * or released to earnings): for the creator earnings (migration 0056). `discount` and `paid` in base units.
 */
export const publicPromoDiscounts = pgView('public_promo_discounts', {
  activityId: bigint('activity_id', { mode: 'number' }).notNull(),
  code: text('code').notNull(),
  assetCode: text('asset_code').notNull(),
  tickets: integer('tickets').notNull(),
  discount: units('discount').notNull(),
  paid: units('paid').notNull(),
}).existing();

/**
 * One person's place at an activity, which is also their ticket. `status`: pending (awaiting approval),
 * approved, waitlisted, rejected, cancelled. `paymentState` says where the money is: none, frozen (held in the
 * user's own account until approval), escrow (in ticket_escrow), refunded, released (left escrow for the
 * organizer at the end: in creator earnings, frozen until the payout hold passes, then the organizer's).
 */
export const registrations = pgTable(
  'registrations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    activityId: bigint('activity_id', { mode: 'number' })
      .notNull()
      .references(() => activities.id),
    ticketTypeId: bigint('ticket_type_id', { mode: 'number' })
      .notNull()
      .references(() => ticketTypes.id),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    status: text('status').notNull(),
    /** Random, unguessable; the QR payload is this code signed with the activity's secret. */
    code: text('code').notNull().unique(),
    assetCode: text('asset_code'),
    /** What the ticket costs, in base units; charged only once a seat is held. */
    price: units('price').notNull().default('0'),
    /** Taken off `price` by `promoCodeId`; what is charged (`paid`, or held) is price − discount. */
    discount: units('discount').notNull().default('0'),
    promoCodeId: bigint('promo_code_id', { mode: 'number' }).references(() => promoCodes.id),
    /** The place holds one of its code's uses: claimed with the seat, given back when the place is cancelled. */
    promoUseClaimed: boolean('promo_use_claimed').notNull().default(false),
    paid: units('paid').notNull().default('0'),
    refunded: units('refunded').notNull().default('0'),
    paymentState: text('payment_state').notNull().default('none'),
    answers: jsonb('answers').$type<Record<string, string>>().notNull().default({}),
    inviteCode: text('invite_code'),
    /** Who held the ticket before it was given to the current holder, when it was. */
    transferredFrom: bigint('transferred_from', { mode: 'number' }).references(() => users.id),
    /** Why the record ended as it did, e.g. `lateCancellation`, `waitlistClosed`, `activityCancelled`. */
    note: text('note'),
    /**
     * Set when the organizer changed the start or the venue while this paid place was live: the holder may
     * cancel for a full refund until then (the start as changed), whatever the 24-hour rule says.
     */
    fullRefundUntil: at('full_refund_until'),
    /** What the organizer changed: `timeChanged`, `venueChanged` or `timeAndVenueChanged`. */
    fullRefundReason: text('full_refund_reason'),
    /** The language the holder signed up in (`en`, `zh-Hans`, `zh-Hant`), for mail about this place. */
    language: text('language'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    approvedAt: at('approved_at'),
    checkedInAt: at('checked_in_at'),
    checkedInBy: bigint('checked_in_by', { mode: 'number' }),
    cancelledAt: at('cancelled_at'),
    /** The EVM address the holder chose for this ticket's attendance NFT; null: our custody address. */
    nftAddress: text('nft_address'),
  },
  (t) => [
    // One live place per person and activity: a repeat sign-up finds the existing one.
    uniqueIndex('registrations_live_idx')
      .on(t.activityId, t.userId)
      .where(sql`${t.status} in ('pending', 'approved', 'waitlisted')`),
    index('registrations_activity_idx').on(t.activityId, t.status, t.id),
    index('registrations_user_idx').on(t.userId, t.id),
    check('registrations_status', sql`${t.status} in ('pending', 'approved', 'waitlisted', 'rejected', 'cancelled')`),
    check(
      'registrations_payment_state',
      sql`${t.paymentState} in ('none', 'frozen', 'escrow', 'refunded', 'released')`,
    ),
    check(
      'registrations_full_refund',
      sql`(${t.fullRefundUntil} is null) = (${t.fullRefundReason} is null) and (${t.fullRefundReason} is null or ${t.fullRefundReason} in ('timeChanged', 'venueChanged', 'timeAndVenueChanged'))`,
    ),
  ],
);

/**
 * Who holds which place at an activity, for the other modules (migration 0042): the place's status, whether it
 * was checked in and when it was taken. Never its code, payment, answers or invitation.
 */
export const activityAttendance = pgView('activity_attendance', {
  activityId: bigint('activity_id', { mode: 'number' }).notNull(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  status: text('status').notNull(),
  checkedIn: boolean('checked_in').notNull(),
  createdAt: at('created_at').notNull(),
}).existing();

/** Attendance collectible: minted at check-in, burned when the check-in is undone. */
export const attendanceNfts = pgTable(
  'attendance_nfts',
  {
    tokenId: bigserial('token_id', { mode: 'number' }).primaryKey(),
    /** The unguessable id of the public metadata and image links; the sequential token id is never in a URL. */
    publicId: text('public_id').notNull().unique().default(sql`replace(gen_random_uuid()::text, '-', '')`),
    /** Whether the holder lets the public metadata name them (their uid); hidden unless they choose. */
    ownerPublic: boolean('owner_public').notNull().default(false),
    activityId: bigint('activity_id', { mode: 'number' })
      .notNull()
      .references(() => activities.id),
    registrationId: bigint('registration_id', { mode: 'number' })
      .notNull()
      .references(() => registrations.id),
    ownerId: bigint('owner_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    mintedAt: at('minted_at').notNull(),
    burnedAt: at('burned_at'),
    /**
     * On a chain (CHAIN_NFT): queued → minting → minted, then after an undone check-in burn_queued → burning →
     * burned; a token still queued is simply dequeued (null). Null: off chain, as every token is without CHAIN_NFT.
     */
    chainState: text('chain_state').$type<NftChainState>(),
    /** The catalogue's chain the token is (to be) minted on. */
    chainId: integer('chain_id'),
    /** The ERC-721 token id: a hash of the public id (nft-token-id.ts), so no sequence shows on the chain. */
    chainTokenId: units('chain_token_id'),
    /** The holder's own address, chosen on their ticket; null: our custody address (the hot wallet). */
    ownerAddress: text('owner_address'),
    /** The sender's reference of the batch transaction in flight (`nft:mint:…`, `nft:burn:…`). */
    chainBatch: text('chain_batch'),
    mintTx: text('mint_tx'),
    burnTx: text('burn_tx'),
  },
  (t) => [
    uniqueIndex('attendance_nfts_live_idx').on(t.registrationId).where(sql`${t.burnedAt} is null`),
    index('attendance_nfts_owner_idx').on(t.ownerId, t.tokenId),
    check(
      'attendance_nfts_chain_state_check',
      sql`${t.chainState} is null or ${t.chainState} in ('queued', 'minting', 'minted', 'burn_queued', 'burning', 'burned')`,
    ),
    uniqueIndex('attendance_nfts_chain_token_idx')
      .on(t.chainId, t.chainTokenId)
      .where(sql`${t.chainTokenId} is not null`),
    index('attendance_nfts_chain_due_idx')
      .on(t.chainId, t.chainState, t.tokenId)
      .where(sql`${t.chainState} in ('queued', 'burn_queued')`),
    index('attendance_nfts_chain_batch_idx').on(t.chainBatch).where(sql`${t.chainBatch} is not null`),
  ],
);

/** Where an attendance NFT is on its chain (null: off chain). */
export type NftChainState = 'queued' | 'minting' | 'minted' | 'burn_queued' | 'burning' | 'burned';

/** An invitation link (optionally mailed); signing up with it skips approval. */
export const activityInvitations = pgTable(
  'activity_invitations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    activityId: bigint('activity_id', { mode: 'number' })
      .notNull()
      .references(() => activities.id),
    code: text('code').notNull().unique(),
    email: text('email'),
    invitedBy: bigint('invited_by', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('activity_invitations_activity_idx').on(t.activityId)],
);

/** The create/edit form as the user left it, one per user and activity (`new` for one not yet created). */
export const activityDrafts = pgTable(
  'activity_drafts',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    draftKey: text('draft_key').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.draftKey] })],
);

/**
 * An Apple Wallet pass made of a ticket (docs/activities.md "Wallet passes"). `serial` names the ticket and its
 * code (a ticket given away gets a new code, so the giver's pass stops matching it and is served voided);
 * `authToken` is the pass's random `authenticationToken`, which the PassKit web service compares in constant time;
 * `updatedAt` is the pass's update tag, moved (by at least a second, the resolution of If-Modified-Since) when what
 * it shows changes.
 */
export const walletPasses = pgTable(
  'wallet_passes',
  {
    serial: text('serial').primaryKey(),
    registrationId: bigint('registration_id', { mode: 'number' })
      .notNull()
      .references(() => registrations.id),
    authToken: text('auth_token').notNull(),
    /** The language it was first issued in: an update a phone fetches is written in it. */
    language: text('language').notNull(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [index('wallet_passes_registration_idx').on(t.registrationId)],
);

/** A phone that holds a pass and asked to hear of its updates: APNs pushes go to its token. */
export const walletPassDevices = pgTable(
  'wallet_pass_devices',
  {
    deviceLibraryId: text('device_library_id').notNull(),
    serial: text('serial')
      .notNull()
      .references(() => walletPasses.serial),
    pushToken: text('push_token').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.deviceLibraryId, t.serial] }), index('wallet_pass_devices_serial_idx').on(t.serial)],
);

/**
 * The no-show deposit an organizer asks on a free activity (docs/activities.md "No-show deposit"): frozen in each
 * person's own account at sign-up, returned at check-in or on a cancellation before `cancel_by`, and for those who
 * neither came nor cancelled in time split among the attendees (`split`) or kept by the organizer (`organizer`)
 * when the activity is settled. Set only while the activity has no sign-up.
 */
export const activityDeposits = pgTable(
  'activity_deposits',
  {
    activityId: bigint('activity_id', { mode: 'number' })
      .primaryKey()
      .references(() => activities.id),
    assetCode: text('asset_code').notNull(),
    amount: units('amount').notNull(),
    cancelBy: at('cancel_by').notNull(),
    forfeit: text('forfeit').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    check('activity_deposits_amount', sql`${t.amount} > 0`),
    check('activity_deposits_forfeit', sql`${t.forfeit} in ('split', 'organizer')`),
  ],
);

/**
 * One place's deposit: `frozen` (in the holder's frozen balance), `kept` (cancelled after `cancel_by`: still frozen,
 * forfeited at settlement), `returned`, `forfeited`. Every change is a conditional update from the state it
 * expects, so a deposit moves once however many workers or requests reach it.
 */
export const depositHolds = pgTable(
  'deposit_holds',
  {
    registrationId: bigint('registration_id', { mode: 'number' })
      .primaryKey()
      .references(() => registrations.id),
    activityId: bigint('activity_id', { mode: 'number' })
      .notNull()
      .references(() => activities.id),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    assetCode: text('asset_code').notNull(),
    amount: units('amount').notNull(),
    state: text('state').notNull(),
    /** Why it ended as it did: `checkedIn`, `cancelled`, `activityCancelled`, `released`, `noShow`, `lateCancellation`. */
    outcome: text('outcome'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    index('deposit_holds_activity_idx').on(t.activityId, t.state),
    check('deposit_holds_state', sql`${t.state} in ('frozen', 'kept', 'returned', 'forfeited')`),
  ],
);

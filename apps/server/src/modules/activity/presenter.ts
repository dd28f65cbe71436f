import {
  type Activity,
  type ActivitySummary,
  formatAmount,
  type HostedActivity,
  type Registration,
  type RegistrationStatus,
  servableLink,
} from '@polaris/contract';
import type { Links } from '../../platform/links.ts';
import { cityNames } from '../../platform/places/cities.ts';
import type { ActivityRow, ImageRow, LoadedActivity, PersonRow, TicketTypeRow } from './activities.store.ts';
import { ticketQr } from './codes.ts';
import type { SummaryRow } from './discovery.store.ts';
import { summaryCursor } from './discovery.store.ts';
import { canOf, canSeeOnlineUrl } from './policy.ts';
import type { RegistrationRow, SeatCounts } from './registrations.store.ts';
import { phaseOf } from './rules.ts';

/** A person as activity pages show them: public uid, name and avatar, never the email. */
export const presentPerson = (person: Pick<PersonRow, 'uid' | 'name' | 'avatar'>) => ({
  uid: String(person.uid),
  name: person.name,
  avatar: person.avatar,
});

export function presentImage(links: Links, image: Pick<ImageRow, 'id' | 'width' | 'height' | 'widths'> | undefined) {
  if (!image) return null;
  return {
    id: image.id,
    width: image.width,
    height: image.height,
    sizes: image.widths.map((width) => ({ width, url: links.imagePath(image.id, width) })),
  };
}

export const decimalsOf = (decimals: Map<string, number>, asset: string | null) =>
  asset ? (decimals.get(asset) ?? 0) : 0;

export function presentTicketType(
  type: TicketTypeRow,
  counts: SeatCounts | undefined,
  decimals: Map<string, number>,
  activity: ActivityRow,
  now: Date,
) {
  const price = BigInt(type.price);
  const salesEnd = type.salesEnd ?? activity.endsAt;
  return {
    id: String(type.id),
    name: type.name,
    free: price === 0n,
    price: formatAmount(price, decimalsOf(decimals, type.assetCode)),
    asset: type.assetCode,
    capacity: type.capacity,
    sold: counts?.byType.get(type.id) ?? 0,
    salesStart: type.salesStart?.toISOString() ?? null,
    salesEnd: type.salesEnd?.toISOString() ?? null,
    onSale: (!type.salesStart || type.salesStart <= now) && now < salesEnd,
    hidden: type.hidden,
  };
}

/** The columns a summary shows: a full row, or the narrower one the discovery query reads. */
export type SummaryColumns = Pick<
  ActivityRow,
  | 'code'
  | 'status'
  | 'title'
  | 'category'
  | 'startsAt'
  | 'endsAt'
  | 'timezone'
  | 'city'
  | 'onlineUrl'
  | 'capacity'
  | 'marketing'
>;

export function presentSummary(
  links: Links,
  row: SummaryColumns,
  types: Pick<TicketTypeRow, 'price' | 'assetCode'>[],
  counts: Pick<SeatCounts, 'taken'> | undefined,
  cover: Parameters<typeof presentImage>[1],
  decimals: Map<string, number>,
  phase: ActivitySummary['phase'],
): ActivitySummary {
  const priced = types.filter((type) => BigInt(type.price) > 0n);
  const cheapest = priced.sort((a, b) => (BigInt(a.price) < BigInt(b.price) ? -1 : 1))[0];
  return {
    id: row.code,
    status: row.status as ActivitySummary['status'],
    phase,
    title: row.title,
    category: row.category as ActivitySummary['category'],
    cover: presentImage(links, cover),
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    timezone: row.timezone,
    city: row.city,
    cityNames: cityNames(row.city),
    online: row.onlineUrl !== null,
    free: priced.length < types.length || types.length === 0,
    priceFrom: cheapest
      ? {
          amount: formatAmount(BigInt(cheapest.price), decimalsOf(decimals, cheapest.assetCode)),
          asset: cheapest.assetCode!,
        }
      : null,
    capacity: row.capacity,
    seatsTaken: counts?.taken ?? 0,
    featured: row.marketing.featured,
    shareUrl: links.share({ kind: 'activity', code: row.code }),
  };
}

export function presentRegistration(
  row: RegistrationRow,
  context: {
    activity: Pick<ActivityRow, 'code' | 'checkinSecret'>;
    typeName: string;
    decimals: Map<string, number>;
    waitlistPosition: number | null;
    promoCode: string | null;
  },
): Registration {
  const decimals = decimalsOf(context.decimals, row.assetCode);
  return {
    id: String(row.id),
    activityId: context.activity.code,
    status: row.status as RegistrationStatus,
    checkedIn: row.checkedInAt !== null,
    checkedInAt: row.checkedInAt?.toISOString() ?? null,
    ticketType: { id: String(row.ticketTypeId), name: context.typeName },
    asset: row.assetCode,
    price: formatAmount(BigInt(row.price), decimals),
    discount: formatAmount(BigInt(row.discount), decimals),
    promoCode: context.promoCode,
    paid: formatAmount(BigInt(row.paid), decimals),
    refunded: formatAmount(BigInt(row.refunded), decimals),
    paymentState: row.paymentState as Registration['paymentState'],
    waitlistPosition: row.status === 'waitlisted' ? context.waitlistPosition : null,
    qr: row.status === 'approved' ? ticketQr(context.activity.checkinSecret, row.code) : null,
    answers: row.answers,
    note: row.note,
    fullRefundUntil: row.fullRefundUntil?.toISOString() ?? null,
    fullRefundReason: row.fullRefundReason as Registration['fullRefundReason'],
    createdAt: row.createdAt.toISOString(),
  };
}

/** A discovery row as a summary, with the keyset position after it. */
export function presentSummaryRow(
  links: Links,
  now: Date,
  row: SummaryRow,
): { summary: ActivitySummary; cursor: string } {
  const startsAt = new Date(Number(row.starts_ms));
  const endsAt = new Date(Number(row.ends_ms));
  const tickets = row.tickets ?? [];
  const decimals = new Map(tickets.flatMap((t) => (t.asset ? [[t.asset, Number(t.decimals ?? 0)] as const] : [])));
  const summary = presentSummary(
    links,
    {
      code: row.code,
      status: row.status,
      title: row.title,
      category: row.category,
      startsAt,
      endsAt,
      timezone: row.timezone,
      city: row.city,
      onlineUrl: row.online_url,
      capacity: row.capacity === null ? null : Number(row.capacity),
      marketing: row.marketing,
    },
    tickets.map((t) => ({ price: t.price, assetCode: t.asset })),
    { taken: Number(row.seats_taken) },
    row.cover_id
      ? { id: row.cover_id, width: row.cover_width!, height: row.cover_height!, widths: row.cover_widths! }
      : undefined,
    decimals,
    phaseOf({ startsAt, endsAt }, now),
  );
  return { summary, cursor: summaryCursor(row) };
}

/** A summary in the host's list, with the caller's part in it (organizer or co-host). */
export function presentHostedRow(
  links: Links,
  now: Date,
  row: SummaryRow,
  userId: number,
): { summary: HostedActivity; cursor: string } {
  const { summary, cursor } = presentSummaryRow(links, now, row);
  return { summary: { ...summary, role: Number(row.organizer_id) === userId ? 'organizer' : 'cohost' }, cursor };
}

/** The detail page of one activity, for one caller: their place, what they may do, the link only some see. */
export function presentActivity(
  links: Links,
  activity: LoadedActivity,
  context: {
    types: TicketTypeRow[];
    counts: SeatCounts;
    decimals: Map<string, number>;
    people: Map<number, PersonRow>;
    cover: ImageRow | undefined;
    mine: Registration | null;
    viewerId: number | null;
    now: Date;
  },
): Activity {
  const { row } = activity;
  const person = (id: number) => presentPerson(context.people.get(id)!);
  return {
    id: row.code,
    status: row.status as Activity['status'],
    phase: phaseOf(row, context.now),
    visibility: row.visibility as Activity['visibility'],
    title: row.title,
    description: row.description,
    category: row.category as Activity['category'],
    cover: presentImage(links, context.cover),
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    timezone: row.timezone,
    online: row.onlineUrl !== null,
    onlineUrl: canSeeOnlineUrl(activity, context.viewerId, context.mine) ? servableLink(row.onlineUrl) : null,
    city: row.city,
    cityNames: cityNames(row.city),
    address: row.address,
    latitude: row.latitude,
    longitude: row.longitude,
    capacity: row.capacity,
    seatsTaken: context.counts.taken,
    waitlisted: context.counts.waitlisted,
    requireApproval: row.requireApproval,
    ticketTypes: context.types.map((type) =>
      presentTicketType(type, context.counts, context.decimals, row, context.now),
    ),
    questions: row.questions,
    organizer: person(row.organizerId),
    coHosts: activity.cohostIds.map(person),
    marketing: row.marketing,
    shareUrl: links.share({ kind: 'activity', code: row.code }),
    createdAt: row.createdAt.toISOString(),
    publishedAt: row.publishedAt?.toISOString() ?? null,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    myRegistration: context.mine,
    can: canOf(activity, context.viewerId, context.mine, context.now),
  };
}

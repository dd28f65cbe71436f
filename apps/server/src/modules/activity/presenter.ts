import {
  type ActivitySummary,
  API_BASE,
  formatAmount,
  type Registration,
  type RegistrationStatus,
} from '@polaris/contract';
import type { registrations } from '../../db/schema/index.ts';
import { ticketQr } from './codes.ts';
import type { ActivityRow, ImageRow, SeatCounts, TicketTypeRow } from './store.ts';

export type RegistrationRow = typeof registrations.$inferSelect;

/** Where links point: the public URL with the web app's hash route. */
export class Links {
  constructor(readonly publicUrl: string) {}

  activity(code: string, invite?: string): string {
    const query = invite ? `id=${code}&invite=${encodeURIComponent(invite)}` : `id=${code}`;
    return `${this.publicUrl}/#/pages/activity/details/index?${query}`;
  }

  image(id: string, width: number): string {
    return `${this.publicUrl}${API_BASE}/activity/image/${id}/${width}.webp`;
  }

  nftImage(publicId: string): string {
    return `${this.publicUrl}${API_BASE}/activity/nft/${publicId}/image.svg`;
  }

  nftMetadata(publicId: string): string {
    return `${this.publicUrl}${API_BASE}/activity/nft/${publicId}/metadata.json`;
  }

  calendarFeed(token: string): string {
    return `${this.publicUrl}${API_BASE}/calendar/feed/${token}.ics`;
  }
}

export function presentImage(links: Links, image: Pick<ImageRow, 'id' | 'width' | 'height' | 'widths'> | undefined) {
  if (!image) return null;
  return {
    id: image.id,
    width: image.width,
    height: image.height,
    sizes: image.widths.map((width) => ({ width, url: links.image(image.id, width) })),
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
    shareUrl: links.activity(row.code),
  };
}

export function presentRegistration(
  row: RegistrationRow,
  context: {
    activity: Pick<ActivityRow, 'code' | 'checkinSecret'>;
    typeName: string;
    decimals: Map<string, number>;
    waitlistPosition: number | null;
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

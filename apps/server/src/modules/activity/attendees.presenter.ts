import { formatAmount, REGISTRATION_STATUSES } from '@polaris/contract';
import type { CreatorEarningRow } from '../master/service.ts';
import type { ActivityRow, PersonRow } from './activities.store.ts';
import { decimalsOf } from './presenter.ts';
import type { RegistrationRow } from './registrations.store.ts';

type Status = (typeof REGISTRATION_STATUSES)[number];

/** One attendee as the organizer's list shows them (email included: hosts contact their attendees). */
export function presentAttendee(
  registration: RegistrationRow,
  context: {
    person: PersonRow;
    email: string;
    typeName: string;
    waitlistPosition: number | null;
    decimals: Map<string, number>;
    promoCode: string | null;
  },
) {
  const { person } = context;
  const amount = (units: string) => formatAmount(BigInt(units), decimalsOf(context.decimals, registration.assetCode));
  return {
    registrationId: String(registration.id),
    user: { uid: String(person.uid), name: person.name, avatar: person.avatar, email: context.email },
    status: registration.status as Status,
    checkedIn: registration.checkedInAt !== null,
    checkedInAt: registration.checkedInAt?.toISOString() ?? null,
    ticketType: context.typeName,
    asset: registration.assetCode,
    price: amount(registration.price),
    promoCode: context.promoCode,
    discount: amount(registration.discount),
    paid: amount(registration.paid),
    paymentState: registration.paymentState as 'none',
    waitlistPosition: context.waitlistPosition,
    answers: registration.answers,
    note: registration.note,
    createdAt: registration.createdAt.toISOString(),
  };
}
export type Attendee = ReturnType<typeof presentAttendee>;

/** Earnings summed per asset (all parts of one activity share their release time). */
function byAsset(rows: CreatorEarningRow[]): { asset: string; total: bigint; releaseAt: Date }[] {
  const sums = new Map<string, { asset: string; total: bigint; releaseAt: Date }>();
  for (const row of rows) {
    const sum = sums.get(row.assetCode) ?? { asset: row.assetCode, total: 0n, releaseAt: row.releaseAt };
    sum.total += BigInt(row.amount);
    sums.set(row.assetCode, sum);
  }
  return [...sums.values()];
}

/** The organizer's overview: places by status, seats, and where the ticket money is. */
export function presentOverview(
  activity: ActivityRow,
  context: {
    counts: { status: string; checked: boolean; count: number }[];
    seatsTaken: number;
    escrow: { assetCode: string; total: bigint }[];
    earnings: CreatorEarningRow[];
    decimals: Map<string, number>;
    discounts: { code: string; assetCode: string; tickets: number; discount: bigint; paid: bigint }[];
  },
) {
  const by = Object.fromEntries(REGISTRATION_STATUSES.map((status) => [status, 0])) as Record<Status, number>;
  let checkedIn = 0;
  for (const entry of context.counts) {
    by[entry.status as Status] += entry.count;
    if (entry.checked && entry.status === 'approved') checkedIn += entry.count;
  }
  const amount = (asset: string, total: bigint) => formatAmount(total, decimalsOf(context.decimals, asset));
  return {
    counts: { ...by, checkedIn },
    capacity: activity.capacity,
    seatsTaken: context.seatsTaken,
    escrow: context.escrow.map((entry) => ({ asset: entry.assetCode, amount: amount(entry.assetCode, entry.total) })),
    // Since the split an activity has one earning per payee: the overview shows the activity's whole money per asset.
    held: byAsset(context.earnings.filter((entry) => entry.releasedAt === null)).map((entry) => ({
      asset: entry.asset,
      amount: amount(entry.asset, entry.total),
      releaseAt: entry.releaseAt.toISOString(),
    })),
    released: byAsset(context.earnings.filter((entry) => entry.releasedAt !== null)).map((entry) => ({
      asset: entry.asset,
      amount: amount(entry.asset, entry.total),
    })),
    discounts: context.discounts.map((entry) => ({
      code: entry.code,
      asset: entry.assetCode,
      tickets: entry.tickets,
      discount: amount(entry.assetCode, entry.discount),
      paid: amount(entry.assetCode, entry.paid),
    })),
  };
}

/** Every attendee as CSV (RFC 4180), with one column per registration question. */
export function attendeesCsv(activity: ActivityRow, attendees: Attendee[]): string {
  const cell = (value: string) => {
    // A leading =, +, - or @ would run as a formula in a spreadsheet.
    const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
    return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  const header = [
    'registration_id',
    'uid',
    'name',
    'email',
    'status',
    'checked_in_at',
    'ticket_type',
    'asset',
    'price',
    'promo_code',
    'discount',
    'paid',
    'payment_state',
    'waitlist_position',
    'note',
    'created_at',
    ...activity.questions.map((question) => question.label),
  ];
  const lines = [header.map(cell).join(',')];
  for (const entry of attendees) {
    lines.push(
      [
        entry.registrationId,
        entry.user.uid,
        entry.user.name,
        entry.user.email,
        entry.status,
        entry.checkedInAt ?? '',
        entry.ticketType,
        entry.asset ?? '',
        entry.price,
        entry.promoCode ?? '',
        entry.discount,
        entry.paid,
        entry.paymentState,
        entry.waitlistPosition === null ? '' : String(entry.waitlistPosition),
        entry.note ?? '',
        entry.createdAt,
        ...activity.questions.map((question) => entry.answers[question.id] ?? ''),
      ]
        .map(cell)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

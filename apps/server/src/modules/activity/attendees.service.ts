import type { Database } from '../../db/client.ts';
import type { CreatorEarningsService } from '../master/service.ts';
import { type ActivityRow, assetDecimals, peopleById } from './activities.store.ts';
import { type Attendee, attendeesCsv, presentAttendee, presentOverview } from './attendees.presenter.ts';
import { discountsByCode, promoCodeNames } from './promo.store.ts';
import {
  type AttendeeFilter,
  attendeePage,
  escrowByAsset,
  registrationCounts,
  registrationsWithTypeNames,
  seatCounts,
} from './registrations.store.ts';
import { managedActivity } from './service.ts';

/** What the organizer and co-hosts see of the people: the overview, the attendee list and its CSV. */
export class AttendeeService {
  constructor(
    private readonly deps: {
      db: Database;
      earnings: CreatorEarningsService;
      /** The attendees' email addresses by id (the user module's `UserService.emailsOf`): hosts contact them. */
      emailsOf: (userIds: number[]) => Promise<Map<number, string>>;
    },
  ) {}

  private get db() {
    return this.deps.db;
  }

  /** Counts by status, check-ins, seats, and the activity's money: in escrow, held after the end, paid out. */
  async overview(hostId: number, code: string) {
    const activity = await managedActivity(this.db, code, hostId);
    const row = activity.row;
    const counts = await registrationCounts(this.db, row.id);
    const escrow = await escrowByAsset(this.db, row.id);
    const decimals = await assetDecimals(this.db);
    const earnings = await this.deps.earnings.ofActivity(row.id);
    const seats = (await seatCounts(this.db, [row.id])).get(row.id)!;
    const discounts = await discountsByCode(this.db, row.id);
    return presentOverview(row, { counts, seatsTaken: seats.taken, escrow, earnings, decimals, discounts });
  }

  async attendees(
    hostId: number,
    input: { activityId: string; status?: AttendeeFilter; cursor?: string; limit: number },
  ) {
    const activity = await managedActivity(this.db, input.activityId, hostId);
    return this.page(activity.row, input.status, input.cursor, input.limit);
  }

  private async page(
    row: ActivityRow,
    status: AttendeeFilter | undefined,
    cursor: string | undefined,
    limit: number,
  ): Promise<{ items: Attendee[]; nextCursor: string | null }> {
    const after = cursor && /^\d{1,15}$/.test(cursor) ? Number(cursor) : null;
    const found = await attendeePage(this.db, row.id, { status, after, limit: limit + 1 });
    const ids = found.slice(0, limit).map((entry) => entry.id);
    const rows = await registrationsWithTypeNames(this.db, ids);
    const userIds = rows.map((entry) => entry.registration.userId);
    const people = await peopleById(this.db, userIds);
    const emails = await this.deps.emailsOf(userIds);
    const decimals = await assetDecimals(this.db);
    const codes = await promoCodeNames(
      this.db,
      rows.flatMap(({ registration }) => (registration.promoCodeId === null ? [] : [registration.promoCodeId])),
    );
    const items = rows.map(({ registration, typeName }) =>
      presentAttendee(registration, {
        person: people.get(registration.userId)!,
        email: emails.get(registration.userId) ?? '',
        typeName,
        waitlistPosition: found.find((entry) => entry.id === registration.id)?.position ?? null,
        decimals,
        promoCode: registration.promoCodeId === null ? null : (codes.get(registration.promoCodeId) ?? null),
      }),
    );
    return { items, nextCursor: found.length > limit ? String(ids[ids.length - 1]) : null };
  }

  /** Every attendee as CSV (RFC 4180), with one column per registration question. */
  async attendeesCsv(hostId: number, code: string): Promise<{ filename: string; csv: string }> {
    const activity = await managedActivity(this.db, code, hostId);
    const row = activity.row;
    const all: Attendee[] = [];
    let cursor: string | undefined;
    do {
      const page = await this.page(row, undefined, cursor, 500);
      all.push(...page.items);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    return { filename: `attendees-${row.code}.csv`, csv: attendeesCsv(row, all) };
  }
}

import {
  CHECKIN_OPENS_BEFORE_START_MS,
  formatAmount,
  REGISTRATION_STATUSES,
  SIGN_CODE_WINDOW_MS,
  Status,
} from '@polaris/contract';
import { and, asc, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import { type Database, query } from '../../db/client.ts';
import { activities, attendanceNfts, registrations, ticketTypes, users } from '../../db/schema/index.ts';
import { AppError, FieldsError } from '../../platform/errors.ts';
import type { CreatorEarningsService } from '../master/service.ts';
import { managedActivity, visibleActivity } from './access.ts';
import { signCodeAt, signCodeMatches, signWindow, verifyTicketQr } from './codes.ts';
import { decimalsOf, type Links } from './presenter.ts';
import { type ActivityRow, assetDecimals, peopleById, seatCounts } from './store.ts';

export interface CheckinDeps {
  db: Database;
  now: () => Date;
  links: Links;
  earnings: CreatorEarningsService;
}

type NftRow = typeof attendanceNfts.$inferSelect;

const ticketUnknown = () => new AppError(Status.notFound, 'activity.ticketUnknown');

/**
 * Check-in and the attendance collectible it mints. A ticket checks in once: the write is a conditional
 * update (`where checked_in_at is null`), so of two scans at the same moment exactly one succeeds.
 */
export class CheckinService {
  constructor(private readonly deps: CheckinDeps) {}

  private get db() {
    return this.deps.db;
  }

  /** A host scans a ticket's QR code. */
  async checkInTicket(hostId: number, code: string, payload: string) {
    const activity = await managedActivity(this.db, code, hostId);
    if (activity.row.status !== 'published') throw new AppError(Status.conflict, 'activity.cancelled');
    const ticketCode = verifyTicketQr(activity.row.checkinSecret, payload);
    if (!ticketCode) throw ticketUnknown();
    const [registration] = await this.db
      .select()
      .from(registrations)
      .where(and(eq(registrations.code, ticketCode), eq(registrations.activityId, activity.row.id)));
    if (!registration) throw ticketUnknown();
    return this.checkIn(activity.row, registration.id, hostId);
  }

  /** An attendee checks in with the code shown at the venue, from an hour before the start until the end. */
  async selfCheckIn(userId: number, code: string, signCode: string) {
    const activity = await visibleActivity(this.db, code, userId);
    const now = this.deps.now();
    const row = activity.row;
    if (row.status !== 'published') throw new AppError(Status.conflict, 'activity.cancelled');
    if (now.getTime() < row.startsAt.getTime() - CHECKIN_OPENS_BEFORE_START_MS || now >= row.endsAt) {
      throw new AppError(Status.conflict, 'activity.checkinClosed');
    }
    const [mine] = await this.db
      .select()
      .from(registrations)
      .where(
        and(
          eq(registrations.activityId, row.id),
          eq(registrations.userId, userId),
          sql`${registrations.status} in ('pending', 'approved', 'waitlisted')`,
        ),
      );
    if (!mine) throw new AppError(Status.notFound, 'activity.notSignedUp');
    if (!signCodeMatches(row.checkinSecret, signCode, now)) {
      throw new FieldsError([{ field: 'signCode', messageKey: 'activity.signCodeWrong' }]);
    }
    return this.checkIn(row, mine.id, userId);
  }

  private async checkIn(activity: ActivityRow, registrationId: number, actorId: number) {
    const now = this.deps.now();
    const result = await this.db.transaction(async (tx) => {
      const [done] = await tx
        .update(registrations)
        .set({ checkedInAt: now, checkedInBy: actorId, updatedAt: now })
        .where(
          and(
            eq(registrations.id, registrationId),
            eq(registrations.status, 'approved'),
            isNull(registrations.checkedInAt),
          ),
        )
        .returning();
      if (!done) {
        const [current] = await tx.select().from(registrations).where(eq(registrations.id, registrationId));
        if (current?.checkedInAt) throw new AppError(Status.conflict, 'activity.alreadyCheckedIn');
        throw new AppError(Status.conflict, 'activity.ticketNotValid');
      }
      const [nft] = await tx
        .insert(attendanceNfts)
        .values({ activityId: activity.id, registrationId, ownerId: done.userId, mintedAt: now })
        .returning();
      return { registration: done, nft: nft! };
    });
    const [type] = await this.db
      .select({ name: ticketTypes.name })
      .from(ticketTypes)
      .where(eq(ticketTypes.id, result.registration.ticketTypeId));
    const person = (await peopleById(this.db, [result.registration.userId])).get(result.registration.userId)!;
    return {
      registrationId: String(registrationId),
      attendee: { uid: String(person.uid), name: person.name, avatar: person.avatar },
      ticketType: type?.name ?? '',
      checkedInAt: now.toISOString(),
      nft: this.presentNft(result.nft, activity, person.uid),
    };
  }

  /** Undo a check-in (a mistaken scan): the ticket is valid again and its collectible is burned. */
  async undo(hostId: number, code: string, registrationId: number) {
    const activity = await managedActivity(this.db, code, hostId);
    const now = this.deps.now();
    await this.db.transaction(async (tx) => {
      const [undone] = await tx
        .update(registrations)
        .set({ checkedInAt: null, checkedInBy: null, updatedAt: now })
        .where(
          and(
            eq(registrations.id, registrationId),
            eq(registrations.activityId, activity.row.id),
            sql`${registrations.checkedInAt} is not null`,
          ),
        )
        .returning({ id: registrations.id });
      if (!undone) throw new AppError(Status.conflict, 'activity.notCheckedIn');
      await tx
        .update(attendanceNfts)
        .set({ burnedAt: now })
        .where(and(eq(attendanceNfts.registrationId, registrationId), isNull(attendanceNfts.burnedAt)));
    });
    return {};
  }

  /** The rotating code hosts show at the venue. */
  async signCode(hostId: number, code: string) {
    const activity = await managedActivity(this.db, code, hostId);
    const now = this.deps.now();
    const window = signWindow(now);
    return {
      code: signCodeAt(activity.row.checkinSecret, window),
      expiresIn: Math.ceil(((window + 1) * SIGN_CODE_WINDOW_MS - now.getTime()) / 1000),
    };
  }

  // Attendance collectibles

  presentNft(nft: NftRow, activity: Pick<ActivityRow, 'code' | 'title' | 'startsAt' | 'city'>, ownerUid: number) {
    return {
      tokenId: String(nft.tokenId),
      image: this.deps.links.nftImage(nft.publicId),
      metadataUrl: this.deps.links.nftMetadata(nft.publicId),
      activity: {
        id: activity.code,
        title: activity.title,
        startsAt: activity.startsAt.toISOString(),
        city: activity.city,
      },
      owner: { uid: String(ownerUid) },
      ownerPublic: nft.ownerPublic,
      mintedAt: nft.mintedAt.toISOString(),
    };
  }

  async myNfts(userId: number, cursor: string | undefined, limit: number) {
    const before = cursor && /^\d{1,15}$/.test(cursor) ? Number(cursor) : null;
    const rows = await this.db
      .select({ nft: attendanceNfts, activity: activities, uid: users.uid })
      .from(attendanceNfts)
      .innerJoin(activities, eq(activities.id, attendanceNfts.activityId))
      .innerJoin(users, eq(users.id, attendanceNfts.ownerId))
      .where(
        and(
          eq(attendanceNfts.ownerId, userId),
          isNull(attendanceNfts.burnedAt),
          before !== null ? lt(attendanceNfts.tokenId, before) : undefined,
        ),
      )
      .orderBy(desc(attendanceNfts.tokenId))
      .limit(limit + 1);
    const page = rows.slice(0, limit);
    return {
      items: page.map((row) => this.presentNft(row.nft, row.activity, row.uid)),
      nextCursor: rows.length > limit ? String(page[page.length - 1]!.nft.tokenId) : null,
    };
  }

  /** The holder chooses whether the public metadata of one of their tokens names them. */
  async setOwnerVisibility(userId: number, tokenId: number, visible: boolean) {
    const [nft] = await this.db
      .update(attendanceNfts)
      .set({ ownerPublic: visible })
      .where(
        and(eq(attendanceNfts.tokenId, tokenId), eq(attendanceNfts.ownerId, userId), isNull(attendanceNfts.burnedAt)),
      )
      .returning();
    // Someone else's token answers the same as a token that does not exist.
    if (!nft) throw new AppError(Status.notFound, 'http.404');
    const { activity, uid } = await this.nft(nft.publicId);
    return this.presentNft(nft, activity, uid);
  }

  /** A live token by its public id, for the public image and metadata routes; burned tokens are gone. */
  private async nft(publicId: string) {
    const [row] = await this.db
      .select({ nft: attendanceNfts, activity: activities, uid: users.uid })
      .from(attendanceNfts)
      .innerJoin(activities, eq(activities.id, attendanceNfts.activityId))
      .innerJoin(users, eq(users.id, attendanceNfts.ownerId))
      .where(and(eq(attendanceNfts.publicId, publicId), isNull(attendanceNfts.burnedAt)));
    if (!row) throw new AppError(Status.notFound, 'http.404');
    return row;
  }

  /**
   * ERC-721 style metadata (what `tokenURI` would return on chain). Anyone with the link may read it, so an
   * unlisted activity shows nothing that identifies it, and the holder is named only if they chose so.
   */
  async nftMetadata(publicId: string) {
    const { nft, activity, uid } = await this.nft(publicId);
    const owner = nft.ownerPublic ? [{ trait_type: 'Owner', value: String(uid) }] : [];
    const checkedIn = { trait_type: 'Checked in', value: nft.mintedAt.toISOString() };
    if (activity.visibility !== 'public') {
      return {
        name: 'Attendance',
        description: 'Proof of attendance at a private activity',
        image: this.deps.links.nftImage(nft.publicId),
        attributes: [checkedIn, ...owner],
      };
    }
    return {
      name: `${activity.title} — attendance`,
      description: `Proof of attendance at ${activity.title}`,
      image: this.deps.links.nftImage(nft.publicId),
      external_url: this.deps.links.activity(activity.code),
      attributes: [
        { trait_type: 'Activity', value: activity.code },
        { trait_type: 'Starts', value: activity.startsAt.toISOString() },
        { trait_type: 'City', value: activity.city ?? 'Online' },
        checkedIn,
        ...owner,
      ],
    };
  }

  /** A generated badge: title, date and place on a gradient; a plain badge for an unlisted activity. */
  async nftImage(publicId: string): Promise<string> {
    const { activity } = await this.nft(publicId);
    const listed = activity.visibility === 'public';
    const xml = (text: string) =>
      text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
    const title = listed
      ? xml(activity.title.length > 28 ? `${activity.title.slice(0, 27)}…` : activity.title)
      : 'Attendance';
    const date = xml(
      activity.startsAt.toLocaleDateString('en-GB', { timeZone: activity.timezone, dateStyle: 'medium' }),
    );
    const subtitle = listed ? `${date} · ${xml(activity.city ?? 'Online')}` : 'Polaris';
    return `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#4f46e5"/><stop offset="1" stop-color="#db2777"/></linearGradient></defs>
<rect width="512" height="512" rx="48" fill="url(#g)"/>
<circle cx="256" cy="170" r="72" fill="none" stroke="#fff" stroke-width="8"/>
<path d="M222 170l24 24 44-48" fill="none" stroke="#fff" stroke-width="10" stroke-linecap="round" stroke-linejoin="round"/>
<text x="256" y="310" font-family="sans-serif" font-size="30" font-weight="700" fill="#fff" text-anchor="middle">${title}</text>
<text x="256" y="354" font-family="sans-serif" font-size="22" fill="#fff" text-anchor="middle">${subtitle}</text>
</svg>`;
  }

  // Organizer overview and attendee list

  async overview(hostId: number, code: string) {
    const activity = await managedActivity(this.db, code, hostId);
    const row = activity.row;
    const counts = await query<{ status: string; checked: boolean; n: string }>(
      this.db,
      sql`select status, checked_in_at is not null as checked, count(*)::text as n from registrations
          where activity_id = ${row.id} group by status, checked_in_at is not null`,
    );
    const by = Object.fromEntries(REGISTRATION_STATUSES.map((status) => [status, 0])) as Record<
      (typeof REGISTRATION_STATUSES)[number],
      number
    >;
    let checkedIn = 0;
    for (const entry of counts.rows) {
      by[entry.status as keyof typeof by] += Number(entry.n);
      if (entry.checked && entry.status === 'approved') checkedIn += Number(entry.n);
    }
    const escrow = await query<{ asset_code: string; total: string }>(
      this.db,
      sql`select asset_code, sum(paid - refunded)::text as total from registrations
          where activity_id = ${row.id} and asset_code is not null and payment_state = 'escrow'
          group by asset_code having sum(paid - refunded) > 0 order by asset_code`,
    );
    const decimals = await assetDecimals(this.db);
    const amount = (asset: string, total: string) => formatAmount(BigInt(total), decimalsOf(decimals, asset));
    const earned = await this.deps.earnings.ofActivity(row.id);
    const seats = (await seatCounts(this.db, [row.id])).get(row.id)!;
    return {
      counts: { ...by, checkedIn },
      capacity: row.capacity,
      seatsTaken: seats.taken,
      escrow: escrow.rows.map((entry) => ({ asset: entry.asset_code, amount: amount(entry.asset_code, entry.total) })),
      held: earned
        .filter((entry) => entry.releasedAt === null)
        .map((entry) => ({
          asset: entry.assetCode,
          amount: amount(entry.assetCode, entry.amount),
          releaseAt: entry.releaseAt.toISOString(),
        })),
      released: earned
        .filter((entry) => entry.releasedAt !== null)
        .map((entry) => ({ asset: entry.assetCode, amount: amount(entry.assetCode, entry.amount) })),
    };
  }

  async attendees(
    hostId: number,
    input: {
      activityId: string;
      status?: (typeof REGISTRATION_STATUSES)[number] | 'checkedIn';
      cursor?: string;
      limit: number;
    },
  ) {
    const activity = await managedActivity(this.db, input.activityId, hostId);
    return this.attendeeRows(activity.row, input.status, input.cursor, input.limit);
  }

  async attendeeRows(
    row: ActivityRow,
    status: (typeof REGISTRATION_STATUSES)[number] | 'checkedIn' | undefined,
    cursor: string | undefined,
    limit: number,
  ) {
    const after = cursor && /^\d{1,15}$/.test(cursor) ? Number(cursor) : null;
    const filter =
      status === 'checkedIn'
        ? sql`and r.status = 'approved' and r.checked_in_at is not null`
        : status
          ? sql`and r.status = ${status}`
          : sql``;
    const found = await query<{ id: string; position: string | null }>(
      this.db,
      sql`select r.id::text,
            case when r.status = 'waitlisted' then
              (select count(*) from registrations w where w.activity_id = r.activity_id and w.status = 'waitlisted' and w.id <= r.id)::text
            end as position
          from registrations r where r.activity_id = ${row.id} ${filter}
          ${after !== null ? sql`and r.id > ${after}` : sql``}
          order by r.id limit ${limit + 1}`,
    );
    const ids = found.rows.slice(0, limit).map((entry) => Number(entry.id));
    const rows = ids.length
      ? await this.db
          .select({ registration: registrations, typeName: ticketTypes.name })
          .from(registrations)
          .innerJoin(ticketTypes, eq(ticketTypes.id, registrations.ticketTypeId))
          .where(sql`${registrations.id} in ${ids}`)
          .orderBy(asc(registrations.id))
      : [];
    const people = await peopleById(
      this.db,
      rows.map((entry) => entry.registration.userId),
    );
    const decimals = await assetDecimals(this.db);
    const items = rows.map(({ registration, typeName }) => {
      const person = people.get(registration.userId)!;
      const position = found.rows.find((entry) => Number(entry.id) === registration.id)?.position;
      return {
        registrationId: String(registration.id),
        user: { uid: String(person.uid), name: person.name, avatar: person.avatar, email: person.email },
        status: registration.status as (typeof REGISTRATION_STATUSES)[number],
        checkedIn: registration.checkedInAt !== null,
        checkedInAt: registration.checkedInAt?.toISOString() ?? null,
        ticketType: typeName,
        asset: registration.assetCode,
        paid: formatAmount(BigInt(registration.paid), decimalsOf(decimals, registration.assetCode)),
        paymentState: registration.paymentState as 'none',
        waitlistPosition: position ? Number(position) : null,
        answers: registration.answers,
        note: registration.note,
        createdAt: registration.createdAt.toISOString(),
      };
    });
    return { items, nextCursor: found.rows.length > limit ? String(ids[ids.length - 1]) : null };
  }

  /** Every attendee as CSV (RFC 4180), with one column per registration question. */
  async attendeesCsv(hostId: number, code: string): Promise<{ filename: string; csv: string }> {
    const activity = await managedActivity(this.db, code, hostId);
    const row = activity.row;
    const all: Awaited<ReturnType<CheckinService['attendeeRows']>>['items'] = [];
    let cursor: string | undefined;
    do {
      const page = await this.attendeeRows(row, undefined, cursor, 500);
      all.push(...page.items);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
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
      'paid',
      'payment_state',
      'waitlist_position',
      'note',
      'created_at',
      ...row.questions.map((question) => question.label),
    ];
    const lines = [header.map(cell).join(',')];
    for (const entry of all) {
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
          entry.paid,
          entry.paymentState,
          entry.waitlistPosition === null ? '' : String(entry.waitlistPosition),
          entry.note ?? '',
          entry.createdAt,
          ...row.questions.map((question) => entry.answers[question.id] ?? ''),
        ]
          .map(cell)
          .join(','),
      );
    }
    return { filename: `attendees-${row.code}.csv`, csv: `${lines.join('\r\n')}\r\n` };
  }
}

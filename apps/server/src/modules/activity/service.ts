import {
  ACTIVITY_CATEGORIES,
  type Activity,
  type ActivitySummary,
  type CreateActivity,
  translate as fill,
  formatAmount,
  type RefundRightReason,
  Status,
  type UpdateActivity,
} from '@polaris/contract';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Database, query, type Tx } from '../../db/client.ts';
import {
  type ActivityMarketing,
  activities,
  activityCohosts,
  activityDrafts,
  activityInvitations,
  images,
  registrations,
  ticketTypes,
  users,
} from '../../db/schema/index.ts';
import type { AttemptLimiter, AttemptRule } from '../../platform/attempts.ts';
import { AppError, FieldsError } from '../../platform/errors.ts';
import type { Mailer } from '../../platform/mail.ts';
import { enqueueMail } from '../../platform/mail-queue.ts';
import { managedActivity, registrationView, visibleActivity } from './access.ts';
import { newActivityCode, newInviteCode, newSecret } from './codes.ts';
import { type SummaryItem, type SummarySection, summarySections } from './discovery.ts';
import { createDiscoveryCache, type DiscoveryCache } from './discovery-cache.ts';
import { changeNotice } from './notices.ts';
import { authorize, canCancelActivity, canChangeCohosts, canEdit, canManage, isHost } from './policy.ts';
import { decimalsOf, type Links, presentImage, presentSummary, presentTicketType } from './presenter.ts';
import {
  type ActivityRow,
  assetDecimals,
  holderEmails,
  imagesById,
  type LoadedActivity,
  liveTicketTypes,
  lockActivity,
  peopleById,
  phaseOf,
  seatCounts,
} from './store.ts';
import { rangeFor } from './time.ts';
import { type ActivityDraft, checkActivity, type FieldProblem, throwProblems } from './validate.ts';

export interface ActivityDeps {
  db: Database;
  now: () => Date;
  links: Links;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** Fill seats freed by an edit from the waitlist (the registration service's promotion). */
  promote: (activityId: number) => Promise<unknown>;
  /** Anonymous discovery reads; without one, every read asks the database. */
  cache?: DiscoveryCache;
  attempts: AttemptLimiter;
}

/** Invitation mails an organizer may send in a day: enough for any meetup, too few to make us a spam relay. */
export const INVITE_MAILS_PER_DAY = 200;
const INVITE_MAIL_RULE: AttemptRule = { max: INVITE_MAILS_PER_DAY, windowMs: 86_400_000 };

const DRAFT_MAX_BYTES = 20_000;
/** Items in each of explore's lists. */
const EXPLORE_SECTION = 10;
const NEW_DRAFT_KEY = 'new';

interface ListFilter {
  city?: string;
  category?: string;
  when?: 'today' | 'week' | 'weekend' | 'month';
  free?: boolean;
  online?: boolean;
  q?: string;
  tz: string;
  cursor?: string;
  limit: number;
  featured?: boolean;
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A page of `limit` items out of `limit + 1` read, with the cursor of its last item when more follow. */
function pageOf(found: SummaryItem[], limit: number) {
  const page = found.slice(0, limit);
  return {
    items: page.map((item) => item.summary),
    nextCursor: found.length > limit ? (page[page.length - 1]?.cursor ?? null) : null,
  };
}

function decodeCursor(cursor: string | undefined): { at: string; id: number } | null {
  const match = cursor ? /^(\d{1,15})_(\d{1,15})$/.exec(cursor) : null;
  return match ? { at: new Date(Number(match[1])).toISOString(), id: Number(match[2]) } : null;
}

export class ActivityService {
  private readonly cache: DiscoveryCache;

  constructor(private readonly deps: ActivityDeps) {
    this.cache = deps.cache ?? createDiscoveryCache({ ttlMs: 0, now: deps.now, log: deps.log });
  }

  private get db() {
    return this.deps.db;
  }

  visible(code: string, userId: number | null): Promise<LoadedActivity> {
    return visibleActivity(this.db, code, userId);
  }

  managed(code: string, userId: number, rule = canManage): Promise<LoadedActivity> {
    return managedActivity(this.db, code, userId, rule);
  }

  // Create and edit

  async create(user: { id: number }, input: CreateActivity): Promise<Activity> {
    const [profile] = await this.db
      .select({ uname: users.uname, openName: users.openName })
      .from(users)
      .where(eq(users.id, user.id));
    if (!profile?.uname && !profile?.openName) throw new AppError(Status.precondition, 'activity.profileIncomplete');
    const now = this.deps.now();
    const decimals = await assetDecimals(this.db);
    const draft: ActivityDraft = { ...input, ticketTypes: input.ticketTypes ?? [{ name: 'General' }] };
    const { problems, ticketTypes: plans } = checkActivity(draft, { now, startChanged: true, decimals });
    problems.push(...(await this.checkCover(user.id, input.coverImageId ?? null, null)));
    const cohostIds = await this.resolveCohosts(input.coHosts, user.id, problems);
    throwProblems(problems);

    const code = newActivityCode();
    await this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(activities)
        .values({
          code,
          organizerId: user.id,
          status: input.publish ? 'published' : 'draft',
          ...editableColumns(draft),
          coverImageId: input.coverImageId ?? null,
          marketing: { featured: false, shareTitle: null, shareText: null },
          checkinSecret: newSecret(),
          createdAt: now,
          updatedAt: now,
          publishedAt: input.publish ? now : null,
        })
        .returning({ id: activities.id });
      await tx.insert(ticketTypes).values(
        plans.map((plan, sort) => ({
          activityId: row!.id,
          name: plan.name,
          assetCode: plan.assetCode,
          price: plan.price.toString(),
          capacity: plan.capacity,
          salesStart: plan.salesStart,
          salesEnd: plan.salesEnd,
          sort,
        })),
      );
      if (cohostIds.length > 0) {
        await tx.insert(activityCohosts).values(cohostIds.map((userId) => ({ activityId: row!.id, userId })));
      }
      await tx
        .delete(activityDrafts)
        .where(and(eq(activityDrafts.userId, user.id), eq(activityDrafts.draftKey, NEW_DRAFT_KEY)));
    });
    return this.detail(code, user.id);
  }

  async update(user: { id: number }, input: UpdateActivity): Promise<Activity> {
    const activity = await this.managed(input.id, user.id, canEdit);
    const now = this.deps.now();
    if (activity.row.status === 'cancelled' || phaseOf(activity.row, now) === 'ended') {
      throw new AppError(Status.conflict, 'activity.notEditable');
    }
    if (input.coHosts !== undefined && !canChangeCohosts(activity, user.id)) {
      throw new AppError(Status.noPermission, 'http.403');
    }
    const decimals = await assetDecimals(this.db);
    const stored = activity.row;
    const currentTypes = await liveTicketTypes(this.db, [stored.id]);
    const draft: ActivityDraft = {
      title: input.title ?? stored.title,
      description: input.description ?? stored.description,
      category: input.category ?? (stored.category as ActivityDraft['category']),
      startsAt: input.startsAt ?? stored.startsAt.toISOString(),
      endsAt: input.endsAt ?? stored.endsAt.toISOString(),
      timezone: input.timezone ?? stored.timezone,
      onlineUrl: input.onlineUrl !== undefined ? input.onlineUrl : stored.onlineUrl,
      city: input.city !== undefined ? input.city : stored.city,
      address: input.address !== undefined ? input.address : stored.address,
      latitude: input.latitude !== undefined ? input.latitude : stored.latitude,
      longitude: input.longitude !== undefined ? input.longitude : stored.longitude,
      capacity: input.capacity !== undefined ? input.capacity : stored.capacity,
      requireApproval: input.requireApproval ?? stored.requireApproval,
      visibility: input.visibility ?? (stored.visibility as 'public' | 'unlisted'),
      questions: input.questions ?? stored.questions,
      ticketTypes:
        input.ticketTypes ??
        currentTypes.map((type) => ({
          id: String(type.id),
          name: type.name,
          price: type.price,
          asset: type.assetCode ?? undefined,
          capacity: type.capacity,
          salesStart: type.salesStart?.toISOString() ?? null,
          salesEnd: type.salesEnd?.toISOString() ?? null,
        })),
    };
    // Stored prices are base units; re-checking them as decimals would be wrong, so keep them as they are.
    const startChanged =
      input.startsAt !== undefined && new Date(input.startsAt).getTime() !== stored.startsAt.getTime();
    const { problems, ticketTypes: plans } = checkActivity(input.ticketTypes ? draft : { ...draft, ticketTypes: [] }, {
      now,
      startChanged,
      decimals,
    });
    const typePlans = input.ticketTypes
      ? plans
      : currentTypes.map((type) => ({
          id: type.id,
          name: type.name,
          assetCode: type.assetCode,
          price: BigInt(type.price),
          capacity: type.capacity,
          salesStart: type.salesStart,
          salesEnd: type.salesEnd,
        }));
    if (input.coverImageId !== undefined) {
      problems.push(...(await this.checkCover(user.id, input.coverImageId, stored.coverImageId)));
    }
    const cohostIds =
      input.coHosts !== undefined ? await this.resolveCohosts(input.coHosts, stored.organizerId, problems) : null;
    throwProblems(problems);

    await this.db.transaction(async (tx) => {
      const row = await lockActivity(tx, stored.id);
      const counts = (await seatCounts(tx, [row.id])).get(row.id)!;
      const seatProblems: FieldProblem[] = [];
      if (draft.capacity != null && draft.capacity < counts.taken) {
        seatProblems.push({
          field: 'capacity',
          messageKey: 'activity.capacityBelowTaken',
          params: { taken: counts.taken },
        });
      }
      const held = await query<{ ticket_type_id: string; n: string }>(
        tx,
        sql`select ticket_type_id, count(*)::text as n from registrations
            where activity_id = ${row.id} and (status in ('pending', 'approved', 'waitlisted') or payment_state = 'escrow')
            group by ticket_type_id`,
      );
      const heldBy = new Map(held.rows.map((r) => [Number(r.ticket_type_id), Number(r.n)]));
      const keptIds = new Set(typePlans.flatMap((plan) => (plan.id !== null ? [plan.id] : [])));
      typePlans.forEach((plan, index) => {
        if (plan.id === null) return;
        const current = currentTypes.find((type) => type.id === plan.id);
        if (!current) {
          seatProblems.push({ field: `ticketTypes.${index}.id`, messageKey: 'activity.ticketTypeUnknown' });
          return;
        }
        const sold = counts.byType.get(plan.id) ?? 0;
        if (plan.capacity !== null && plan.capacity < sold) {
          seatProblems.push({
            field: `ticketTypes.${index}.capacity`,
            messageKey: 'activity.ticketCapacityBelowSold',
            params: { sold },
          });
        }
        const priceChanged = BigInt(current.price) !== plan.price || current.assetCode !== plan.assetCode;
        if (priceChanged && (heldBy.get(plan.id) ?? 0) > 0) {
          seatProblems.push({ field: `ticketTypes.${index}.price`, messageKey: 'activity.priceLocked' });
        }
      });
      for (const type of currentTypes) {
        if (!keptIds.has(type.id) && (heldBy.get(type.id) ?? 0) > 0) {
          seatProblems.push({ field: 'ticketTypes', messageKey: 'activity.ticketTypeInUse' });
        }
      }
      throwProblems(seatProblems);

      const [changed] = await tx
        .update(activities)
        .set({
          ...editableColumns(draft),
          coverImageId: input.coverImageId !== undefined ? input.coverImageId : row.coverImageId,
          updatedAt: now,
        })
        .where(eq(activities.id, row.id))
        .returning();
      const reason = changeReason(row, changed!);
      if (reason) await this.noticeChange(tx, changed!, reason, now);
      for (const type of currentTypes) {
        if (!keptIds.has(type.id)) {
          await tx.update(ticketTypes).set({ deletedAt: now }).where(eq(ticketTypes.id, type.id));
        }
      }
      for (const [sort, plan] of typePlans.entries()) {
        const values = {
          name: plan.name,
          assetCode: plan.assetCode,
          price: plan.price.toString(),
          capacity: plan.capacity,
          salesStart: plan.salesStart,
          salesEnd: plan.salesEnd,
          sort,
        };
        if (plan.id === null) await tx.insert(ticketTypes).values({ activityId: row.id, ...values });
        else await tx.update(ticketTypes).set(values).where(eq(ticketTypes.id, plan.id));
      }
      if (cohostIds) {
        await tx.delete(activityCohosts).where(eq(activityCohosts.activityId, row.id));
        if (cohostIds.length > 0) {
          await tx.insert(activityCohosts).values(cohostIds.map((userId) => ({ activityId: row.id, userId })));
        }
      }
      await tx
        .delete(activityDrafts)
        .where(and(eq(activityDrafts.userId, user.id), eq(activityDrafts.draftKey, row.code)));
    });
    // A larger capacity may have freed seats: the waitlist moves up now.
    await this.deps.promote(stored.id);
    return this.detail(stored.code, user.id);
  }

  /**
   * The start or the venue changed (activity row locked): every live place is mailed what it is now, and each
   * paid one (escrowed or held) may be cancelled for a full refund until the new start, whatever the 24-hour
   * rule says, so an organizer cannot move an activity close and keep the money of those who cannot come.
   */
  private async noticeChange(tx: Tx, activity: ActivityRow, reason: RefundRightReason, now: Date) {
    const live = sql`${registrations.status} in ('pending', 'approved', 'waitlisted')`;
    await tx
      .update(registrations)
      .set({ fullRefundUntil: activity.startsAt, fullRefundReason: reason, updatedAt: now })
      .where(
        and(
          eq(registrations.activityId, activity.id),
          live,
          gt(registrations.paid, '0'),
          inArray(registrations.paymentState, ['escrow', 'frozen']),
        ),
      );
    const places = await tx
      .select()
      .from(registrations)
      .where(and(eq(registrations.activityId, activity.id), live))
      .orderBy(asc(registrations.id));
    if (places.length === 0) return;
    const decimals = await assetDecimals(tx);
    const emails = await holderEmails(tx, activity.id);
    const mails = places.map((place) =>
      changeNotice(this.deps.links, activity, reason, {
        registrationId: place.id,
        email: emails.get(place.id)!,
        language: place.language,
        paid:
          place.fullRefundUntil && place.assetCode
            ? {
                amount: formatAmount(BigInt(place.paid), decimalsOf(decimals, place.assetCode)),
                asset: place.assetCode,
              }
            : null,
      }),
    );
    await enqueueMail(tx, mails, now);
  }

  async publish(user: { id: number }, code: string): Promise<Activity> {
    const activity = await this.managed(code, user.id, canEdit);
    if (activity.row.status === 'draft') {
      const now = this.deps.now();
      if (activity.row.startsAt <= now) {
        throw new FieldsError([{ field: 'startsAt', messageKey: 'activity.startInPast' }]);
      }
      await this.db
        .update(activities)
        .set({ status: 'published', publishedAt: now, updatedAt: now })
        .where(and(eq(activities.id, activity.row.id), eq(activities.status, 'draft')));
    }
    return this.detail(code, user.id);
  }

  private async checkCover(userId: number, imageId: string | null, current: string | null): Promise<FieldProblem[]> {
    if (!imageId || imageId === current) return [];
    const [image] = await this.db.select({ ownerId: images.ownerId }).from(images).where(eq(images.id, imageId));
    return image?.ownerId === userId ? [] : [{ field: 'coverImageId', messageKey: 'activity.coverNotYours' }];
  }

  private async resolveCohosts(uids: string[], organizerId: number, problems: FieldProblem[]): Promise<number[]> {
    if (uids.length === 0) return [];
    const rows = await this.db
      .select({ id: users.id, uid: users.uid })
      .from(users)
      .where(
        inArray(
          users.uid,
          uids.map((uid) => Number(uid)),
        ),
      );
    const ids: number[] = [];
    uids.forEach((uid, index) => {
      const found = rows.find((row) => String(row.uid) === uid);
      if (!found) problems.push({ field: `coHosts.${index}`, messageKey: 'activity.coHostUnknown' });
      else if (found.id === organizerId)
        problems.push({ field: `coHosts.${index}`, messageKey: 'activity.cohostSelf' });
      else if (!ids.includes(found.id)) ids.push(found.id);
    });
    return ids;
  }

  // Reading

  async detail(code: string, userId: number | null): Promise<Activity> {
    const activity = await this.visible(code, userId);
    const row = activity.row;
    const now = this.deps.now();
    const [types, counts, decimals, people, covers] = await Promise.all([
      liveTicketTypes(this.db, [row.id]),
      seatCounts(this.db, [row.id]),
      assetDecimals(this.db),
      peopleById(this.db, [row.organizerId, ...activity.cohostIds]),
      imagesById(this.db, [row.coverImageId]),
    ]);
    const count = counts.get(row.id)!;
    const mine = userId !== null ? await this.myRegistration(row, userId, decimals) : null;
    const host = isHost(activity, userId);
    const phase = phaseOf(row, now);
    const live = row.status === 'published' && phase !== 'ended';
    const person = (id: number) => {
      const p = people.get(id)!;
      return { uid: String(p.uid), name: p.name, avatar: p.avatar };
    };
    return {
      id: row.code,
      status: row.status as Activity['status'],
      phase,
      visibility: row.visibility as Activity['visibility'],
      title: row.title,
      description: row.description,
      category: row.category as Activity['category'],
      cover: presentImage(this.deps.links, covers.get(row.coverImageId ?? '')),
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt.toISOString(),
      timezone: row.timezone,
      online: row.onlineUrl !== null,
      onlineUrl: host || mine?.status === 'approved' ? row.onlineUrl : null,
      city: row.city,
      address: row.address,
      latitude: row.latitude,
      longitude: row.longitude,
      capacity: row.capacity,
      seatsTaken: count.taken,
      waitlisted: count.waitlisted,
      requireApproval: row.requireApproval,
      ticketTypes: types.map((type) => presentTicketType(type, count, decimals, row, now)),
      questions: row.questions,
      organizer: person(row.organizerId),
      coHosts: activity.cohostIds.map(person),
      marketing: row.marketing,
      shareUrl: this.deps.links.activity(row.code),
      createdAt: row.createdAt.toISOString(),
      publishedAt: row.publishedAt?.toISOString() ?? null,
      cancelledAt: row.cancelledAt?.toISOString() ?? null,
      myRegistration: mine,
      abilities: {
        edit: canEdit(activity, userId) && phase !== 'ended',
        manage: canManage(activity, userId),
        checkIn: canManage(activity, userId) && row.status === 'published',
        signUp: live && userId !== null && (mine === null || mine.status === 'cancelled' || mine.status === 'rejected'),
        cancelRegistration:
          mine !== null &&
          ['pending', 'approved', 'waitlisted'].includes(mine.status) &&
          !mine.checkedIn &&
          phase === 'upcoming',
      },
    };
  }

  /** The caller's newest registration for an activity, live or not. */
  private async myRegistration(row: ActivityRow, userId: number, decimals: Map<string, number>) {
    const [mine] = await this.db
      .select()
      .from(registrations)
      .where(and(eq(registrations.activityId, row.id), eq(registrations.userId, userId)))
      .orderBy(sql`${registrations.id} desc`)
      .limit(1);
    if (!mine) return null;
    return registrationView(this.db, row, mine, decimals);
  }

  /** Summaries for a page of activity rows, in their order. */
  async summaries(rows: ActivityRow[]): Promise<ActivitySummary[]> {
    const ids = rows.map((row) => row.id);
    const now = this.deps.now();
    const [types, counts, decimals, covers] = await Promise.all([
      liveTicketTypes(this.db, ids),
      seatCounts(this.db, ids),
      assetDecimals(this.db),
      imagesById(
        this.db,
        rows.map((row) => row.coverImageId),
      ),
    ]);
    return rows.map((row) =>
      presentSummary(
        this.deps.links,
        row,
        types.filter((type) => type.activityId === row.id),
        counts.get(row.id),
        covers.get(row.coverImageId ?? ''),
        decimals,
        phaseOf(row, now),
      ),
    );
  }

  // Discovery

  /** Public, published activities that have not ended, soonest first, by cursor. */
  list(filter: ListFilter): Promise<{ items: ActivitySummary[]; nextCursor: string | null }> {
    return this.cache.read(`list:${JSON.stringify(filter)}`, async () => {
      const now = this.deps.now();
      const found = await summarySections(this.db, this.deps.links, now, [this.listSection('list', filter, now)]);
      return pageOf(found.get('list')!, filter.limit);
    });
  }

  /** The query of one discovery list; it reads one row more than the page to know whether another follows. */
  private listSection(name: string, filter: ListFilter, now: Date): SummarySection {
    const cursor = decodeCursor(filter.cursor);
    const range = filter.when ? rangeFor(filter.when, now, filter.tz) : null;
    const conditions = [
      sql`a.status = 'published'`,
      sql`a.visibility = 'public'`,
      sql`a.ends_at > ${now.toISOString()}::timestamptz`,
    ];
    if (filter.city) conditions.push(sql`lower(a.city) = lower(${filter.city})`);
    if (filter.category) conditions.push(sql`a.category = ${filter.category}`);
    if (filter.featured) conditions.push(sql`(a.marketing->>'featured')::boolean`);
    if (filter.online === true) conditions.push(sql`a.online_url is not null`);
    if (filter.online === false) conditions.push(sql`a.online_url is null`);
    if (range) {
      conditions.push(sql`a.starts_at < ${range.to.toISOString()}::timestamptz`);
      conditions.push(sql`a.ends_at > ${range.from.toISOString()}::timestamptz`);
    }
    const priced = sql`exists (select 1 from ticket_types t where t.activity_id = a.id and t.deleted_at is null and t.price > 0)`;
    const freeTicket = sql`exists (select 1 from ticket_types t where t.activity_id = a.id and t.deleted_at is null and t.price = 0)`;
    if (filter.free === true) conditions.push(freeTicket);
    if (filter.free === false) conditions.push(priced);
    if (filter.q) {
      const pattern = likePattern(filter.q);
      conditions.push(sql`(a.title ilike ${pattern} or a.description ilike ${pattern} or a.city ilike ${pattern})`);
    }
    if (cursor) conditions.push(sql`(a.starts_at, a.id) > (${cursor.at}::timestamptz, ${cursor.id})`);
    return {
      name,
      where: sql.join(conditions, sql` and `),
      order: sql`order by a.starts_at, a.id`,
      limit: filter.limit + 1,
    };
  }

  categories(city?: string) {
    return this.cache.read(`categories:${city ?? ''}`, () => this.countCategories(city));
  }

  private async countCategories(city: string | undefined) {
    const now = this.deps.now();
    const rows = await query<{ category: string; n: string }>(
      this.db,
      sql`select category, count(*)::text as n from activities
          where status = 'published' and visibility = 'public' and ends_at > ${now.toISOString()}::timestamptz
          ${city ? sql`and lower(city) = lower(${city})` : sql``}
          group by category`,
    );
    return ACTIVITY_CATEGORIES.map((category) => ({
      category,
      count: Number(rows.rows.find((row) => row.category === category)?.n ?? 0),
    }));
  }

  cities() {
    return this.cache.read('cities', () => this.countCities());
  }

  private async countCities() {
    const now = this.deps.now();
    const rows = await query<{ city: string; n: string }>(
      this.db,
      sql`select min(city) as city, count(*)::text as n from activities
          where status = 'published' and visibility = 'public' and city is not null
            and ends_at > ${now.toISOString()}::timestamptz
          group by lower(city) order by count(*) desc, min(city) limit 100`,
    );
    return rows.rows.map((row) => ({ city: row.city, count: Number(row.n) }));
  }

  /** Three short lists in one statement, and the category counts. */
  explore(city: string | undefined, tz: string) {
    return this.cache.read(`explore:${JSON.stringify([city, tz])}`, async () => {
      const now = this.deps.now();
      const base = { city, tz, limit: EXPLORE_SECTION };
      const [sections, categories] = await Promise.all([
        summarySections(this.db, this.deps.links, now, [
          this.listSection('featured', { ...base, featured: true }, now),
          this.listSection('thisWeek', { ...base, when: 'week' }, now),
          this.listSection('free', { ...base, free: true }, now),
        ]),
        this.countCategories(city),
      ]);
      const items = (name: string) =>
        sections
          .get(name)!
          .slice(0, EXPLORE_SECTION)
          .map((item) => item.summary);
      return { featured: items('featured'), thisWeek: items('thisWeek'), free: items('free'), categories };
    });
  }

  /** Activities the user joined (any live or checked-in ticket) or hosts (organizer or co-host, drafts too). */
  async mine(
    userId: number,
    input: { role: 'joined' | 'hosted'; when: 'upcoming' | 'past' | 'all'; cursor?: string; limit: number },
  ) {
    const now = this.deps.now().toISOString();
    const past = input.when === 'past';
    const cursor = decodeCursor(input.cursor);
    const membership =
      input.role === 'hosted'
        ? sql`(a.organizer_id = ${userId} or exists (select 1 from activity_cohosts c where c.activity_id = a.id and c.user_id = ${userId}))`
        : sql`exists (select 1 from registrations r where r.activity_id = a.id and r.user_id = ${userId}
                and r.status in ('pending', 'approved', 'waitlisted'))`;
    const when =
      input.when === 'upcoming'
        ? sql`and a.ends_at > ${now}::timestamptz`
        : past
          ? sql`and a.ends_at <= ${now}::timestamptz`
          : sql``;
    const after = cursor
      ? past
        ? sql`and (a.starts_at, a.id) < (${cursor.at}::timestamptz, ${cursor.id})`
        : sql`and (a.starts_at, a.id) > (${cursor.at}::timestamptz, ${cursor.id})`
      : sql``;
    const order = past ? sql`order by a.starts_at desc, a.id desc` : sql`order by a.starts_at, a.id`;
    const found = await summarySections(this.db, this.deps.links, this.deps.now(), [
      { name: 'mine', where: sql`${membership} ${when} ${after}`, order, limit: input.limit + 1 },
    ]);
    return pageOf(found.get('mine')!, input.limit);
  }

  // Drafts of the create/edit form

  private async draftKey(userId: number, code: string | undefined): Promise<string> {
    if (!code) return NEW_DRAFT_KEY;
    await this.managed(code, userId, canEdit);
    return code;
  }

  async draft(userId: number, code: string | undefined) {
    const key = await this.draftKey(userId, code);
    const [row] = await this.db
      .select()
      .from(activityDrafts)
      .where(and(eq(activityDrafts.userId, userId), eq(activityDrafts.draftKey, key)));
    return { draft: row ? { data: row.data, updatedAt: row.updatedAt.toISOString() } : null };
  }

  async saveDraft(userId: number, code: string | undefined, data: Record<string, unknown>) {
    const key = await this.draftKey(userId, code);
    if (JSON.stringify(data).length > DRAFT_MAX_BYTES) {
      throw new FieldsError([{ field: 'data', messageKey: 'activity.draftTooLarge' }]);
    }
    const now = this.deps.now();
    await this.db
      .insert(activityDrafts)
      .values({ userId, draftKey: key, data, updatedAt: now })
      .onConflictDoUpdate({ target: [activityDrafts.userId, activityDrafts.draftKey], set: { data, updatedAt: now } });
    return { draft: { data, updatedAt: now.toISOString() } };
  }

  async deleteDraft(userId: number, code: string | undefined) {
    const key = await this.draftKey(userId, code);
    await this.db
      .delete(activityDrafts)
      .where(and(eq(activityDrafts.userId, userId), eq(activityDrafts.draftKey, key)));
    return {};
  }

  // Organizer settings

  async setMarketing(
    userId: number,
    input: { activityId: string; featured?: boolean; shareTitle?: string | null; shareText?: string | null },
  ): Promise<ActivityMarketing> {
    const activity = await this.managed(input.activityId, userId);
    const next: ActivityMarketing = {
      featured: input.featured ?? activity.row.marketing.featured,
      shareTitle: input.shareTitle !== undefined ? input.shareTitle : activity.row.marketing.shareTitle,
      shareText: input.shareText !== undefined ? input.shareText : activity.row.marketing.shareText,
    };
    await this.db
      .update(activities)
      .set({ marketing: next, updatedAt: this.deps.now() })
      .where(eq(activities.id, activity.row.id));
    return next;
  }

  /**
   * An invitation link; signing up with it skips approval. With emails, each address gets the link by mail,
   * sent after the invitation is stored (never inside a transaction).
   */
  async invite(user: { id: number }, input: { activityId: string; emails: string[] }) {
    const activity = await this.managed(input.activityId, user.id);
    if (activity.row.status === 'cancelled') throw new AppError(Status.conflict, 'activity.cancelled');
    const recipients = [...new Set(input.emails)];
    await this.claimInviteMails(user.id, recipients.length);
    const code = newInviteCode();
    const now = this.deps.now();
    await this.db.insert(activityInvitations).values({
      activityId: activity.row.id,
      code,
      email: input.emails.length === 1 ? input.emails[0]! : null,
      invitedBy: user.id,
      createdAt: now,
    });
    const link = this.deps.links.activity(activity.row.code, code);
    const inviter = (await peopleById(this.db, [user.id])).get(user.id)!;
    let mailed = 0;
    for (const email of recipients) {
      try {
        await this.deps.mailer.send(inviteMail(email, activity.row, inviter.name, link));
        mailed++;
      } catch (error) {
        this.deps.log.warn({ err: error, email }, 'invitation mail failed');
      }
    }
    return { code, link, mailed };
  }

  /** Claims the organizer's daily mail budget for the whole list at once, before anything is stored or sent. */
  private async claimInviteMails(userId: number, count: number) {
    if (!(await this.deps.attempts.claimMany(`invite-mail:${userId}`, INVITE_MAIL_RULE, count))) {
      throw new AppError(Status.conflict, 'activity.inviteDailyCap', { max: INVITE_MAILS_PER_DAY });
    }
  }

  assertCancellable(activity: LoadedActivity, userId: number) {
    authorize(activity, userId, canCancelActivity);
  }
}

function withQuestionIds(questions: CreateActivity['questions']) {
  return questions.map((question, index) => ({
    id: question.id ?? `q${index + 1}`,
    label: question.label,
    type: question.type,
    required: question.required,
    ...(question.type === 'choice' ? { options: question.options ?? [] } : {}),
  }));
}

/** Invitations go out in English and Traditional Chinese: the invitee's language is not known. */
function inviteMail(to: string, activity: ActivityRow, inviter: string, link: string) {
  const date = activity.startsAt.toLocaleString('en-GB', {
    timeZone: activity.timezone,
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  const params = { name: inviter, title: activity.title, date, link };
  return {
    to,
    subject: `${fill('en', 'activity.inviteSubject', params)} / ${fill('zh-Hant', 'activity.inviteSubject', params)}`,
    text: `${fill('en', 'activity.inviteBody', params)}\n\n${fill('zh-Hant', 'activity.inviteBody', params)}`,
  };
}

/**
 * What an edit changed that attendees must hear about: the start, or the venue (online or not, city, address,
 * map position). A new online link is not a new venue; holders see it on the page.
 */
export function changeReason(before: ActivityRow, after: ActivityRow): RefundRightReason | null {
  const time = before.startsAt.getTime() !== after.startsAt.getTime();
  const venue =
    (before.onlineUrl === null) !== (after.onlineUrl === null) ||
    before.city !== after.city ||
    before.address !== after.address ||
    before.latitude !== after.latitude ||
    before.longitude !== after.longitude;
  if (time && venue) return 'timeAndVenueChanged';
  if (time) return 'timeChanged';
  return venue ? 'venueChanged' : null;
}

/** The columns an organizer edits, the same on create and on update. */
function editableColumns(draft: ActivityDraft) {
  return {
    visibility: draft.visibility,
    title: draft.title,
    description: draft.description,
    category: draft.category,
    startsAt: new Date(draft.startsAt),
    endsAt: new Date(draft.endsAt),
    timezone: draft.timezone,
    onlineUrl: draft.onlineUrl ?? null,
    city: draft.city ?? null,
    address: draft.address ?? null,
    latitude: draft.latitude ?? null,
    longitude: draft.longitude ?? null,
    capacity: draft.capacity ?? null,
    requireApproval: draft.requireApproval,
    questions: withQuestionIds(draft.questions),
  };
}

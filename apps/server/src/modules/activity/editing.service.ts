import {
  type Activity,
  type CreateActivity,
  type RefundRightReason,
  Status,
  type UpdateActivity,
} from '@polaris/contract';
import type { Database, Tx } from '../../db/client.ts';
import { AppError, FieldsError } from '../../platform/errors.ts';
import type { Links } from '../../platform/links.ts';
import { canonicalCity } from '../../platform/places/cities.ts';
import {
  type ActivityMarketing,
  type ActivityRow,
  assetDecimals,
  deleteDraft,
  type EditableColumns,
  findActivity,
  imageById,
  insertActivity,
  insertTicketTypes,
  liveTicketTypes,
  lockActivity,
  profileNames,
  publishDraft,
  raiseCalendarSequence,
  removeTicketType,
  saveMarketing,
  saveTicketTypes,
  setCohosts,
  updateActivity,
  usersByUid,
} from './activities.store.ts';
import { newActivityCode, newSecret } from './codes.ts';
import type { DiscoveryService } from './discovery.service.ts';
import { NEW_DRAFT_KEY } from './drafts.service.ts';
import type { ActivityEvents } from './events.ts';
import type { ActivityNoticeService } from './notify.service.ts';
import { canChangeCohosts, canEdit, editRefusal } from './policy.ts';
import { grantFullRefundRight, heldByTicketType, seatCounts } from './registrations.store.ts';
import { changeReason } from './rules.ts';
import { activityAllowing, managedActivity } from './service.ts';
import { type ActivityDraft, checkActivity, type FieldProblem, throwProblems } from './validate.ts';

export interface EditingDeps {
  db: Database;
  now: () => Date;
  links: Links;
  /** Answers with the activity as its editor now sees it. */
  discovery: DiscoveryService;
  /** Fill seats freed by an edit from the waitlist. */
  promote: (activityId: number) => Promise<unknown>;
  events?: ActivityEvents;
  /** Tells every live place of a change of time or venue, after the commit (notify.service.ts). */
  notices?: ActivityNoticeService;
}

/** How a series claims an occurrence inside the transaction that creates it (series/series.service.ts). */
export interface OccurrenceClaim {
  /** First in the transaction: whether this call won the occurrence (nothing is created when not). */
  claim(tx: Tx): Promise<boolean>;
  /** Last in the transaction: the occurrence's activity row exists. */
  created(tx: Tx, activityId: number): Promise<void>;
}

/**
 * Creating, editing and publishing activities, and their promotion settings. An edit that moves the start or
 * the venue gives paid places a full-refund right until the start, raises the calendar invite's SEQUENCE, and
 * (after the commit) tells every live place with the updated invite.
 */
export class EditingService {
  constructor(private readonly deps: EditingDeps) {}

  private get db() {
    return this.deps.db;
  }

  async create(user: { id: number }, input: CreateActivity): Promise<Activity> {
    const code = (await this.insertNew(user, input))!;
    return this.deps.discovery.detail(code, user.id);
  }

  /**
   * A series' occurrence, made through the same path as any activity (its tickets, its chat room through the
   * `created` event, its check-in secret): `claim` runs first in the creating transaction and answers whether
   * this call won the occurrence; when not, nothing is created (null). The organizer's kept form is left alone.
   */
  createOccurrence(user: { id: number }, input: CreateActivity, occurrence: OccurrenceClaim): Promise<string | null> {
    return this.insertNew(user, input, occurrence);
  }

  private async insertNew(user: { id: number }, input: CreateActivity, occurrence?: OccurrenceClaim) {
    const profile = await profileNames(this.db, user.id);
    if (!profile?.uname && !profile?.openName) throw new AppError(Status.precondition, 'activity.profileIncomplete');
    const now = this.deps.now();
    const decimals = await assetDecimals(this.db);
    const draft: ActivityDraft = { ...input, ticketTypes: input.ticketTypes ?? [{ name: 'General' }] };
    const { problems, ticketTypes: plans } = checkActivity(draft, { now, startChanged: true, decimals });
    problems.push(...(await this.checkCover(user.id, input.coverImageId ?? null, null)));
    const cohostIds = await this.resolveCohosts(input.coHosts, user.id, problems);
    throwProblems(problems);

    const code = newActivityCode();
    const id = await this.db.transaction(async (tx) => {
      if (occurrence && !(await occurrence.claim(tx))) return null;
      const id = await insertActivity(tx, {
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
      });
      await insertTicketTypes(tx, id, plans);
      await setCohosts(tx, id, cohostIds, false);
      if (occurrence) await occurrence.created(tx, id);
      else await deleteDraft(tx, user.id, NEW_DRAFT_KEY);
      return id;
    });
    if (id === null) return null;
    await this.deps.events?.emit({
      type: 'created',
      activityId: id,
      title: input.title,
      organizerId: user.id,
      cohostIds,
    });
    return code;
  }

  async update(user: { id: number }, input: UpdateActivity): Promise<Activity> {
    const now = this.deps.now();
    const activity = await activityAllowing(this.db, input.id, (found) => editRefusal(found, user.id, now));
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
          hidden: type.hidden,
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
          hidden: type.hidden,
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
      const heldBy = await heldByTicketType(tx, row.id);
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

      const changed = await updateActivity(tx, row.id, {
        ...editableColumns(draft),
        coverImageId: input.coverImageId !== undefined ? input.coverImageId : row.coverImageId,
        updatedAt: now,
      });
      const reason = changeReason(row, changed);
      if (reason) await this.noticeChange(tx, changed, reason, now);
      for (const type of currentTypes) {
        if (!keptIds.has(type.id)) await removeTicketType(tx, type.id, now);
      }
      await saveTicketTypes(tx, row.id, typePlans);
      if (cohostIds) await setCohosts(tx, row.id, cohostIds, true);
      await deleteDraft(tx, user.id, row.code);
    });
    // A larger capacity may have freed seats: the waitlist moves up now.
    await this.deps.promote(stored.id);
    const saved = (await findActivity(this.db, stored.code))!;
    await this.deps.events?.emit({
      type: 'changed',
      activityId: saved.row.id,
      title: saved.row.title,
      cohostIds: saved.cohostIds,
    });
    return this.deps.discovery.detail(stored.code, user.id);
  }

  /**
   * The start or the venue changed (activity row locked): each paid place (escrowed or held) may be cancelled
   * for a full refund until the new start, whatever the 24-hour rule says, so an organizer cannot move an
   * activity close and keep the money of those who cannot come; and the calendar invite gets its next SEQUENCE,
   * in this transaction, so the notices sent after the commit carry a revision calendars accept as newer.
   */
  private async noticeChange(tx: Tx, activity: ActivityRow, reason: RefundRightReason, now: Date) {
    await grantFullRefundRight(tx, activity.id, { until: activity.startsAt, reason, now });
    await raiseCalendarSequence(tx, activity.id);
    // Every live place hears of it through the outbox: the organizer's request does not wait for the fan-out.
    await this.deps.notices?.later(tx, 'activity.changed', { activityId: activity.id });
  }

  async publish(user: { id: number }, code: string): Promise<Activity> {
    const activity = await managedActivity(this.db, code, user.id, canEdit);
    if (activity.row.status === 'draft') {
      const now = this.deps.now();
      if (activity.row.startsAt <= now) {
        throw new FieldsError([{ field: 'startsAt', messageKey: 'activity.startInPast' }]);
      }
      await publishDraft(this.db, activity.row.id, now);
    }
    return this.deps.discovery.detail(code, user.id);
  }

  /** Promotion settings: featured on explore, share title and text. */
  async setMarketing(
    userId: number,
    input: { activityId: string; featured?: boolean; shareTitle?: string | null; shareText?: string | null },
  ): Promise<ActivityMarketing> {
    const activity = await managedActivity(this.db, input.activityId, userId);
    const next: ActivityMarketing = {
      featured: input.featured ?? activity.row.marketing.featured,
      shareTitle: input.shareTitle !== undefined ? input.shareTitle : activity.row.marketing.shareTitle,
      shareText: input.shareText !== undefined ? input.shareText : activity.row.marketing.shareText,
    };
    await saveMarketing(this.db, activity.row.id, next, this.deps.now());
    return next;
  }

  /** A cover must be the user's own upload (the one already set may stay). */
  private async checkCover(userId: number, imageId: string | null, current: string | null): Promise<FieldProblem[]> {
    if (!imageId || imageId === current) return [];
    const image = await imageById(this.db, imageId);
    return image?.ownerId === userId ? [] : [{ field: 'coverImageId', messageKey: 'activity.coverNotYours' }];
  }

  /** Co-hosts by uid: each must exist and not be the organizer; repeats count once. */
  private async resolveCohosts(uids: string[], organizerId: number, problems: FieldProblem[]): Promise<number[]> {
    if (uids.length === 0) return [];
    const rows = await usersByUid(
      this.db,
      uids.map((uid) => Number(uid)),
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

/** The columns an organizer edits, the same on create and on update. */
function editableColumns(draft: ActivityDraft): EditableColumns {
  return {
    visibility: draft.visibility,
    title: draft.title,
    description: draft.description,
    category: draft.category,
    startsAt: new Date(draft.startsAt),
    endsAt: new Date(draft.endsAt),
    timezone: draft.timezone,
    onlineUrl: draft.onlineUrl ?? null,
    // Filed by its catalogue id when the text names a catalogue city, as typed when not (platform/places).
    city: draft.city ? canonicalCity(draft.city) : null,
    address: draft.address ?? null,
    latitude: draft.latitude ?? null,
    longitude: draft.longitude ?? null,
    capacity: draft.capacity ?? null,
    requireApproval: draft.requireApproval,
    questions: withQuestionIds(draft.questions),
  };
}

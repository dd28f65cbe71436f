import { type ChatReportItem, type ChatReportReason, Status } from '@polaris/contract';
import { AppError, FieldsError } from '../../platform/errors.ts';
import { claimReport, closeReports, openReports, type ReportView, reportById } from './guard.store.ts';
import type { ChatMessagesService } from './messages.service.ts';
import { markDeleted, messageBySeq } from './messages.store.ts';
import type { ChatModerationService } from './moderation.service.ts';
import { authorize, isActive, isAdmin } from './policy.ts';
import type { Caller, ChatRoomAccess } from './room-access.ts';
import { memberOf, roomById, uidOf, userIdsByUid } from './store.ts';

const QUEUE_LIMIT = 200;

interface ReportInput {
  roomId: string;
  seq?: number;
  uid?: string;
  reason: ChatReportReason;
  note: string;
}

const present = (row: ReportView): ChatReportItem => ({
  id: String(row.id),
  roomId: String(row.roomId),
  seq: row.seq === null ? null : Number(row.seq),
  reason: row.reason as ChatReportReason,
  note: row.note,
  reporter: { uid: String(row.reporterUid), name: row.reporterName },
  target: { uid: String(row.targetUid), name: row.targetName },
  message:
    row.seq === null
      ? null
      : { text: row.body ?? '', imageId: row.imageId, deleted: row.deletedAt !== null || row.body === null },
  createdAt: new Date(row.createdAt).toISOString(),
});

/**
 * Reports of messages and people, and their queues: a room's admins act on their room's (with the moderation they
 * have), the operators on direct conversations' (`npm run chat:reports`), since those have no admins.
 */
export class ChatReportsService {
  constructor(
    private readonly access: ChatRoomAccess,
    private readonly messages: ChatMessagesService,
    private readonly moderation: ChatModerationService,
  ) {}

  private get db() {
    return this.access.db;
  }

  /**
   * Files a report. The room and the message must be ones the reporter may read: anything else answers as an
   * unknown room or message does. One open report per reporter and target: a repeat answers the first one's id.
   */
  async report(user: Caller, input: ReportInput) {
    const { room } = await this.access.membership(user.id, input.roomId);
    let targetId: number | undefined;
    if (input.seq !== undefined) {
      const message = await messageBySeq(this.db, room.id, input.seq);
      if (!message || message.kind === 'system' || message.senderId === null) {
        throw new AppError(Status.notFound, 'chat.notFound');
      }
      targetId = message.senderId;
    } else {
      const id = (await userIdsByUid(this.db, [Number(input.uid)])).get(Number(input.uid));
      const member = id === undefined ? undefined : await memberOf(this.db, room.id, id);
      if (!isActive(member)) throw new AppError(Status.notFound, 'chat.userNotFound');
      targetId = id;
    }
    if (targetId === user.id) throw new AppError(Status.conflict, 'chat.reportSelf');
    const id = await claimReport(this.db, {
      reporterId: user.id,
      roomId: room.id,
      seq: input.seq ?? null,
      targetId: targetId!,
      reason: input.reason,
      note: input.note,
      createdAt: this.access.deps.now(),
    });
    return { id: String(id) };
  }

  /** The open reports of a room, oldest first, for its admins (403 to members, 404 to whoever may not see it). */
  async roomQueue(user: Caller, roomId: string) {
    const { room, member } = await this.access.membership(user.id, roomId);
    authorize(true, isAdmin(member));
    return { items: (await openReports(this.db, { roomId: room.id }, QUEUE_LIMIT)).map(present) };
  }

  /**
   * An admin's decision on a report of their room: delete the message, mute or ban its author (the moderation
   * service's own rules apply: an admin cannot ban the owner), or dismiss. Every open report of the same target
   * closes with it.
   */
  async act(
    user: Caller,
    input: { roomId: string; id: string; action: 'delete' | 'mute' | 'ban' | 'dismiss'; minutes: number },
  ) {
    const { room, member } = await this.access.membership(user.id, input.roomId);
    authorize(true, isAdmin(member));
    const report = await reportById(this.db, Number(input.id));
    if (!report || report.roomId !== room.id || report.status !== 'open') {
      throw new AppError(Status.notFound, 'chat.reportNotFound');
    }
    const uid = String(await uidOf(this.db, report.targetId));
    if (input.action === 'delete') {
      if (report.seq === null) throw new FieldsError([{ field: 'action', messageKey: 'chat.reportNoMessage' }]);
      await this.messages.deleteMessage(user, { roomId: input.roomId, seq: report.seq });
    } else if (input.action === 'mute') {
      await this.moderation.mute(user, { roomId: input.roomId, uid, minutes: input.minutes });
    } else if (input.action === 'ban') {
      await this.moderation.ban(user, { roomId: input.roomId, uid });
    }
    return this.close(report, input.action, user.id);
  }

  private async close(report: NonNullable<Awaited<ReturnType<typeof reportById>>>, action: string, by: number | null) {
    const status = action === 'dismiss' ? ('dismissed' as const) : ('resolved' as const);
    await closeReports(this.db, report, { status, action, resolvedBy: by, resolvedAt: this.access.deps.now() });
    return { id: String(report.id), status };
  }

  /** The operators' queue: open reports of direct conversations, oldest first. */
  async operatorQueue() {
    return { items: (await openReports(this.db, { direct: true }, QUEUE_LIMIT)).map(present) };
  }

  /** An operator deletes the reported message of a direct conversation, or dismisses the report. */
  async operatorAct(input: { id: string; action: 'delete' | 'dismiss' }) {
    const report = await reportById(this.db, Number(input.id));
    const room = report ? await roomById(this.db, report.roomId) : undefined;
    if (report?.status !== 'open' || room?.kind !== 'direct') {
      throw new AppError(Status.notFound, 'chat.reportNotFound');
    }
    if (input.action === 'delete') {
      if (report.seq === null) throw new FieldsError([{ field: 'action', messageKey: 'chat.reportNoMessage' }]);
      await markDeleted(this.db, report.roomId, report.seq, this.access.deps.now());
      await this.access.publish(report.roomId, { type: 'deleted', roomId: String(report.roomId), seq: report.seq });
    }
    return this.close(report, input.action, null);
  }
}

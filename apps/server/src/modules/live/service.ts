import { LIVE_WAIT_MS, type LiveAnswer, type LiveStage, type LiveWatch, Status } from '@polaris/contract';
import type { Database } from '../../db/client.ts';
import { AppError, FieldsError, ServiceUnavailableError } from '../../platform/errors.ts';
import type { RealtimeBus } from '../../platform/realtime.ts';
import { endsSession, type SessionsEnded } from '../../platform/session-events.ts';
import { type RoomVisibility, seesObject } from '../chat/service.ts';
import { type LiveMedia, MediaOfferError, MediaUnavailableError } from './media.ts';
import {
  authorizeRoomStage,
  broadcastRefusal,
  canOf,
  MOVES,
  type Move,
  moveRefusal,
  type RoomRole,
  watchRefusal,
} from './policy.ts';
import { presentStage } from './presenter.ts';
import {
  insertStage,
  moveStage,
  publicStagesOnAir,
  type StageStatus,
  type StageWithOwner,
  stagesOnAirByRoom,
  stageWithOwner,
} from './store.ts';

export interface LiveDeps {
  db: Database;
  now: () => Date;
  media: LiveMedia;
  /** Where a stage's moves are announced to the viewers waiting on any process (`waitForMove`). */
  bus: RealtimeBus;
  /** The deployment's scope on a shared Redis (chat's: the database's name). */
  scope: string;
  /** How long a wait is held (LIVE_WAIT_MS; shorter in tests). */
  waitMs?: number;
  /** The user's role in a chat room, null when they are not in it (the chat module answers). */
  roomRole(roomId: number, userId: number): Promise<RoomRole>;
  /** Who may see what belongs to a chat room (the chat module's one rule): a room's members-only stage is its own. */
  rooms: RoomVisibility;
  /** Uploaded images (the activity module's): covers are checked to be the owner's, and answered with their sizes. */
  images: {
    ownedBy(id: string, userId: number): Promise<boolean>;
    presented(ids: string[]): Promise<Map<string, LiveStage['cover'] & {}>>;
  };
  /** A room's stage went on air for the first time: its members are told (the chat module's notices). */
  onAir?(stage: { id: number; roomId: number; ownerId: number; ownerName: string }): void;
}

interface StageInput {
  title: string;
  coverImageId?: string | null;
  audience: 'members' | 'link';
  roomId?: number | null;
}

const notFound = () => new AppError(Status.notFound, 'live.notFound');

/** Who opened a media session: the signed-in session it dies with (docs/security-centre.md "When a session ends"). */
export interface SignalingUser {
  id: number;
  sessionId: number;
}

/**
 * Live stages: their life (scheduled → live ⇄ paused → ended, the owner only) and the signalling that connects a
 * broadcaster or a viewer to the media adapter once the stage allows it.
 */
export class LiveService {
  /** This process's media sessions opened by a signed-in user, by media session id. */
  private readonly bound = new Map<string, { userId: number; sessionId: number }>();

  /** Requests held by `waitForMove` on this process: woken when it closes, so shutting down waits for none. */
  private readonly waiting = new Set<() => void>();

  constructor(private readonly deps: LiveDeps) {}

  async create(userId: number, input: StageInput): Promise<LiveStage> {
    if (input.roomId != null) authorizeRoomStage(await this.deps.roomRole(input.roomId, userId));
    if (input.coverImageId && !(await this.deps.images.ownedBy(input.coverImageId, userId))) {
      throw new FieldsError([{ field: 'coverImageId', messageKey: 'activity.imageUnknown' }]);
    }
    const row = await insertStage(
      this.deps.db,
      {
        ownerId: userId,
        title: input.title,
        coverImageId: input.coverImageId ?? null,
        audience: input.audience,
        roomId: input.roomId ?? null,
      },
      this.deps.now(),
    );
    return this.get(row.id, userId);
  }

  async get(id: number, userId: number | null): Promise<LiveStage> {
    const stage = await this.load(id, userId);
    return (await this.presentAll([stage], userId))[0]!;
  }

  async move(id: number, userId: number, move: Move): Promise<LiveStage> {
    const stage = await this.load(id, userId);
    const refused = moveRefusal(stage, userId, move);
    if (refused) throw refused;
    const { from, to } = MOVES[move];
    const now = this.deps.now();
    const times = move === 'end' ? { endedAt: now } : move === 'start' && !stage.startedAt ? { startedAt: now } : {};
    const moved = await moveStage(this.deps.db, id, [...from], to, times, now);
    // Another move got there first (the rule passed on the row as it was read).
    if (!moved) throw new AppError(Status.conflict, 'live.notLive');
    if (to === 'ended') await this.deps.media.endStage(id);
    else await this.deps.media.setPaused(id, to === 'paused');
    // The move is made whether or not the announcement gets out: waiting viewers then learn it at their wait's end.
    await this.deps.bus.publish(this.channel(id), to).catch(() => {});
    if (move === 'start' && !stage.startedAt && stage.roomId !== null) {
      this.deps.onAir?.({ id, roomId: stage.roomId, ownerId: stage.ownerId, ownerName: stage.ownerName ?? '' });
    }
    return (await this.presentAll([{ ...stage, ...moved }], userId))[0]!;
  }

  /**
   * The stage once its status is no longer `seen`, or as it is after LIVE_WAIT_MS: a viewer waiting for a stage to
   * go live learns it as soon as it does, on whichever process the move was made (the bus), with one request per
   * 25 s instead of a poll a second (a poll's phase alone cost a waiting viewer up to a second of its first frame).
   */
  async waitForMove(id: number, userId: number | null, seen: StageStatus): Promise<LiveStage> {
    let wake = () => {};
    const moved = new Promise<void>((resolve) => {
      wake = resolve;
    });
    // Listening before reading: a move made between the read and the listening would otherwise be missed.
    const stopListening = await this.deps.bus.subscribe(this.channel(id), () => wake());
    this.waiting.add(wake);
    let timer: NodeJS.Timeout | undefined;
    try {
      const stage = await this.get(id, userId);
      if (stage.status !== seen) return stage;
      const timedOut = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, this.deps.waitMs ?? LIVE_WAIT_MS);
      });
      await Promise.race([moved, timedOut]);
      return await this.get(id, userId);
    } finally {
      clearTimeout(timer);
      this.waiting.delete(wake);
      await stopListening();
    }
  }

  /** Answers every held wait now (the process is closing: its requests must end before the server can). */
  wakeWaiting(): void {
    for (const wake of this.waiting) wake();
  }

  private channel(id: number): string {
    return `live:${this.deps.scope}:${id}`;
  }

  /** The broadcaster's offer; the stage must be started (live or paused) first. */
  async publish(id: number, user: SignalingUser, sdp: string): Promise<LiveAnswer> {
    const userId = user.id;
    const stage = await this.load(id, userId);
    const refused = broadcastRefusal(stage, userId, await this.viewerRole(stage, userId));
    if (refused) throw refused;
    const answer = await this.signal(() => this.deps.media.publish(id, sdp));
    this.bind(answer.sessionId, user);
    await this.deps.media.setPaused(id, stage.status === 'paused');
    return answer;
  }

  /** The viewer's offer answered, or (no offer, `watchOffer` is `server`) the SFU's offer to answer next. */
  async watch(id: number, user: SignalingUser | null, sdp: string | undefined): Promise<LiveWatch> {
    const userId = user?.id ?? null;
    const stage = await this.load(id, userId);
    const refused = watchRefusal(stage, userId, await this.viewerRole(stage, userId));
    if (refused) throw refused;
    const reply = await this.signal(() => this.deps.media.watch(id, sdp));
    if (user) this.bind(reply.sessionId, user);
    return reply;
  }

  /**
   * Sessions ended (from any process): the media sessions they opened here close, a broadcaster's and a
   * viewer's alike, so a signed-out device neither publishes nor watches any more.
   */
  async sessionsEnded(event: SessionsEnded): Promise<void> {
    const closing: string[] = [];
    for (const [mediaId, owner] of this.bound) {
      if (endsSession(event, owner)) closing.push(mediaId);
    }
    for (const mediaId of closing) this.bound.delete(mediaId);
    await Promise.all(closing.map((mediaId) => this.deps.media.close(mediaId).catch(() => {})));
  }

  /** Remembers who opened a media session; forgets those the media side has closed meanwhile. */
  private bind(mediaId: string, user: SignalingUser) {
    for (const id of this.bound.keys()) if (this.deps.media.stageOf(id) === undefined) this.bound.delete(id);
    this.bound.set(mediaId, { userId: user.id, sessionId: user.sessionId });
  }

  /** The second step of a watch the SFU offered: the session id from that offer stands for the viewer. */
  async answer(sessionId: string, sdp: string): Promise<void> {
    if (this.deps.media.stageOf(sessionId) === undefined) throw notFound();
    await this.signal(() => this.deps.media.acceptAnswer(sessionId, sdp));
  }

  /** Stages on air that anyone with the link may watch (the live list, a broadcaster's card). */
  async listOnAir(input: { limit: number; ownerUid?: number }) {
    const rows = await publicStagesOnAir(this.deps.db, input.limit, input.ownerUid);
    return { items: await this.presentAll(rows, null) };
  }

  /** The stage on air of each room that has one (chat shows "live now"). */
  onAirByRoom(roomIds: number[]) {
    return stagesOnAirByRoom(this.deps.db, roomIds);
  }

  private async viewerRole(stage: StageWithOwner, userId: number | null): Promise<RoomRole> {
    if (stage.roomId === null || userId === null) return null;
    return this.deps.roomRole(stage.roomId, userId);
  }

  /** Ends one media session (the page was left); the session id is the key, as a WHIP resource URL would be. */
  async closeSession(sessionId: string): Promise<void> {
    if (this.deps.media.stageOf(sessionId) === undefined) throw notFound();
    this.bound.delete(sessionId);
    await this.deps.media.close(sessionId);
  }

  private async signal<T>(open: () => Promise<T>): Promise<T> {
    try {
      return await open();
    } catch (error) {
      if (error instanceof MediaOfferError) throw new AppError(Status.invalid, 'live.mediaFailed');
      if (error instanceof MediaUnavailableError) throw new ServiceUnavailableError('live.mediaUnavailable', error);
      throw error;
    }
  }

  /**
   * A stage the viewer may see, else exactly the answer of an unknown one. A `members` stage of a room is the
   * room's: its owner and whoever may see the room see it (docs/api.md, "Visibility"). A `link` stage is open to
   * anyone with the link by its owner's choice (and listed on the live list).
   */
  private async load(id: number, viewerId: number | null): Promise<StageWithOwner> {
    const stage = await stageWithOwner(this.deps.db, id);
    if (!stage) throw notFound();
    const roomId = stage.audience === 'members' ? stage.roomId : null;
    if (!(await seesObject(this.deps.rooms, viewerId, { roomId, partyIds: [stage.ownerId] }))) throw notFound();
    return stage;
  }

  /**
   * Stages as their viewer sees them; covers in one query whatever their number. The viewer's role in a stage's
   * room (for `can.watch`) is asked only for a signed-in viewer, who is answered one stage at a time.
   */
  private async presentAll(stages: StageWithOwner[], userId: number | null): Promise<LiveStage[]> {
    const { media } = this.deps;
    const coverIds = stages.flatMap((stage) => (stage.coverImageId ? [stage.coverImageId] : []));
    const [covers, roles] = await Promise.all([
      coverIds.length > 0 ? this.deps.images.presented(coverIds) : new Map(),
      Promise.all(stages.map((stage) => this.viewerRole(stage, userId))),
    ]);
    return stages.map((stage, index) =>
      presentStage(
        stage,
        {
          viewers: media.viewers(stage.id),
          broadcasting: media.broadcasting(stage.id),
          iceServers: media.iceServers,
          watchOffer: media.watchOffer,
        },
        canOf(stage, userId, roles[index]!),
        (stage.coverImageId && covers.get(stage.coverImageId)) ?? null,
      ),
    );
  }
}

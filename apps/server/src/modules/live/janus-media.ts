import { randomUUID } from 'node:crypto';
import type { IceServer } from '@polaris/contract';
import { JanusClient, JanusError, type JanusEvent, JanusUnavailableError } from './janus-client.ts';
import { type LiveMedia, type MediaAnswer, MediaOfferError, MediaUnavailableError, type WatchReply } from './media.ts';

type Kind = 'audio' | 'video';

/** A feed in the room viewers can be switched to: a publisher's id and the mid of each of its streams. */
interface Feed {
  id: number;
  mids: Partial<Record<Kind, string>>;
}

interface Session {
  id: string;
  stageId: number;
  role: 'broadcaster' | 'viewer';
  handle: number;
  /** A broadcaster's own feed; a viewer's subscription: its own mid per kind, and the feed it is switched to. */
  feed: Feed;
  /** Viewer: Janus has its answer (it counts). Broadcaster: its connection is up in Janus (webrtcup). */
  ready: boolean;
  /** A viewer that never answers Janus's offer is dropped. */
  expire?: NodeJS.Timeout;
}

/** One stage = one VideoRoom room (its id is the stage id), with a dummy publisher for viewers to hold on to. */
interface Room {
  id: number;
  created: Promise<void>;
  dummy: Feed;
  broadcaster: Session | null;
  /** The broadcaster whose media viewers receive: set once its connection is up. */
  live: Session | null;
  /** Every viewer session, counted once it has answered. */
  viewers: Map<string, Session>;
  paused: boolean;
}

export interface JanusMediaOptions {
  /** Janus's HTTP API, e.g. `http://127.0.0.1:8088/janus` (JANUS_URL). */
  url: string;
  apiSecret?: string;
  /** The ICE servers browsers get; Janus's own STUN/TURN and NAT settings are in its janus.jcfg. */
  iceServers: IceServer[];
  timeoutMs?: number;
}

/** How long Janus's offer waits for the viewer's answer. */
const ANSWER_WAIT_MS = 30_000;

/**
 * Live stages on a Janus VideoRoom (Janus 1.1). The broadcaster publishes with its offer as on the embedded SFU.
 * Viewers are VideoRoom subscribers, and Janus only ever offers to subscribers, so `watch` returns Janus's offer and
 * `acceptAnswer` completes it (docs/live.md, "Janus"). Each room has a dummy publisher: a viewer subscribes to it,
 * and is switched (VideoRoom `switch`, no renegotiation) to the broadcaster once that one is up, and back to the
 * dummy when the broadcaster leaves or is replaced. So viewers may connect before the broadcaster, as on the
 * embedded SFU, and outlive a broadcaster's reload. Pausing tells Janus to stop relaying the broadcaster's streams.
 */
export class JanusMedia implements LiveMedia {
  readonly watchOffer = 'server';
  private readonly client: JanusClient;
  private readonly rooms = new Map<number, Room>();
  private readonly sessions = new Map<string, Session>();
  private readonly byHandle = new Map<number, Session>();
  /** Rooms being destroyed in Janus; creating the same room again waits for it. */
  private readonly destroying = new Map<number, Promise<unknown>>();
  /** A handle for room-level requests (create, destroy, listparticipants). */
  private control: Promise<number> | null = null;

  constructor(private readonly options: JanusMediaOptions) {
    this.client = new JanusClient({
      url: options.url,
      apiSecret: options.apiSecret,
      timeoutMs: options.timeoutMs,
      onEvent: (handle, event) => this.onEvent(handle, event),
      onSessionLost: () => this.forgetAll(),
    });
  }

  get iceServers() {
    return this.options.iceServers;
  }

  async publish(stageId: number, offerSdp: string): Promise<MediaAnswer> {
    return this.failing(async () => {
      const room = await this.room(stageId);
      const session = await this.open(room, 'broadcaster');
      const previous = room.broadcaster;
      room.broadcaster = session;
      if (previous) await this.close(previous.id);
      try {
        const reply = await this.client.message(
          session.handle,
          { request: 'joinandconfigure', ptype: 'publisher', room: stageId },
          { type: 'offer', sdp: offerSdp, trickle: false },
        );
        if (!reply.jsep) throw new MediaOfferError('Janus sent no answer');
        session.feed = { id: Number(reply.data.id), mids: receivedMids(reply.jsep.sdp) };
        if (Object.keys(session.feed.mids).length === 0) throw new MediaOfferError('the offer has no audio or video');
        return { sessionId: session.id, sdp: reply.jsep.sdp };
      } catch (error) {
        await this.close(session.id);
        throw error;
      }
    });
  }

  async watch(stageId: number): Promise<WatchReply> {
    return this.failing(async () => {
      const room = await this.room(stageId);
      const session = await this.open(room, 'viewer');
      room.viewers.set(session.id, session);
      try {
        const reply = await this.client.message(session.handle, {
          request: 'join',
          ptype: 'subscriber',
          room: stageId,
          // Without it, Janus would send a new offer when the broadcaster leaves; we switch to the dummy instead.
          autoupdate: false,
          streams: [{ feed: room.dummy.id }],
        });
        if (!reply.jsep) throw new MediaOfferError('Janus sent no offer');
        for (const stream of (reply.data.streams ?? []) as { type: string; mid: string; feed_mid: string }[]) {
          if (stream.type !== 'audio' && stream.type !== 'video') continue;
          session.feed.mids[stream.type] = stream.mid;
          room.dummy.mids[stream.type] = stream.feed_mid;
        }
        session.feed.id = room.dummy.id;
        if (room.live) await this.switchTo(session, room.live.feed);
        session.expire = setTimeout(() => void this.close(session.id), ANSWER_WAIT_MS);
        return { sessionId: session.id, sdp: reply.jsep.sdp, type: 'offer' };
      } catch (error) {
        await this.close(session.id);
        throw error;
      }
    });
  }

  async acceptAnswer(sessionId: string, answerSdp: string): Promise<void> {
    const session = this.sessions.get(sessionId);
    if (session?.role !== 'viewer' || session.ready) {
      throw new MediaOfferError('no offer is waiting for this answer');
    }
    clearTimeout(session.expire);
    await this.failing(async () => {
      try {
        await this.client.message(
          session.handle,
          { request: 'start' },
          { type: 'answer', sdp: answerSdp, trickle: false },
        );
        session.ready = true;
      } catch (error) {
        await this.close(sessionId);
        throw error;
      }
    });
  }

  stageOf(sessionId: string) {
    return this.sessions.get(sessionId)?.stageId;
  }

  async close(sessionId: string, gone = false) {
    const session = this.sessions.get(sessionId);
    if (!session) return;
    this.forget(session);
    const room = this.rooms.get(session.stageId);
    if (room) {
      room.viewers.delete(sessionId);
      if (room.broadcaster === session) room.broadcaster = null;
      if (room.live === session) {
        room.live = null;
        // A broadcaster whose connection died has taken its viewers' streams down in Janus: only a new offer
        // would bring them back, so they are closed and their pages connect again. One we close ourselves is
        // switched away from first, so its viewers stay connected for the next broadcaster.
        if (gone) await Promise.all([...room.viewers.keys()].map((id) => this.close(id)));
        else await Promise.all([...room.viewers.values()].map((viewer) => this.switchTo(viewer, room.dummy)));
      }
    }
    await this.client.detach(session.handle).catch(() => {});
    // Awaited, so that whoever closed the last session finds the room gone from Janus, not still going.
    if (room) await this.forgetIfIdle(room);
  }

  async setPaused(stageId: number, paused: boolean) {
    const room = this.rooms.get(stageId);
    if (!room) return;
    room.paused = paused;
    // The stage has moved already; if Janus cannot be told now, the next broadcaster to come up is.
    if (room.live) await this.relay(room, room.live).catch(() => {});
    if (!paused) await this.forgetIfIdle(room);
  }

  async endStage(stageId: number) {
    const room = this.rooms.get(stageId);
    if (!room) return;
    this.rooms.delete(stageId);
    const sessions = [...room.viewers.values(), ...(room.broadcaster ? [room.broadcaster] : [])];
    for (const session of sessions) this.forget(session);
    // Destroying the room hangs up everyone in it at once; the handles are then detached.
    await this.destroyRoom(stageId);
    await Promise.all(sessions.map((session) => this.client.detach(session.handle).catch(() => {})));
  }

  viewers(stageId: number) {
    let count = 0;
    for (const viewer of this.rooms.get(stageId)?.viewers.values() ?? []) if (viewer.ready) count += 1;
    return count;
  }

  broadcasting(stageId: number) {
    return this.rooms.get(stageId)?.broadcaster?.ready === true;
  }

  async stop() {
    await Promise.all([...this.rooms.keys()].map((id) => this.endStage(id)));
    await Promise.all(this.destroying.values());
    await this.client.stop();
  }

  private async room(stageId: number): Promise<Room> {
    let room = this.rooms.get(stageId);
    if (!room) {
      const created: Room = {
        id: stageId,
        created: Promise.resolve(),
        dummy: { id: 0, mids: {} },
        broadcaster: null,
        live: null,
        viewers: new Map(),
        paused: false,
      };
      created.created = this.createRoom(created);
      created.created.catch(() => {
        if (this.rooms.get(stageId) === created) this.rooms.delete(stageId);
      });
      this.rooms.set(stageId, created);
      room = created;
    }
    await room.created;
    return room;
  }

  private async createRoom(room: Room) {
    await this.destroying.get(room.id);
    const control = await this.controlHandle();
    try {
      await this.client.message(control, {
        request: 'create',
        room: room.id,
        is_private: true,
        // The dummy, a broadcaster, and the one replacing it for a moment.
        publishers: 3,
        audiocodec: 'opus',
        videocodec: 'vp8',
        dummy_publisher: true,
      });
    } catch (error) {
      // Left by an earlier run of this server (Janus keeps rooms while it runs): used as it is.
      if (!(error instanceof JanusError && error.code === 427)) throw error;
    }
    const { data } = await this.client.message(control, { request: 'listparticipants', room: room.id });
    const dummy = ((data.participants ?? []) as { id: number; dummy?: boolean }[]).find((entry) => entry.dummy);
    if (!dummy) throw new JanusUnavailableError(`VideoRoom ${room.id} has no dummy publisher`);
    room.dummy.id = dummy.id;
  }

  private destroyRoom(stageId: number) {
    const destroying = this.controlHandle()
      .then((control) => this.client.message(control, { request: 'destroy', room: stageId }))
      .catch(() => {})
      .finally(() => {
        if (this.destroying.get(stageId) === destroying) this.destroying.delete(stageId);
      });
    this.destroying.set(stageId, destroying);
    return destroying;
  }

  private controlHandle(): Promise<number> {
    if (!this.control) {
      const attaching = this.client.attach();
      this.control = attaching;
      attaching.catch(() => {
        if (this.control === attaching) this.control = null;
      });
    }
    return this.control;
  }

  private async open(room: Room, role: Session['role']): Promise<Session> {
    const handle = await this.client.attach().catch((error: unknown) => {
      void this.forgetIfIdle(room);
      throw error;
    });
    const session: Session = {
      id: randomUUID(),
      stageId: room.id,
      role,
      handle,
      feed: { id: 0, mids: {} },
      ready: false,
    };
    this.sessions.set(session.id, session);
    this.byHandle.set(handle, session);
    return session;
  }

  private forget(session: Session) {
    clearTimeout(session.expire);
    this.sessions.delete(session.id);
    this.byHandle.delete(session.handle);
  }

  /** Like the embedded SFU, a stage's state goes when nobody is on it; its room goes with it. */
  /** Destroys a room nobody is in any more; the promise settles once Janus has (destroying never rejects). */
  private forgetIfIdle(room: Room): Promise<unknown> {
    if (room.broadcaster || room.viewers.size > 0 || room.paused || this.rooms.get(room.id) !== room) {
      return Promise.resolve();
    }
    this.rooms.delete(room.id);
    return this.destroyRoom(room.id);
  }

  private onEvent(handle: number, event: JanusEvent) {
    const session = this.byHandle.get(handle);
    if (!session) return;
    if (event.janus === 'webrtcup' && session.role === 'broadcaster') void this.goLive(session);
    if (event.janus === 'hangup' || event.janus === 'detached') void this.close(session.id, true);
    // Janus wants to renegotiate (a switch reached a viewer after its broadcaster had gone): our signalling has no
    // way to bring the browser a second offer, so the viewer is closed and its page connects again.
    if (session.role === 'viewer' && event.jsep?.type === 'offer') void this.close(session.id);
  }

  /** The broadcaster's connection is up: relay (or not, if paused) and switch every viewer to it. */
  private async goLive(session: Session) {
    const room = this.rooms.get(session.stageId);
    if (!room || room.broadcaster !== session) return;
    session.ready = true;
    room.live = session;
    if (room.paused) await this.relay(room, session).catch(() => {});
    await Promise.all([...room.viewers.values()].map((viewer) => this.switchTo(viewer, session.feed)));
  }

  /** Janus relays the broadcaster's streams or not; on resuming, the broadcaster is asked for a key frame. */
  private relay(room: Room, broadcaster: Session) {
    const streams = Object.values(broadcaster.feed.mids).map((mid) => ({ mid, send: !room.paused }));
    return this.client.message(broadcaster.handle, { request: 'configure', streams, keyframe: !room.paused });
  }

  /** Points a viewer's streams at another feed without a new offer; a viewer Janus refuses this is closed. */
  private async switchTo(viewer: Session, feed: Feed) {
    if (viewer.feed.id === feed.id || viewer.feed.id === 0) return;
    const streams = (['audio', 'video'] as const)
      .filter((kind) => viewer.feed.mids[kind] !== undefined && feed.mids[kind] !== undefined)
      .map((kind) => ({ feed: feed.id, mid: feed.mids[kind], sub_mid: viewer.feed.mids[kind] }));
    viewer.feed.id = feed.id;
    if (streams.length === 0) return;
    await this.client.message(viewer.handle, { request: 'switch', streams }).catch(() => this.close(viewer.id));
  }

  private forgetAll() {
    for (const session of this.sessions.values()) clearTimeout(session.expire);
    this.sessions.clear();
    this.byHandle.clear();
    this.rooms.clear();
    this.control = null;
  }

  /** Janus out of reach is 503 (try again soon); anything Janus refused in the negotiation is the offer's fault. */
  private async failing<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof MediaOfferError || error instanceof MediaUnavailableError) throw error;
      if (error instanceof JanusUnavailableError) throw new MediaUnavailableError(error.message);
      throw new MediaOfferError(String(error));
    }
  }
}

/** The mids Janus accepted from a publisher's offer: the m-lines its answer receives on. */
function receivedMids(answerSdp: string): Partial<Record<Kind, string>> {
  const mids: Partial<Record<Kind, string>> = {};
  for (const section of answerSdp.split(/\r?\nm=/).slice(1)) {
    const kind = section.startsWith('audio') ? 'audio' : section.startsWith('video') ? 'video' : null;
    const mid = /\r?\na=mid:(\S+)/.exec(section)?.[1];
    if (kind && mid && !mids[kind] && /\r?\na=recvonly/.test(section) && !/^\w+ 0 /.test(section)) mids[kind] = mid;
  }
  return mids;
}

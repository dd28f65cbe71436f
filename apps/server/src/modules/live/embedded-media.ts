import { randomUUID } from 'node:crypto';
import type { IceServer } from '@polaris/contract';
import { MediaStreamTrack, RTCPeerConnection, RTCRtpCodecParameters, type RtcpPacket } from 'werift';
import { type LiveMedia, type MediaAnswer, MediaOfferError, type WatchReply } from './media.ts';

type Kind = 'audio' | 'video';

interface Session {
  id: string;
  stageId: number;
  role: 'broadcaster' | 'viewer';
  pc: RTCPeerConnection;
}

/** One stage's forwarding state: the broadcaster's packets are written to `relay`, which every viewer sends. */
interface Stage {
  relay: Record<Kind, MediaStreamTrack>;
  broadcaster: Session | null;
  viewers: Map<string, Session>;
  paused: boolean;
  /** Asks the broadcaster for a key frame (PLI), so a viewer who just joined can start decoding. */
  keyframe: (() => void) | null;
  lastKeyframeAt: number;
}

/** RTCP payload-specific feedback (PLI, FIR): a viewer's decoder needs a key frame. */
const PSFB = 206;
const KEYFRAME_INTERVAL_MS = 500;
/** How long a peer may stay disconnected (ICE consent lost) before its session is dropped. */
const DISCONNECTED_GRACE_MS = 10_000;

/** One codec per kind, the ones every browser sends: a broadcaster's packets go to viewers as they are. */
function codecs() {
  return {
    audio: [new RTCRtpCodecParameters({ mimeType: 'audio/opus', clockRate: 48_000, channels: 2 })],
    video: [
      new RTCRtpCodecParameters({
        mimeType: 'video/VP8',
        clockRate: 90_000,
        rtcpFeedback: [{ type: 'nack' }, { type: 'nack', parameter: 'pli' }, { type: 'goog-remb' }],
      }),
    ],
  };
}

export interface EmbeddedMediaOptions {
  iceServers: IceServer[];
  /** Extra host addresses to offer (loopback is not offered by default). */
  hostAddresses?: string[];
  /** UDP port range for the server's ICE candidates, when a firewall needs one. */
  portRange?: [number, number];
}

/**
 * The embedded SFU: a werift RTCPeerConnection per broadcaster and per viewer, inside this process. Packets are
 * forwarded, never decoded; each viewer's sender rewrites SSRC, payload type and sequence numbers for its own
 * connection. Good for one server process; a bigger audience goes to Janus (docs/live.md).
 */
export class EmbeddedMedia implements LiveMedia {
  private readonly stages = new Map<number, Stage>();
  private readonly sessions = new Map<string, Session>();
  readonly watchOffer = 'viewer';

  constructor(private readonly options: EmbeddedMediaOptions) {}

  get iceServers() {
    return this.options.iceServers;
  }

  async publish(stageId: number, offerSdp: string): Promise<MediaAnswer> {
    const stage = this.stage(stageId);
    const session = this.session(stageId, 'broadcaster');
    session.pc.ontrack = ({ track, receiver }) => {
      const kind = track.kind as Kind;
      track.onReceiveRtp.subscribe((rtp) => {
        if (!stage.paused && stage.broadcaster === session) stage.relay[kind].writeRtp(rtp);
      });
      if (kind === 'video') {
        stage.keyframe = () => {
          if (track.ssrc !== undefined) receiver.sendRtcpPLI(track.ssrc).catch(() => {});
        };
      }
    };
    const previous = stage.broadcaster;
    stage.broadcaster = session;
    if (previous) await this.close(previous.id);
    return this.answer(session, offerSdp);
  }

  async watch(stageId: number, offerSdp?: string): Promise<WatchReply> {
    if (offerSdp === undefined) throw new MediaOfferError('the viewer sends the offer here (WHEP)');
    const stage = this.stage(stageId);
    const session = this.session(stageId, 'viewer');
    try {
      await session.pc.setRemoteDescription({ type: 'offer', sdp: offerSdp }).catch((error: unknown) => {
        throw new MediaOfferError(String(error));
      });
      for (const transceiver of session.pc.getTransceivers()) {
        const kind = transceiver.kind as Kind;
        transceiver.setDirection('sendonly');
        await transceiver.sender.replaceTrack(stage.relay[kind]);
        transceiver.sender.onRtcp.subscribe((packet: RtcpPacket) => {
          if (packet.type === PSFB) this.requestKeyframe(stage);
        });
      }
    } catch (error) {
      await this.close(session.id);
      throw error;
    }
    session.pc.connectionStateChange.subscribe((state) => {
      if (state === 'connected') this.requestKeyframe(stage, true);
    });
    stage.viewers.set(session.id, session);
    return { ...(await this.answer(session, offerSdp, false)), type: 'answer' };
  }

  /** Every watch here is answered at once; there is never an offer of ours waiting for an answer. */
  async acceptAnswer(): Promise<void> {
    throw new MediaOfferError('no offer is waiting for an answer');
  }

  stageOf(sessionId: string) {
    return this.sessions.get(sessionId)?.stageId;
  }

  async close(sessionId: string) {
    const session = this.sessions.get(sessionId);
    if (!session) return;
    this.sessions.delete(sessionId);
    const stage = this.stages.get(session.stageId);
    if (stage) {
      stage.viewers.delete(sessionId);
      if (stage.broadcaster === session) {
        stage.broadcaster = null;
        stage.keyframe = null;
      }
      this.forgetIfIdle(session.stageId, stage);
    }
    await session.pc.close().catch(() => {});
  }

  async setPaused(stageId: number, paused: boolean) {
    const stage = this.stages.get(stageId);
    if (!stage) return;
    stage.paused = paused;
    if (!paused) this.requestKeyframe(stage, true);
  }

  async endStage(stageId: number) {
    const stage = this.stages.get(stageId);
    if (!stage) return;
    const ids = [...stage.viewers.keys(), ...(stage.broadcaster ? [stage.broadcaster.id] : [])];
    await Promise.all(ids.map((id) => this.close(id)));
    this.stages.delete(stageId);
  }

  viewers(stageId: number) {
    return this.stages.get(stageId)?.viewers.size ?? 0;
  }

  broadcasting(stageId: number) {
    const broadcaster = this.stages.get(stageId)?.broadcaster;
    return broadcaster !== null && broadcaster !== undefined && broadcaster.pc.connectionState === 'connected';
  }

  async stop() {
    await Promise.all([...this.sessions.keys()].map((id) => this.close(id)));
    this.stages.clear();
  }

  private stage(stageId: number): Stage {
    let stage = this.stages.get(stageId);
    if (!stage) {
      stage = {
        relay: { audio: new MediaStreamTrack({ kind: 'audio' }), video: new MediaStreamTrack({ kind: 'video' }) },
        broadcaster: null,
        viewers: new Map(),
        paused: false,
        keyframe: null,
        lastKeyframeAt: 0,
      };
      this.stages.set(stageId, stage);
    }
    return stage;
  }

  private forgetIfIdle(stageId: number, stage: Stage) {
    if (!stage.broadcaster && stage.viewers.size === 0 && !stage.paused) this.stages.delete(stageId);
  }

  private session(stageId: number, role: Session['role']): Session {
    const pc = new RTCPeerConnection({
      codecs: codecs(),
      iceServers: this.options.iceServers,
      iceAdditionalHostAddresses: this.options.hostAddresses,
      icePortRange: this.options.portRange,
    });
    const session: Session = { id: randomUUID(), stageId, role, pc };
    this.sessions.set(session.id, session);
    let dropTimer: NodeJS.Timeout | undefined;
    pc.connectionStateChange.subscribe((state) => {
      clearTimeout(dropTimer);
      if (state === 'failed' || state === 'closed') void this.close(session.id);
      // A phone that lost its network for a moment comes back on the same session; one that does not, is dropped.
      if (state === 'disconnected') dropTimer = setTimeout(() => void this.close(session.id), DISCONNECTED_GRACE_MS);
    });
    return session;
  }

  private requestKeyframe(stage: Stage, now = false) {
    const time = Date.now();
    if (!now && time - stage.lastKeyframeAt < KEYFRAME_INTERVAL_MS) return;
    stage.lastKeyframeAt = time;
    stage.keyframe?.();
  }

  /** Non-trickle: the answer goes back with every server candidate in it, as WHIP and WHEP expect. */
  private async answer(session: Session, offerSdp: string, setRemote = true): Promise<MediaAnswer> {
    const { pc } = session;
    try {
      if (setRemote) await pc.setRemoteDescription({ type: 'offer', sdp: offerSdp });
      if (pc.getTransceivers().length === 0) throw new MediaOfferError('the offer has no audio or video');
      await pc.setLocalDescription(await pc.createAnswer());
      if (pc.iceGatheringState !== 'complete') {
        await pc.iceGatheringStateChange.watch((state) => state === 'complete', 10_000);
      }
      const sdp = pc.localDescription?.sdp;
      if (!sdp) throw new Error('no local description');
      return { sessionId: session.id, sdp };
    } catch (error) {
      await this.close(session.id);
      throw error instanceof MediaOfferError ? error : new MediaOfferError(String(error));
    }
  }
}

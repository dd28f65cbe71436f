import type { IceServer } from '@polaris/contract';

/** One side of a media session: what the browser's offer was answered with. */
export interface MediaAnswer {
  sessionId: string;
  sdp: string;
}

/** A viewer's session: the SFU's answer to the viewer's offer, or the SFU's own offer waiting for an answer. */
export interface WatchReply extends MediaAnswer {
  type: 'answer' | 'offer';
}

/** The browser's offer or answer cannot be used (no media, or not SDP at all): 400 `live.mediaFailed`. */
export class MediaOfferError extends Error {}

/** The SFU cannot be reached or does not reply: 503 `live.mediaUnavailable`, and worth trying again. */
export class MediaUnavailableError extends Error {}

/**
 * Where live video goes. The service decides who may publish or watch which stage; an implementation only moves
 * media: it answers a broadcaster's offer (publish), connects viewers (watch), forwards the broadcaster's packets
 * to every viewer of that stage, and counts them. `EmbeddedMedia` (werift, in this process) is the default;
 * `JanusMedia` puts the same stages on a Janus VideoRoom (docs/live.md).
 */
export interface LiveMedia {
  /**
   * Who writes a viewer's offer: `viewer` (WHEP: `watch` gets the viewer's offer and returns the answer) or
   * `server` (`watch` returns the SFU's offer, `acceptAnswer` completes it).
   */
  readonly watchOffer: 'viewer' | 'server';
  /** The browser's complete offer (ICE gathered) in, the complete answer out. A new publish replaces the old one. */
  publish(stageId: number, offerSdp: string): Promise<MediaAnswer>;
  watch(stageId: number, offerSdp?: string): Promise<WatchReply>;
  /** The viewer's complete answer to the offer `watch` returned. */
  acceptAnswer(sessionId: string, answerSdp: string): Promise<void>;
  /** The stage a session belongs to, while it is open. */
  stageOf(sessionId: string): number | undefined;
  close(sessionId: string): Promise<void>;
  /** Paused: packets stop reaching viewers, sessions stay open. */
  setPaused(stageId: number, paused: boolean): Promise<void>;
  /** Closes the broadcaster and every viewer of a stage. */
  endStage(stageId: number): Promise<void>;
  /** Viewers whose negotiation is complete and whose session is open. */
  viewers(stageId: number): number;
  broadcasting(stageId: number): boolean;
  /** The ICE servers browsers should use (the same list the server's peer connections use). */
  readonly iceServers: IceServer[];
  stop(): Promise<void>;
}

/**
 * `ICE_SERVERS`: a JSON array of RTCIceServer (`[{"urls":["turn:turn.example.com:3478"],"username":"u",
 * "credential":"p"}]`). Unset or empty: no STUN or TURN at all, which is right on one machine or one LAN.
 */
export function parseIceServers(value: string | undefined): IceServer[] {
  if (value === undefined || value.trim() === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new Error('ICE_SERVERS must be a JSON array of {urls, username?, credential?}');
  }
  if (!Array.isArray(parsed)) throw new Error('ICE_SERVERS must be a JSON array');
  return parsed.map((entry, index) => {
    const { urls, username, credential } = (entry ?? {}) as Record<string, unknown>;
    const list = typeof urls === 'string' ? [urls] : urls;
    if (!Array.isArray(list) || list.length === 0 || !list.every((url) => /^(stun|turns?):/.test(String(url)))) {
      throw new Error(`ICE_SERVERS[${index}].urls must be stun:, turn: or turns: URLs`);
    }
    if (
      (username !== undefined && typeof username !== 'string') ||
      (credential !== undefined && typeof credential !== 'string')
    ) {
      throw new Error(`ICE_SERVERS[${index}]: username and credential are strings`);
    }
    return {
      urls: list.map(String),
      ...(username === undefined ? {} : { username }),
      ...(credential === undefined ? {} : { credential }),
    };
  });
}

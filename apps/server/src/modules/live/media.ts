import type { IceServer } from '@polaris/contract';

/** One side of a media session: what the browser's offer was answered with. */
export interface MediaAnswer {
  sessionId: string;
  sdp: string;
}

/**
 * Where live video goes. The service decides who may publish or watch which stage; an implementation only moves
 * media: it answers a broadcaster's offer (publish) and a viewer's offer (watch), forwards the broadcaster's
 * packets to every viewer of that stage, and counts them. The embedded one is `EmbeddedMedia` (werift, in this
 * process); docs/live.md says how another SFU (Janus) fits.
 */
export interface LiveMedia {
  /** The browser's complete offer (ICE gathered) in, the complete answer out. A new publish replaces the old one. */
  publish(stageId: number, offerSdp: string): Promise<MediaAnswer>;
  watch(stageId: number, offerSdp: string): Promise<MediaAnswer>;
  /** The stage a session belongs to, while it is open. */
  stageOf(sessionId: string): number | undefined;
  close(sessionId: string): Promise<void>;
  /** Paused: packets stop reaching viewers, sessions stay open. */
  setPaused(stageId: number, paused: boolean): void;
  /** Closes the broadcaster and every viewer of a stage. */
  endStage(stageId: number): Promise<void>;
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

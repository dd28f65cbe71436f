import { z } from 'zod';
import { ImageOutput, imageIdField, rowId } from './activity/fields.ts';
import { isSafeText, text } from './text.ts';

/** Request and response schemas of live stages and their WebRTC signalling (docs/live.md). */

export const LIVE_AUDIENCES = ['members', 'link'] as const;
export const LIVE_STATUSES = ['scheduled', 'live', 'paused', 'ended'] as const;
export type LiveAudience = (typeof LIVE_AUDIENCES)[number];
export type LiveStatus = (typeof LIVE_STATUSES)[number];

/** An SDP offer as the browser wrote it: not trimmed (its line endings matter), control characters refused. */
const sdp = z
  .string()
  .min(1)
  .max(20_000)
  .refine(isSafeText, { error: 'validation.unsafeText' })
  .refine((value) => value.startsWith('v=0'), { error: 'validation.invalid' });

export const LiveStageCreateInput = z.object({
  title: text().min(1).max(80),
  coverImageId: imageIdField.nullable().optional(),
  audience: z.enum(LIVE_AUDIENCES).default('link'),
  /** The chat room the stage belongs to: its owner and admins may go live in it. */
  roomId: rowId.nullable().optional(),
});
export const LiveStageRefInput = z.object({ id: rowId });
/**
 * A waiting viewer's long poll: the stage is answered as soon as its status is no longer `status` (the one the
 * viewer shows), or as it is after LIVE_WAIT_MS, whichever comes first.
 */
export const LiveStageWaitInput = z.object({ id: rowId, status: z.enum(LIVE_STATUSES) });
/** How long `/live/stage/wait` holds a request whose stage has not moved: under every proxy's idle timeout. */
export const LIVE_WAIT_MS = 25_000;
export const LiveStageListInput = z.object({
  /** Stages on air of this user only (the broadcaster's card). */
  ownerUid: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

export const IceServerOutput = z.object({
  urls: z.array(z.string()),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type IceServer = z.infer<typeof IceServerOutput>;

export const LiveStageCan = z.object({
  /** Its broadcaster's page (camera, go live, pause, end): its owner. */
  manage: z.boolean(),
  /** Start it, or resume it after a pause: its owner, while it is scheduled or paused. */
  start: z.boolean(),
  /** Pause it: its owner, while it is live. */
  pause: z.boolean(),
  /** End it for good: its owner, until it has ended. */
  end: z.boolean(),
  /** Send the camera (`publish`): its owner, while it is live or paused. */
  broadcast: z.boolean(),
  /**
   * Watch it: while it is live or paused; a `members` stage only for signed-in people, and for its room's members
   * when it has a room.
   */
  watch: z.boolean(),
});
export const LiveStageOutput = z.object({
  id: z.string(),
  title: z.string(),
  coverImageId: z.string().nullable(),
  cover: ImageOutput.nullable(),
  audience: z.enum(LIVE_AUDIENCES),
  status: z.enum(LIVE_STATUSES),
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  roomId: z.string().nullable(),
  owner: z.object({ uid: z.number(), name: z.string().nullable(), avatar: z.string().nullable() }),
  /** Viewers whose media session is open now. */
  viewers: z.number().int(),
  /** Whether the broadcaster's media reaches the server now. */
  broadcasting: z.boolean(),
  /** What the caller may do with the stage, as the server's policy answers it (live/policy.ts). */
  can: LiveStageCan,
  /** STUN/TURN servers for the browser's RTCPeerConnection (ICE_SERVERS); empty on one machine. */
  iceServers: z.array(IceServerOutput),
  /**
   * Who writes a viewer's SDP offer. `viewer`: the browser posts its offer to `watch` and gets the answer (WHEP,
   * the embedded SFU). `server`: `watch` without an offer returns the SFU's offer, and the browser posts its answer
   * to `watch/answer` (Janus, whose VideoRoom only ever offers to subscribers; docs/live.md).
   */
  watchOffer: z.enum(['viewer', 'server']),
});
export type LiveStage = z.infer<typeof LiveStageOutput>;
/** Stages on air that anyone with the link may watch, latest started first. */
export const LiveStagesOutput = z.object({ items: z.array(LiveStageOutput) });

/** WHIP/WHEP-style signalling in the envelope: the browser's complete offer (ICE gathered), the server's answer. */
export const LiveOfferInput = z.object({ id: rowId, sdp });
export const LiveAnswerOutput = z.object({
  /** Names the media session; closing it needs it, so it is kept by the one browser that opened it. */
  sessionId: z.string(),
  sdp: z.string(),
});
export type LiveAnswer = z.infer<typeof LiveAnswerOutput>;
/** A viewer's offer, or none when the stage's `watchOffer` is `server`. */
export const LiveWatchInput = z.object({ id: rowId, sdp: sdp.optional() });
export const LiveWatchOutput = LiveAnswerOutput.extend({
  /** `answer` to the viewer's offer; or the SFU's `offer`, to be answered through `/live/stage/watch/answer`. */
  type: z.enum(['answer', 'offer']),
});
export type LiveWatch = z.infer<typeof LiveWatchOutput>;
const sessionId = z.string().trim().min(1).max(64);
export const LiveSessionRefInput = z.object({ sessionId });
/** The viewer's answer to the SFU's offer (the second step of a `server` watch). */
export const LiveWatchAnswerInput = z.object({ sessionId, sdp });

import { type RedPacket, Status } from '@polaris/contract';
import { AppError } from '../../platform/errors.ts';
import type { PacketRow } from './store.ts';

/**
 * Who may see and open a red packet: the one place that answers it. Pure rules over rows and facts loaded beside
 * them (who follows whom, who is in a room, who was checked in); the claim batch throws what `claimRefusal` says,
 * and the packet's answer carries the same rule as `can.claim`.
 */

/** Who is in which packet's audience, loaded for a set of (packet, person) pairs (claims.ts `audienceFacts`). */
export interface AudienceFacts {
  /** `sender:follower` pairs. */
  followers: ReadonlySet<string>;
  /** `room:user` pairs of members not banned. */
  members: ReadonlySet<string>;
  /** `activity:user` pairs of checked-in ticket holders. */
  attendees: ReadonlySet<string>;
}

export const NO_AUDIENCE: AudienceFacts = { followers: new Set(), members: new Set(), attendees: new Set() };

/** The pair each audience is keyed by, for the store's answers. */
const followerKey = (senderId: number | string, userId: number | string) => `${senderId}:${userId}`;
const memberKey = (roomId: number | string, userId: number | string) => `${roomId}:${userId}`;
const attendeeKey = (activityId: number | string, userId: number | string) => `${activityId}:${userId}`;

type Packet = Pick<
  PacketRow,
  'senderId' | 'audience' | 'roomId' | 'activityId' | 'remainingCount' | 'settledAt' | 'expiresAt'
>;

/**
 * A packet of a room (a `chat` packet, or one for a room's members) is the room's: its sender, whoever took a share,
 * and those who may see the room (chat's rule, `seesRoom`) see it; to anyone else it does not exist.
 */
export function canSee(
  packet: Pick<PacketRow, 'roomId' | 'senderId'>,
  viewerId: number | null,
  facts: { seesRoom: boolean; tookShare: boolean },
): boolean {
  return packet.roomId === null || viewerId === packet.senderId || facts.seesRoom || facts.tookShare;
}

export const unknownPacket = () => new AppError(Status.notFound, 'redpacket.notFound');

function inAudience(packet: Packet, userId: number, audience: AudienceFacts): boolean {
  switch (packet.audience) {
    case 'followers':
      return audience.followers.has(followerKey(packet.senderId, userId));
    case 'room':
      return audience.members.has(memberKey(packet.roomId!, userId));
    case 'attendees':
      return audience.attendees.has(attendeeKey(packet.activityId!, userId));
    default:
      return true;
  }
}

const conflict = (key: string) => new AppError(Status.conflict, key);

/** The refusal for someone outside the audience; an attendees-only packet's names its activity (`title`). */
const AUDIENCE_REFUSALS: Record<string, string> = {
  followers: 'redpacket.followersOnly',
  room: 'redpacket.roomOnly',
  attendees: 'redpacket.attendeesOnly',
};

/**
 * Opening a packet (taking a share): anyone signed in but its sender, once, while shares are left and it has not
 * ended, within its audience. A password packet also needs its password, which is the claim's input, not a rule:
 * `can.claim` says the reader may try it.
 */
export function claimRefusal(
  packet: Packet,
  userId: number | null,
  facts: { mine: { amount: bigint } | undefined; audience: AudienceFacts },
  now: Date,
): AppError | null {
  if (userId === null) return new AppError(Status.notAllowed, 'http.401');
  if (packet.senderId === userId) return conflict('redpacket.ownPacket');
  if (facts.mine)
    return new AppError(Status.conflict, 'redpacket.alreadyClaimed', {}, { amount: `${facts.mine.amount}` });
  if (packet.remainingCount === 0) return conflict('redpacket.allClaimed');
  if (packet.settledAt !== null || packet.expiresAt <= now) return conflict('redpacket.ended');
  if (!inAudience(packet, userId, facts.audience)) {
    return new AppError(Status.noPermission, AUDIENCE_REFUSALS[packet.audience]!);
  }
  return null;
}

/** What the viewer may do with a packet: the rules above, allowed or not. */
export function canOf(
  packet: Packet,
  viewerId: number | null,
  facts: { mine: { amount: bigint } | undefined; audience: AudienceFacts },
  now: Date,
): RedPacket['can'] {
  return { claim: claimRefusal(packet, viewerId, facts, now) === null };
}

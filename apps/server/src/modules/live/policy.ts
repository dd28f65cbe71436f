import { type LiveStage, Status } from '@polaris/contract';
import { AppError } from '../../platform/errors.ts';
import { type RoomRole, roomStageRefusal } from '../chat/service.ts';
import type { StageRow, StageStatus } from './store.ts';

/**
 * Who may do what with a live stage: the one place that answers it. Pure: rows in, a decision out. Each action's
 * rule returns the refusal its route answers (or null when it is allowed); the service throws it, and `canOf`
 * turns the same rules into the `can` the stage's answer carries, so the pages show only what the server allows.
 */

type Refusal = AppError | null;

export type { RoomRole };

/** The moves a stage may make: where each goes from. */
export const MOVES = {
  start: { from: ['scheduled', 'paused'], to: 'live' },
  pause: { from: ['live'], to: 'paused' },
  end: { from: ['scheduled', 'live', 'paused'], to: 'ended' },
} as const satisfies Record<string, { from: StageStatus[]; to: StageStatus }>;

export type Move = keyof typeof MOVES;

type Stage = Pick<StageRow, 'ownerId' | 'audience' | 'status' | 'roomId'>;

function canManage(stage: Pick<StageRow, 'ownerId'>, userId: number | null): boolean {
  return userId !== null && stage.ownerId === userId;
}

const notOwner = () => new AppError(Status.noPermission, 'live.notOwner');
const notLive = (stage: Pick<StageRow, 'status'>) =>
  new AppError(Status.conflict, stage.status === 'ended' ? 'live.ended' : 'live.notLive');

export function authorizeRoomStage(role: RoomRole): void {
  const refused = roomStageRefusal(role);
  if (refused) throw refused;
}

/** Start (and resume), pause and end: the owner only (403 to everyone else who sees it), from the move's states. */
export function moveRefusal(stage: Stage, userId: number | null, move: Move): Refusal {
  if (!canManage(stage, userId)) return notOwner();
  if (!(MOVES[move].from as readonly string[]).includes(stage.status)) return notLive(stage);
  return null;
}

/**
 * Watching: `link` stages are open to anyone with the link; `members` stages need a signed-in user who is a member
 * of the stage's room (`roomRole`: the viewer's role there; a stage without a room needs only the sign-in). Only
 * while it is on air (live or paused).
 */
export function watchRefusal(stage: Stage, userId: number | null, roomRole: RoomRole): Refusal {
  if (stage.audience === 'members' && userId === null) return new AppError(Status.notAllowed, 'live.signInToWatch');
  if (stage.audience === 'members' && stage.roomId !== null && roomRole === null) {
    return new AppError(Status.noPermission, 'live.membersOnly');
  }
  if (stage.status !== 'live' && stage.status !== 'paused') return notLive(stage);
  return null;
}

/** Broadcasting (sending the camera): the owner, once the stage is started, as a watcher of it would be let in. */
export function broadcastRefusal(stage: Stage, userId: number | null, roomRole: RoomRole): Refusal {
  if (!canManage(stage, userId)) return notOwner();
  return watchRefusal(stage, userId, roomRole);
}

/** What the caller may do with a stage: the rules above, allowed or not. */
export function canOf(stage: Stage, userId: number | null, roomRole: RoomRole): LiveStage['can'] {
  return {
    manage: canManage(stage, userId),
    start: moveRefusal(stage, userId, 'start') === null,
    pause: moveRefusal(stage, userId, 'pause') === null,
    end: moveRefusal(stage, userId, 'end') === null,
    broadcast: broadcastRefusal(stage, userId, roomRole) === null,
    watch: watchRefusal(stage, userId, roomRole) === null,
  };
}

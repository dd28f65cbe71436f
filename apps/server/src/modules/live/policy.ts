import { Status } from '@polaris/contract';
import { AppError } from '../../platform/errors.ts';
import type { StageRow } from './store.ts';

/** Who may do what with a live stage. Pure: rows in, a decision out. */

export function canManage(stage: Pick<StageRow, 'ownerId'>, userId: number | null): boolean {
  return userId !== null && stage.ownerId === userId;
}

/** Start, pause, end and broadcast: the owner only. Everyone else who can see the stage gets 403. */
export function authorizeManage(stage: Pick<StageRow, 'ownerId'>, userId: number | null): void {
  if (!canManage(stage, userId)) throw new AppError(Status.noPermission, 'live.notOwner');
}

export type RoomRole = 'owner' | 'admin' | 'member' | null;

/** Going live in a room: its owner and admins only (the chat room's answer carries it as `can.goLive`). */
export function roomStageRefusal(role: RoomRole): AppError | null {
  return role === 'owner' || role === 'admin' ? null : new AppError(Status.noPermission, 'live.notRoomAdmin');
}

export function authorizeRoomStage(role: RoomRole): void {
  const refused = roomStageRefusal(role);
  if (refused) throw refused;
}

/**
 * Watching: `link` stages are open to anyone with the link; `members` stages need a signed-in user who is a member
 * of the stage's room (`roomRole`: the viewer's role there; a stage without a room needs only the sign-in).
 */
export function authorizeWatch(
  stage: Pick<StageRow, 'audience' | 'status' | 'roomId'>,
  userId: number | null,
  roomRole: RoomRole = null,
): void {
  if (stage.audience === 'members' && userId === null) throw new AppError(Status.notAllowed, 'live.signInToWatch');
  if (stage.audience === 'members' && stage.roomId !== null && roomRole === null) {
    throw new AppError(Status.noPermission, 'live.membersOnly');
  }
  if (stage.status === 'ended') throw new AppError(Status.conflict, 'live.ended');
  if (stage.status !== 'live' && stage.status !== 'paused') throw new AppError(Status.conflict, 'live.notLive');
}

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

/**
 * Watching: `link` stages are open to anyone with the link; `members` stages need a signed-in user (membership of
 * the stage's room is checked once chat rooms exist; docs/live.md).
 */
export function authorizeWatch(stage: Pick<StageRow, 'audience' | 'status'>, userId: number | null): void {
  if (stage.audience === 'members' && userId === null) throw new AppError(Status.notAllowed, 'live.signInToWatch');
  if (stage.status === 'ended') throw new AppError(Status.conflict, 'live.ended');
  if (stage.status !== 'live' && stage.status !== 'paused') throw new AppError(Status.conflict, 'live.notLive');
}

import { Status } from '@polaris/contract';
import { AppError } from '../../platform/errors.ts';

/** What the rules need to know about an activity. */
export interface ActivityAccess {
  organizerId: number;
  cohostIds: readonly number[];
  status: 'draft' | 'published' | 'cancelled' | string;
}

export const isOrganizer = (activity: ActivityAccess, userId: number | null) => userId === activity.organizerId;

export const isHost = (activity: ActivityAccess, userId: number | null) =>
  userId !== null && (userId === activity.organizerId || activity.cohostIds.includes(userId));

/** A draft is seen only by its hosts; published and cancelled activities by anyone holding the link. */
export const canView = (activity: ActivityAccess, userId: number | null) =>
  activity.status !== 'draft' || isHost(activity, userId);

/** Attendee lists, approvals, invitations, check-in, marketing: the organizer and co-hosts. */
export const canManage = (activity: ActivityAccess, userId: number | null) => isHost(activity, userId);

export const canEdit = (activity: ActivityAccess, userId: number | null) =>
  isHost(activity, userId) && activity.status !== 'cancelled';

/** Cancelling the whole activity (refunding everyone) and changing who the co-hosts are: the organizer only. */
export const canCancelActivity = (activity: ActivityAccess, userId: number | null) => isOrganizer(activity, userId);
export const canChangeCohosts = (activity: ActivityAccess, userId: number | null) => isOrganizer(activity, userId);

export const notFound = () => new AppError(Status.notFound, 'activity.notFound');
export const forbidden = () => new AppError(Status.noPermission, 'http.403');

/**
 * Throws what the caller may learn: "not found" for an activity they cannot see (someone else's draft),
 * "no permission" for one they can see but may not act on.
 */
export function authorize(
  activity: ActivityAccess,
  userId: number | null,
  allowed: (activity: ActivityAccess, userId: number | null) => boolean,
): void {
  if (!canView(activity, userId)) throw notFound();
  if (!allowed(activity, userId)) throw forbidden();
}

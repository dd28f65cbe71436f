import { type Activity, Status } from '@polaris/contract';
import { AppError } from '../../platform/errors.ts';

/** What the rules need to know about an activity. */
export interface ActivityAccess {
  organizerId: number;
  cohostIds: readonly number[];
  status: 'draft' | 'published' | 'cancelled' | string;
}

const isOrganizer = (activity: ActivityAccess, userId: number | null) => userId === activity.organizerId;

const isHost = (activity: ActivityAccess, userId: number | null) =>
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
const forbidden = () => new AppError(Status.noPermission, 'http.403');

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

/** The caller's place at an activity, as far as the rules care. */
interface Place {
  status: string;
  checkedIn: boolean;
}

/** The online link is for hosts and for people holding an approved ticket. */
export const canSeeOnlineUrl = (activity: ActivityAccess, userId: number | null, mine: Place | null) =>
  isHost(activity, userId) || mine?.status === 'approved';

/** What the caller may do with an activity, so the client shows only those actions. */
export function abilitiesOf(
  activity: ActivityAccess,
  userId: number | null,
  mine: Place | null,
  phase: 'upcoming' | 'ongoing' | 'ended',
): Activity['abilities'] {
  const live = activity.status === 'published' && phase !== 'ended';
  return {
    edit: canEdit(activity, userId) && phase !== 'ended',
    manage: canManage(activity, userId),
    checkIn: canManage(activity, userId) && activity.status === 'published',
    // Hosts run the activity: their page offers manage and share, not a ticket of their own.
    signUp:
      live &&
      userId !== null &&
      !isHost(activity, userId) &&
      (mine === null || mine.status === 'cancelled' || mine.status === 'rejected'),
    cancelRegistration:
      mine !== null &&
      ['pending', 'approved', 'waitlisted'].includes(mine.status) &&
      !mine.checkedIn &&
      phase === 'upcoming',
  };
}

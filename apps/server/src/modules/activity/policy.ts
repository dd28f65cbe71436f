import { type Activity, Status } from '@polaris/contract';
import { AppError } from '../../platform/errors.ts';
import type { RegistrationRow } from './registrations.store.ts';
import { phaseOf } from './rules.ts';

/**
 * Who may do what with an activity: the one place that answers it. Each action's rule returns the refusal its
 * route answers (or null when it is allowed); the services throw it, and `canOf` turns the same rules into the
 * `can` the detail answer carries, so a button the page shows is one the server lets through.
 */

/** What the rules need to know about an activity. */
export interface ActivityAccess {
  organizerId: number;
  cohostIds: readonly number[];
  status: 'draft' | 'published' | 'cancelled' | string;
  row: { startsAt: Date; endsAt: Date; settledAt: Date | null };
}

/** The caller's newest place at an activity, as far as the rules care. */
interface Place {
  status: string;
  checkedIn: boolean;
}

type Refusal = AppError | null;

/** A registration row as the rules see it. */
export const placeOf = (registration: Pick<RegistrationRow, 'status' | 'checkedInAt'> | undefined): Place | null =>
  registration ? { status: registration.status, checkedIn: registration.checkedInAt !== null } : null;

const isOrganizer = (activity: Pick<ActivityAccess, 'organizerId'>, userId: number | null) =>
  userId === activity.organizerId;

const isHost = (activity: Pick<ActivityAccess, 'organizerId' | 'cohostIds'>, userId: number | null) =>
  userId !== null && (userId === activity.organizerId || activity.cohostIds.includes(userId));

/** A place that still holds (or waits for) a seat. */
const holdsPlace = (mine: Place | null): mine is Place =>
  mine !== null && ['pending', 'approved', 'waitlisted'].includes(mine.status);

type Access = Pick<ActivityAccess, 'organizerId' | 'cohostIds' | 'status'>;

/** A draft is seen only by its hosts; published and cancelled activities by anyone holding the link. */
export const canView = (activity: Access, userId: number | null) =>
  activity.status !== 'draft' || isHost(activity, userId);

/** Attendee lists, approvals, invitations, check-in, marketing: the organizer and co-hosts. */
export const canManage = (activity: Access, userId: number | null) => isHost(activity, userId);

export const canEdit = (activity: Access, userId: number | null) =>
  isHost(activity, userId) && activity.status !== 'cancelled';

/** Cancelling the whole activity (refunding everyone) and changing who the co-hosts are: the organizer only. */
export const canCancelActivity = (activity: Access, userId: number | null) => isOrganizer(activity, userId);
export const canChangeCohosts = (activity: Access, userId: number | null) => isOrganizer(activity, userId);

export const notFound = () => new AppError(Status.notFound, 'activity.notFound');
const forbidden = () => new AppError(Status.noPermission, 'http.403');
const conflict = (key: string) => new AppError(Status.conflict, key);
const signInFirst = () => new AppError(Status.notAllowed, 'http.401');

/**
 * What the caller may learn: "not found" for an activity they cannot see (someone else's draft), "no permission"
 * for one they can see but may not act on.
 */
function accessRefusal(
  activity: Access,
  userId: number | null,
  allowed: (activity: Access, userId: number | null) => boolean,
): Refusal {
  if (!canView(activity, userId)) return notFound();
  if (!allowed(activity, userId)) return forbidden();
  return null;
}

/** Throws `accessRefusal`'s answer. */
export function authorize(
  activity: Access,
  userId: number | null,
  allowed: (activity: Access, userId: number | null) => boolean,
): void {
  const refused = accessRefusal(activity, userId, allowed);
  if (refused) throw refused;
}

/**
 * Signing up: a published activity that has not ended, for anyone signed in but its hosts (they run it: their page
 * offers manage and share, not a ticket of their own). Whether a given ticket type is on sale is the ticket's own
 * `onSale`.
 */
export function signUpRefusal(activity: ActivityAccess, userId: number | null, now: Date): Refusal {
  if (!canView(activity, userId)) return notFound();
  if (activity.status === 'cancelled') return conflict('activity.cancelled');
  if (activity.status !== 'published') return notFound();
  if (phaseOf(activity.row, now) === 'ended') return conflict('activity.ended');
  if (userId === null) return signInFirst();
  if (isHost(activity, userId)) return forbidden();
  return null;
}

/** Giving up one's place: while it holds a seat or waits for one, not checked in, before the start. */
export function cancelRegistrationRefusal(activity: ActivityAccess, mine: Place | null, now: Date): Refusal {
  if (!holdsPlace(mine)) return new AppError(Status.notFound, 'activity.notSignedUp');
  if (mine.checkedIn) return conflict('activity.checkedInCannotCancel');
  if (now >= activity.row.startsAt) return conflict('activity.startedCannotCancel');
  return null;
}

/** Giving a confirmed ticket to someone else: approved, not checked in, before the start. */
export function transferTicketRefusal(activity: ActivityAccess, mine: Place | null, now: Date): Refusal {
  if (!holdsPlace(mine)) return new AppError(Status.notFound, 'activity.notSignedUp');
  if (mine.status !== 'approved') return conflict('activity.ticketTransferNotApproved');
  if (mine.checkedIn) return conflict('activity.ticketTransferCheckedIn');
  if (now >= activity.row.startsAt) return conflict('activity.ticketTransferStarted');
  return null;
}

/** Editing the activity: its hosts, while it is neither cancelled nor over. */
export function editRefusal(activity: ActivityAccess, userId: number | null, now: Date): Refusal {
  const refused = accessRefusal(activity, userId, canEdit);
  if (refused) return refused;
  if (phaseOf(activity.row, now) === 'ended') return conflict('activity.notEditable');
  return null;
}

/** Checking people in (scanning tickets, the sign-in code): its hosts, while it is published. */
export function checkInRefusal(activity: ActivityAccess, userId: number | null): Refusal {
  const refused = accessRefusal(activity, userId, canManage);
  if (refused) return refused;
  if (activity.status !== 'published') return conflict('activity.cancelled');
  return null;
}

/**
 * Cancelling the whole activity: the organizer, once, before it ends (after the end its money goes to the organizer
 * at settlement; refunding everyone then would undo an activity that took place).
 */
export function cancelActivityRefusal(activity: ActivityAccess, userId: number | null, now: Date): Refusal {
  const refused = accessRefusal(activity, userId, canCancelActivity);
  if (refused) return refused;
  if (activity.status === 'cancelled') return conflict('activity.alreadyCancelled');
  if (activity.row.settledAt) return conflict('activity.notEditable');
  if (phaseOf(activity.row, now) === 'ended') return conflict('activity.ended');
  return null;
}

/** The online link is for hosts and for people holding an approved ticket. */
export const canSeeOnlineUrl = (activity: Access, userId: number | null, mine: Place | null) =>
  isHost(activity, userId) || mine?.status === 'approved';

/** What the caller may do with an activity: each action's rule above, allowed or not. */
export function canOf(activity: ActivityAccess, userId: number | null, mine: Place | null, now: Date): Activity['can'] {
  return {
    edit: editRefusal(activity, userId, now) === null,
    manage: accessRefusal(activity, userId, canManage) === null,
    checkIn: checkInRefusal(activity, userId) === null,
    // A repeat sign-up returns the place already held (idempotent, not refused), so there is nothing to offer.
    signUp: signUpRefusal(activity, userId, now) === null && !holdsPlace(mine),
    cancelRegistration: cancelRegistrationRefusal(activity, mine, now) === null,
    transferTicket: transferTicketRefusal(activity, mine, now) === null,
    cancelActivity: cancelActivityRefusal(activity, userId, now) === null,
  };
}

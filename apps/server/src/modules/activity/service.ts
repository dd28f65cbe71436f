import type { Registration } from '@polaris/contract';
import type { Database, Tx } from '../../db/client.ts';
import type { AppError } from '../../platform/errors.ts';
import {
  type ActivityRow,
  assetDecimals,
  findActivity,
  type LoadedActivity,
  ticketTypeName,
} from './activities.store.ts';
import { authorize, canManage, canView, notFound } from './policy.ts';
import { presentRegistration } from './presenter.ts';
import { promoById } from './promo.store.ts';
import { type RegistrationRow, waitlistPosition } from './registrations.store.ts';

/**
 * What every activity service starts from. The module's services are split by topic, one file each:
 * discovery, editing, drafts, invitations, images (the activity itself); signup, seats (approval and the
 * waitlist), settlement (registrations and their money); checkin, nfts, attendees (the day and after).
 */

/** What a ledger entry about a registration's money names as its reference. */
export const registrationReference = (registrationId: number) => `registration:${registrationId}`;

/** The activity a caller may see, or "not found" (a missing one and someone else's draft look the same). */
export async function visibleActivity(db: Database, code: string, userId: number | null): Promise<LoadedActivity> {
  const activity = await findActivity(db, code);
  if (!activity || !canView(activity, userId)) throw notFound();
  return activity;
}

/** The activity a caller may manage: 404 when they cannot see it, 403 when they see it but may not act. */
export async function managedActivity(
  db: Database,
  code: string,
  userId: number,
  rule = canManage,
): Promise<LoadedActivity> {
  const activity = await findActivity(db, code);
  if (!activity) throw notFound();
  authorize(activity, userId, rule);
  return activity;
}

/**
 * The activity, when the policy lets the caller do an action with it (`refusalOf`: one of policy.ts's rules);
 * otherwise what that rule refuses.
 */
export async function activityAllowing(
  db: Database,
  code: string,
  refusalOf: (activity: LoadedActivity) => AppError | null,
): Promise<LoadedActivity> {
  const activity = await findActivity(db, code);
  if (!activity) throw notFound();
  const refused = refusalOf(activity);
  if (refused) throw refused;
  return activity;
}

/** A registration as its holder sees it: ticket type name, waitlist position, the QR payload. */
export async function registrationView(
  db: Database | Tx,
  activity: Pick<ActivityRow, 'id' | 'code' | 'checkinSecret'>,
  registration: RegistrationRow,
  decimals?: Map<string, number>,
): Promise<Registration> {
  const typeName = await ticketTypeName(db, registration.ticketTypeId);
  const position =
    registration.status === 'waitlisted' ? await waitlistPosition(db, activity.id, registration.id) : null;
  return presentRegistration(registration, {
    activity,
    typeName: typeName ?? '',
    decimals: decimals ?? (await assetDecimals(db)),
    waitlistPosition: position,
    promoCode:
      registration.promoCodeId === null ? null : ((await promoById(db, registration.promoCodeId))?.code ?? null),
  });
}

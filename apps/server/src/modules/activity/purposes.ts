import { activityPurposes } from './activities.store.ts';
import { ticketPurposes } from './registrations.store.ts';

/**
 * What the activity's ledger references were for, answered when the wallet writes an entry (wallet/ports.ts
 * `PurposeSource`, registered in app-modules.ts): a ticket's money (`registration:<id>`) and an activity's refunds
 * and earnings (`activity:<id>`, also the organizer's earnings master holds) were for the activity.
 */
export const activityPurposeSources = { registration: ticketPurposes, activity: activityPurposes };

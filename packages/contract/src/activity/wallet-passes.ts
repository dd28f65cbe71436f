import { z } from 'zod';
import { activityIdField } from './fields.ts';

/** A ticket for Google Wallet (docs/activities.md "Wallet passes"): the "save to Google Wallet" link. */
export const GoogleWalletInput = z.object({ activityId: activityIdField });
export const GoogleWalletOutput = z.object({
  /** `https://pay.google.com/gp/v/save/<signed JWT>`: opening it adds the ticket to the phone's wallet. */
  url: z.string(),
});

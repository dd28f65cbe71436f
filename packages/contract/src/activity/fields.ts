import { z } from 'zod';
import { instantField } from '../dates.ts';

/** Field types the activity and calendar schemas share. Only `activityIdField` is part of the public contract. */

export const activityIdField = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{8,24}$/, { error: 'activity.notFound' });
export const rowId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** An instant within the product's date range (dates.ts). */
export const dateTime = instantField('activity.dateInvalid');
export const timezoneField = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .refine(
    (value) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: value });
        return true;
      } catch {
        return false;
      }
    },
    { error: 'activity.timezoneInvalid' },
  );
/** Query strings carry booleans as text. */
export const flag = z.preprocess((value) => {
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  return value;
}, z.boolean());
export const assetCodeField = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{2,12}$/, { error: 'wallet.unknownAsset' });
export const uidField = z
  .string()
  .trim()
  .regex(/^\d{8,12}$/, { error: 'activity.coHostUnknown' });
export const limitField = z.coerce.number().int().min(1).max(50).default(20);
export const imageIdField = z
  .string()
  .trim()
  .regex(/^[a-f0-9]{32}$/, { error: 'activity.imageUnknown' });

export const ImageOutput = z.object({
  id: z.string(),
  width: z.number(),
  height: z.number(),
  /** One URL per stored width, smallest first; serve `srcset` from it. */
  sizes: z.array(z.object({ width: z.number(), url: z.string() })),
});

export const PersonOutput = z.object({ uid: z.string(), name: z.string(), avatar: z.string().nullable() });

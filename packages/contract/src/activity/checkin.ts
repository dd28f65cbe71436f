import { z } from 'zod';
import { idCursor } from '../cursors.ts';
import { CityNamesOutput } from '../places.ts';
import { text } from '../text.ts';
import { activityIdField, dateTime, flag, limitField, PersonOutput, rowId } from './fields.ts';

/** Check-in at the venue and the attendance NFT it mints. */

export const NftOutput = z.object({
  tokenId: z.string(),
  image: z.string(),
  metadataUrl: z.string(),
  activity: z.object({
    id: z.string(),
    title: z.string(),
    startsAt: z.string(),
    city: z.string().nullable(),
    cityNames: CityNamesOutput.nullable(),
  }),
  owner: z.object({ uid: z.string() }),
  /** Whether the public metadata names the holder; off unless the holder turns it on. */
  ownerPublic: z.boolean(),
  mintedAt: z.string(),
});
export const NftOwnerVisibilityInput = z.object({ tokenId: rowId, visible: flag });
export const NftsOutput = z.object({ items: z.array(NftOutput), nextCursor: z.string().nullable() });
export const NftListInput = z.object({ cursor: idCursor, limit: limitField });

/** Offline scans are queued on the organizer's device and sent later, each with the time it was scanned. */
export const CHECKIN_SCAN_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
export const CheckinInput = z.object({
  activityId: activityIdField,
  ticketCode: text().min(1).max(200),
  /** When the code was scanned, for a scan queued offline; the check-in keeps it (docs/app-platform.md). */
  scannedAt: dateTime.optional(),
});
export const SelfCheckinInput = z.object({
  activityId: activityIdField,
  signCode: z
    .string()
    .trim()
    .regex(/^\d{6}$/, { error: 'activity.signCodeFormat' }),
});
export const CheckinOutput = z.object({
  registrationId: z.string(),
  attendee: PersonOutput,
  ticketType: z.string(),
  checkedInAt: z.string(),
  nft: NftOutput,
});
export const SignCodeOutput = z.object({
  code: z.string(),
  /** Seconds until the code changes; the previous code keeps working for one more window. */
  expiresIn: z.number(),
});

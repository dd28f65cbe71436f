import type { z } from 'zod';
import type { UploadImageOutput } from '../activity/activities.ts';
import type { KycStatusOutput } from '../identity.ts';
import type { UserInfoOutput } from '../user.ts';

/**
 * The calls that move a file rather than JSON (the server's `router.raw`): uploads answer the envelope, downloads
 * the file. Their paths live here so the server registers and the web calls the same one.
 */
export const FILE_PATHS = {
  avatarUpload: '/user/avatar/upload',
  activityImageUpload: '/activity/image/upload',
  listingLogoUpload: '/shelves-coin/logo/upload',
  kycDocumentUpload: '/user/kyc2',
  attendeesCsv: '/activity/manage/attendees.csv',
  calendarExport: '/calendar/export.ics',
  /** A confirmed ticket as an Apple Wallet pass (`?activityId=`). */
  applePass: '/activity/ticket/wallet.pkpass',
} as const;

/** An upload as the web calls it: its path, and what its envelope answers, as a type only (like `ApiRoute`). */
export interface UploadRoute<Out = unknown> {
  readonly path: string;
  /** Types only: never set at runtime. */
  readonly types?: { readonly output: Out };
}

const upload = <O extends z.ZodType>(path: string): UploadRoute<z.output<O>> => ({ path });

/**
 * The uploads with their answers: `api.upload(UPLOADS.avatar, form)` is typed by the schema the server answers with
 * (the server registers each path with that schema; no type is written at the call).
 */
export const UPLOADS = {
  avatar: upload<typeof UserInfoOutput>(FILE_PATHS.avatarUpload),
  activityImage: upload<typeof UploadImageOutput>(FILE_PATHS.activityImageUpload),
  listingLogo: upload<typeof UploadImageOutput>(FILE_PATHS.listingLogoUpload),
  kycDocument: upload<typeof KycStatusOutput>(FILE_PATHS.kycDocumentUpload),
} as const;

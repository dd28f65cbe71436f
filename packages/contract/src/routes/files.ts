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
} as const;

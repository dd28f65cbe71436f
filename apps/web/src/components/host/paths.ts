/** Organizer pages, by SPEC §2 path. */
export const MANAGE_PATH = '/pages/activity/manage/index';
export const HOST_PATHS = {
  create: '/pages/activity/create/index',
  manage: MANAGE_PATH,
  edit: '/pages/activity/manage/assembly/overview/activity-edit/index',
  sendInvite: '/pages/activity/manage/assembly/overview/send-invite/index',
  inviteParticipants: '/pages/activity/manage/assembly/overview/invite-participants/index',
  sign: '/pages/activity/manage/assembly/join/sign/index',
  scan: '/pages/activity/manage/assembly/join/scan/index',
  marketing: '/pages/activity/manage/marketing/index',
  myActivities: '/pages/activity/my/activities/index',
  details: '/pages/activity/details/index',
  chooseLocation: '/choose-location',
  openLocation: '/open-location',
} as const;

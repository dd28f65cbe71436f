/** The guest activity pages, by SPEC §2 path. */
export const GUEST_PATHS = {
  explore: '/pages/activity/explore/index',
  categoryBrowse: '/pages/activity/category-browse/index',
  preferredCity: '/pages/activity/preferred-city/index',
  myActivities: '/pages/activity/my/activities/index',
  myNft: '/pages/activity/my/nft/index',
  calendar: '/pages/activity/my/calendar/home/index',
  details: '/pages/activity/details/index',
  sign: '/pages/activity/sign/index',
  calendarCreate: '/pages/activity/my/calendar/create/index',
  calendarSetting: '/pages/activity/my/calendar/setting/index',
  siftCalendar: '/pages/activity/sift-calendar/index',
} as const;

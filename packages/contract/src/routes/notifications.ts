import { route } from '../api-route.ts';
import type { EmptyInput } from '../auth.ts';
import type * as s from '../notice.ts';

/** The notifications module's calls (apps/server/src/modules/notifications): paths and types only; schemas in notifications.schemas.ts. */
export const notificationsApi = {
  noticeList: route<typeof s.NoticeListInput, typeof s.NoticeListOutput>('GET', '/notice/list'),
  noticeUnread: route<typeof EmptyInput, typeof s.NoticeUnreadOutput>('GET', '/notice/unread'),
  noticeRead: route<typeof s.NoticeReadInput, typeof s.NoticeUnreadOutput>('POST', '/notice/read'),
  noticePreferences: route<typeof EmptyInput, typeof s.NoticePreferencesOutput>('GET', '/notice/preferences'),
  setNoticePreferences: route<typeof s.NoticePreferencesInput, typeof s.NoticePreferencesOutput>(
    'POST',
    '/notice/preferences',
  ),
  noticeMute: route<typeof s.NoticeRoomMuteQuery, typeof s.NoticeRoomMuteOutput>('GET', '/notice/mute'),
  setNoticeMute: route<typeof s.NoticeRoomMuteInput, typeof s.NoticeRoomMuteOutput>('POST', '/notice/mute'),
};

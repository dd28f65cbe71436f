import { route } from '../api-route.ts';
import type { EmptyInput } from '../auth.ts';
import type {
  NoticeListInput,
  NoticeListOutput,
  NoticePreferencesInput,
  NoticePreferencesOutput,
  NoticeReadInput,
  NoticeRoomMuteInput,
  NoticeRoomMuteOutput,
  NoticeRoomMuteQuery,
  NoticeUnreadOutput,
} from '../notice.ts';

/** The notifications module's calls (apps/server/src/modules/notifications): paths and types only; schemas in notifications.schemas.ts. */
export const notificationsApi = {
  noticeList: route<typeof NoticeListInput, typeof NoticeListOutput>('GET', '/notice/list'),
  noticeUnread: route<typeof EmptyInput, typeof NoticeUnreadOutput>('GET', '/notice/unread'),
  noticeRead: route<typeof NoticeReadInput, typeof NoticeUnreadOutput>('POST', '/notice/read'),
  noticePreferences: route<typeof EmptyInput, typeof NoticePreferencesOutput>('GET', '/notice/preferences'),
  setNoticePreferences: route<typeof NoticePreferencesInput, typeof NoticePreferencesOutput>(
    'POST',
    '/notice/preferences',
  ),
  noticeMute: route<typeof NoticeRoomMuteQuery, typeof NoticeRoomMuteOutput>('GET', '/notice/mute'),
  setNoticeMute: route<typeof NoticeRoomMuteInput, typeof NoticeRoomMuteOutput>('POST', '/notice/mute'),
};

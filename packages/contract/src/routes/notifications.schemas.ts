import { withSchemas } from '../api-route.ts';
import { EmptyInput } from '../auth.ts';
import {
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
import { notificationsApi as api } from './notifications.ts';

/** The notifications module's calls with their schemas: what the server registers and development builds parse with. */
export const notificationsSchemas = {
  noticeList: withSchemas(api.noticeList, NoticeListInput, NoticeListOutput),
  noticeUnread: withSchemas(api.noticeUnread, EmptyInput, NoticeUnreadOutput),
  noticeRead: withSchemas(api.noticeRead, NoticeReadInput, NoticeUnreadOutput),
  noticePreferences: withSchemas(api.noticePreferences, EmptyInput, NoticePreferencesOutput),
  setNoticePreferences: withSchemas(api.setNoticePreferences, NoticePreferencesInput, NoticePreferencesOutput),
  noticeMute: withSchemas(api.noticeMute, NoticeRoomMuteQuery, NoticeRoomMuteOutput),
  setNoticeMute: withSchemas(api.setNoticeMute, NoticeRoomMuteInput, NoticeRoomMuteOutput),
};

import { withSchemas } from '../api-route.ts';
import { EmptyInput } from '../auth.ts';
import * as s from '../notice.ts';
import { notificationsApi as api } from './notifications.ts';

/** The notifications module's calls with their schemas: what the server registers and development builds parse with. */
export const notificationsSchemas = {
  noticeList: withSchemas(api.noticeList, s.NoticeListInput, s.NoticeListOutput),
  noticeUnread: withSchemas(api.noticeUnread, EmptyInput, s.NoticeUnreadOutput),
  noticeRead: withSchemas(api.noticeRead, s.NoticeReadInput, s.NoticeUnreadOutput),
  noticePreferences: withSchemas(api.noticePreferences, EmptyInput, s.NoticePreferencesOutput),
  setNoticePreferences: withSchemas(api.setNoticePreferences, s.NoticePreferencesInput, s.NoticePreferencesOutput),
  noticeMute: withSchemas(api.noticeMute, s.NoticeRoomMuteQuery, s.NoticeRoomMuteOutput),
  setNoticeMute: withSchemas(api.setNoticeMute, s.NoticeRoomMuteInput, s.NoticeRoomMuteOutput),
};

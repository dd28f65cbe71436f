import { route } from '../api-route.ts';
import type { EmptyInput, EmptyOutput } from '../auth.ts';
import type * as s from '../chat.ts';
import type * as a from '../chat-actions.ts';
import type * as search from '../chat-search.ts';

/** The chat module's calls (apps/server/src/modules/chat): paths and types only; schemas in chat.schemas.ts. */
export const chatApi = {
  roomsMine: route<typeof EmptyInput, typeof s.ChatMyRoomsOutput>('GET', '/chat/rooms/mine'),
  roomsSearch: route<typeof s.ChatSearchInput, typeof s.ChatRoomsOutput>('GET', '/chat/rooms/search'),
  room: route<typeof s.ChatRoomRefInput, typeof s.ChatRoomOutput>('GET', '/chat/room'),
  roomCreate: route<typeof s.ChatRoomCreateInput, typeof s.ChatRoomOutput>('POST', '/chat/room/create'),
  directOpen: route<typeof s.ChatDirectOpenInput, typeof s.ChatRoomOutput>('POST', '/chat/direct/open'),
  roomJoin: route<typeof s.ChatJoinInput, typeof s.ChatRoomOutput>('POST', '/chat/room/join'),
  roomLeave: route<typeof s.ChatRoomRefInput, typeof EmptyOutput>('POST', '/chat/room/leave'),
  roomSettings: route<typeof s.ChatSettingsInput, typeof s.ChatRoomOutput>('POST', '/chat/room/settings'),
  roomInviteReset: route<typeof s.ChatRoomRefInput, typeof s.ChatRoomOutput>('POST', '/chat/room/invite/reset'),
  roomAnnounce: route<typeof s.ChatAnnounceInput, typeof EmptyOutput>('POST', '/chat/room/announce'),
  messages: route<typeof s.ChatHistoryInput, typeof s.ChatMessagesOutput>('GET', '/chat/messages'),
  messageSend: route<typeof s.ChatSendInput, typeof s.ChatSendOutput>('POST', '/chat/message/send'),
  messageDelete: route<typeof s.ChatMessageRefInput, typeof EmptyOutput>('POST', '/chat/message/delete'),
  read: route<typeof s.ChatReadInput, typeof EmptyOutput>('POST', '/chat/read'),
  members: route<typeof s.ChatMembersInput, typeof s.ChatMembersOutput>('GET', '/chat/members'),
  memberMute: route<typeof s.ChatMuteInput, typeof EmptyOutput>('POST', '/chat/member/mute'),
  memberUnmute: route<typeof s.ChatMemberActionInput, typeof EmptyOutput>('POST', '/chat/member/unmute'),
  memberKick: route<typeof s.ChatMemberActionInput, typeof EmptyOutput>('POST', '/chat/member/kick'),
  memberBan: route<typeof s.ChatMemberActionInput, typeof EmptyOutput>('POST', '/chat/member/ban'),
  memberRole: route<typeof s.ChatRoleInput, typeof EmptyOutput>('POST', '/chat/member/role'),
  roomActivity: route<typeof s.ChatActivityRoomInput, typeof s.ChatRoomOutput>('GET', '/chat/room/activity'),
  roomCity: route<typeof s.ChatCityRoomInput, typeof s.ChatRoomOutput>('GET', '/chat/room/city'),
  roomAnnouncements: route<typeof s.ChatRoomRefInput, typeof s.ChatAnnouncementsOutput>(
    'GET',
    '/chat/room/announcements',
  ),
  messageReact: route<typeof a.ChatReactInput, typeof a.ChatReactOutput>('POST', '/chat/message/react'),
  messageReactors: route<typeof a.ChatReactorsInput, typeof a.ChatReactorsOutput>('GET', '/chat/message/reactors'),
  messageEdit: route<typeof a.ChatEditInput, typeof a.ChatEditOutput>('POST', '/chat/message/edit'),
  messageVersions: route<typeof s.ChatMessageRefInput, typeof a.ChatVersionsOutput>('GET', '/chat/message/versions'),
  messagePin: route<typeof s.ChatMessageRefInput, typeof a.ChatPinsOutput>('POST', '/chat/message/pin'),
  messageUnpin: route<typeof s.ChatMessageRefInput, typeof a.ChatPinsOutput>('POST', '/chat/message/unpin'),
  roomPins: route<typeof s.ChatRoomRefInput, typeof a.ChatPinsOutput>('GET', '/chat/room/pins'),
  messagesSearch: route<typeof search.ChatMessageSearchInput, typeof search.ChatMessageSearchOutput>(
    'GET',
    '/chat/messages/search',
  ),
};

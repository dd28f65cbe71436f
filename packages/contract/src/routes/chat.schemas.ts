import { withSchemas } from '../api-route.ts';
import { EmptyInput, EmptyOutput } from '../auth.ts';
import * as s from '../chat.ts';
import * as a from '../chat-actions.ts';
import * as search from '../chat-search.ts';
import { chatApi as api } from './chat.ts';

/** The chat module's calls with their schemas: what the server registers and development builds parse with. */
export const chatSchemas = {
  roomsMine: withSchemas(api.roomsMine, EmptyInput, s.ChatMyRoomsOutput),
  roomsSearch: withSchemas(api.roomsSearch, s.ChatSearchInput, s.ChatRoomsOutput),
  room: withSchemas(api.room, s.ChatRoomRefInput, s.ChatRoomOutput),
  roomCreate: withSchemas(api.roomCreate, s.ChatRoomCreateInput, s.ChatRoomOutput),
  directOpen: withSchemas(api.directOpen, s.ChatDirectOpenInput, s.ChatRoomOutput),
  roomJoin: withSchemas(api.roomJoin, s.ChatJoinInput, s.ChatRoomOutput),
  roomLeave: withSchemas(api.roomLeave, s.ChatRoomRefInput, EmptyOutput),
  roomSettings: withSchemas(api.roomSettings, s.ChatSettingsInput, s.ChatRoomOutput),
  roomInviteReset: withSchemas(api.roomInviteReset, s.ChatRoomRefInput, s.ChatRoomOutput),
  roomAnnounce: withSchemas(api.roomAnnounce, s.ChatAnnounceInput, EmptyOutput),
  messages: withSchemas(api.messages, s.ChatHistoryInput, s.ChatMessagesOutput),
  messageSend: withSchemas(api.messageSend, s.ChatSendInput, s.ChatSendOutput),
  messageDelete: withSchemas(api.messageDelete, s.ChatMessageRefInput, EmptyOutput),
  read: withSchemas(api.read, s.ChatReadInput, EmptyOutput),
  members: withSchemas(api.members, s.ChatMembersInput, s.ChatMembersOutput),
  memberMute: withSchemas(api.memberMute, s.ChatMuteInput, EmptyOutput),
  memberUnmute: withSchemas(api.memberUnmute, s.ChatMemberActionInput, EmptyOutput),
  memberKick: withSchemas(api.memberKick, s.ChatMemberActionInput, EmptyOutput),
  memberBan: withSchemas(api.memberBan, s.ChatMemberActionInput, EmptyOutput),
  memberRole: withSchemas(api.memberRole, s.ChatRoleInput, EmptyOutput),
  roomActivity: withSchemas(api.roomActivity, s.ChatActivityRoomInput, s.ChatRoomOutput),
  roomCity: withSchemas(api.roomCity, s.ChatCityRoomInput, s.ChatRoomOutput),
  roomAnnouncements: withSchemas(api.roomAnnouncements, s.ChatRoomRefInput, s.ChatAnnouncementsOutput),
  messageReact: withSchemas(api.messageReact, a.ChatReactInput, a.ChatReactOutput),
  messageReactors: withSchemas(api.messageReactors, a.ChatReactorsInput, a.ChatReactorsOutput),
  messageEdit: withSchemas(api.messageEdit, a.ChatEditInput, a.ChatEditOutput),
  messageVersions: withSchemas(api.messageVersions, s.ChatMessageRefInput, a.ChatVersionsOutput),
  messagePin: withSchemas(api.messagePin, s.ChatMessageRefInput, a.ChatPinsOutput),
  messageUnpin: withSchemas(api.messageUnpin, s.ChatMessageRefInput, a.ChatPinsOutput),
  roomPins: withSchemas(api.roomPins, s.ChatRoomRefInput, a.ChatPinsOutput),
  messagesSearch: withSchemas(api.messagesSearch, search.ChatMessageSearchInput, search.ChatMessageSearchOutput),
};

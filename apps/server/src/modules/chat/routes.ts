import {
  activityIdField,
  ChatAnnounceInput,
  ChatDirectOpenInput,
  ChatHistoryInput,
  ChatJoinInput,
  ChatMemberActionInput,
  ChatMembersInput,
  ChatMembersOutput,
  ChatMessageRefInput,
  ChatMessagesOutput,
  ChatMuteInput,
  ChatMyRoomsOutput,
  ChatReadInput,
  ChatRoleInput,
  ChatRoomCreateInput,
  ChatRoomOutput,
  ChatRoomRefInput,
  ChatRoomsOutput,
  ChatSearchInput,
  ChatSendInput,
  ChatSendOutput,
  ChatSettingsInput,
  EmptyInput,
  EmptyOutput,
  text,
} from '@polaris/contract';
import { z } from 'zod';
import type { Router } from '../../platform/router.ts';
import type { ChatService } from './service.ts';

const tags = ['chat'];
const CityInput = z.object({ city: text().min(1).max(60) });
const ActivityRoomInput = z.object({ activityId: activityIdField });
const AnnouncementsOutput = z.object({
  items: z.array(z.object({ text: z.string(), authorUid: z.string(), createdAt: z.string() })),
});

/** The HTTP surface of chat; the WebSocket is in ws.routes.ts. */
export function chatRoutes(router: Router, chat: ChatService): void {
  roomRoutes(router, chat);
  announcementRoutes(router, chat);
  messageRoutes(router, chat);
  memberRoutes(router, chat);
}

/** Finding, opening, joining and leaving rooms, and their settings. */
function roomRoutes(router: Router, chat: ChatService): void {
  router.route({
    method: 'GET',
    path: '/chat/rooms/mine',
    summary: 'My rooms, newest activity first, with the last message and unread count',
    tags,
    auth: 'user',
    input: EmptyInput,
    output: ChatMyRoomsOutput,
    handler: ({ user }) => chat.rooms.myRooms(user),
  });
  router.route({
    method: 'GET',
    path: '/chat/rooms/search',
    summary: 'Public rooms by name',
    tags,
    auth: 'user',
    input: ChatSearchInput,
    output: ChatRoomsOutput,
    handler: ({ input, user }) => chat.rooms.search(user, input.q, input.limit),
  });
  router.route({
    method: 'GET',
    path: '/chat/room',
    summary: 'One room as the caller sees it, with their role and abilities',
    tags,
    auth: 'user',
    input: ChatRoomRefInput,
    output: ChatRoomOutput,
    handler: ({ input, user }) => chat.rooms.room(user, input.roomId),
  });
  router.route({
    method: 'GET',
    path: '/chat/room/activity',
    summary: "An activity's room (by the activity's public code), for its ticket holders and hosts",
    tags,
    auth: 'user',
    input: ActivityRoomInput,
    output: ChatRoomOutput,
    handler: ({ input, user }) => chat.rooms.activityRoom(user, input.activityId),
  });
  router.route({
    method: 'GET',
    path: '/chat/room/city',
    summary: "A city's room (created on first use)",
    tags,
    auth: 'user',
    input: CityInput,
    output: ChatRoomOutput,
    handler: ({ input, user }) => chat.rooms.openCityRoom(user, input.city),
  });
  router.route({
    method: 'POST',
    path: '/chat/room/create',
    summary: 'Create a community room; the creator is its owner',
    tags,
    auth: 'user',
    input: ChatRoomCreateInput,
    output: ChatRoomOutput,
    handler: ({ input, user }) => chat.rooms.createRoom(user, input),
  });
  router.route({
    method: 'POST',
    path: '/chat/direct/open',
    summary: 'The direct conversation with a user (created on first use)',
    tags,
    auth: 'user',
    input: ChatDirectOpenInput,
    output: ChatRoomOutput,
    handler: ({ input, user }) => chat.rooms.openDirect(user, input.uid),
  });
  router.route({
    method: 'POST',
    path: '/chat/room/join',
    summary: 'Join a public room by id, or any room by its invite token',
    tags,
    auth: 'user',
    input: ChatJoinInput,
    output: ChatRoomOutput,
    handler: ({ input, user }) => chat.rooms.join(user, input),
  });
  router.route({
    method: 'POST',
    path: '/chat/room/leave',
    summary: 'Leave a room (the owner cannot)',
    tags,
    auth: 'user',
    input: ChatRoomRefInput,
    output: EmptyOutput,
    handler: ({ input, user }) => chat.rooms.leave(user, input.roomId),
  });
  router.route({
    method: 'POST',
    path: '/chat/room/settings',
    summary: 'Change name, avatar, description, join policy or slow mode (admins)',
    tags,
    auth: 'user',
    input: ChatSettingsInput,
    output: ChatRoomOutput,
    handler: ({ input, user }) => chat.rooms.settings(user, input),
  });
  router.route({
    method: 'POST',
    path: '/chat/room/invite/reset',
    summary: 'Replace the invite link token (admins)',
    tags,
    auth: 'user',
    input: ChatRoomRefInput,
    output: ChatRoomOutput,
    handler: ({ input, user }) => chat.rooms.resetInvite(user, input.roomId),
  });
}

/** Pinned announcements (admins pin, members read). */
function announcementRoutes(router: Router, chat: ChatService): void {
  router.route({
    method: 'POST',
    path: '/chat/room/announce',
    summary: 'Pin an announcement (admins); it is posted as a system message',
    tags,
    auth: 'user',
    input: ChatAnnounceInput,
    output: EmptyOutput,
    handler: ({ input, user }) => chat.moderation.announce(user, input),
  });
  router.route({
    method: 'GET',
    path: '/chat/room/announcements',
    summary: 'Pinned announcements, newest first',
    tags,
    auth: 'user',
    input: ChatRoomRefInput,
    output: AnnouncementsOutput,
    handler: ({ input, user }) => chat.moderation.announcementHistory(user, input.roomId),
  });
}

/** History, sending, deleting and the read position. */
function messageRoutes(router: Router, chat: ChatService): void {
  router.route({
    method: 'GET',
    path: '/chat/messages',
    summary: 'History, newest first, before a sequence number',
    tags,
    auth: 'user',
    input: ChatHistoryInput,
    output: ChatMessagesOutput,
    handler: ({ input, user }) => chat.messages.history(user, input),
  });
  router.route({
    method: 'POST',
    path: '/chat/message/send',
    summary: 'Send a message (the WebSocket send frame does the same)',
    tags,
    auth: 'user',
    input: ChatSendInput,
    output: ChatSendOutput,
    handler: async ({ input, user }) => ({ message: await chat.messages.send(user, input) }),
  });
  router.route({
    method: 'POST',
    path: '/chat/message/delete',
    summary: 'Delete an own message; admins delete any',
    tags,
    auth: 'user',
    input: ChatMessageRefInput,
    output: EmptyOutput,
    handler: ({ input, user }) => chat.messages.deleteMessage(user, input),
  });
  router.route({
    method: 'POST',
    path: '/chat/read',
    summary: 'Move my read position forward',
    tags,
    auth: 'user',
    input: ChatReadInput,
    output: EmptyOutput,
    handler: ({ input, user }) => chat.messages.read(user, input),
  });
}

/** The member list and moderation: mutes, kicks, bans and roles. */
function memberRoutes(router: Router, chat: ChatService): void {
  router.route({
    method: 'GET',
    path: '/chat/members',
    summary: 'Members with roles, by name or uid',
    tags,
    auth: 'user',
    input: ChatMembersInput,
    output: ChatMembersOutput,
    handler: ({ input, user }) => chat.moderation.members(user, input),
  });
  router.route({
    method: 'POST',
    path: '/chat/member/mute',
    summary: 'Mute a member for some minutes (admins)',
    tags,
    auth: 'user',
    input: ChatMuteInput,
    output: EmptyOutput,
    handler: ({ input, user }) => chat.moderation.mute(user, input),
  });
  router.route({
    method: 'POST',
    path: '/chat/member/unmute',
    summary: 'Lift a mute (admins)',
    tags,
    auth: 'user',
    input: ChatMemberActionInput,
    output: EmptyOutput,
    handler: ({ input, user }) => chat.moderation.unmute(user, input),
  });
  router.route({
    method: 'POST',
    path: '/chat/member/kick',
    summary: 'Remove a member (admins); they may join again',
    tags,
    auth: 'user',
    input: ChatMemberActionInput,
    output: EmptyOutput,
    handler: ({ input, user }) => chat.moderation.kick(user, input),
  });
  router.route({
    method: 'POST',
    path: '/chat/member/ban',
    summary: 'Ban a member (admins); they cannot join again',
    tags,
    auth: 'user',
    input: ChatMemberActionInput,
    output: EmptyOutput,
    handler: ({ input, user }) => chat.moderation.ban(user, input),
  });
  router.route({
    method: 'POST',
    path: '/chat/member/role',
    summary: 'Make a member an admin or back (owner)',
    tags,
    auth: 'user',
    input: ChatRoleInput,
    output: EmptyOutput,
    handler: ({ input, user }) => chat.moderation.setRole(user, input),
  });
}

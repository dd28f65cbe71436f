import { chatSchemas } from '@polaris/contract/schemas';
import type { Router } from '../../platform/router.ts';
import { pollRoutes } from './polls.routes.ts';
import type { ChatService } from './service.ts';

const tags = ['chat'];

/** The HTTP surface of chat; the WebSocket is in ws.routes.ts. */
export function chatRoutes(router: Router, chat: ChatService): void {
  roomRoutes(router, chat);
  announcementRoutes(router, chat);
  messageRoutes(router, chat);
  memberRoutes(router, chat);
  messageActionRoutes(router, chat);
  pollRoutes(router, chat);
}

/** Finding, opening, joining and leaving rooms, and their settings. */
function roomRoutes(router: Router, chat: ChatService): void {
  router.route({
    ...chatSchemas.roomsMine,
    summary: 'My rooms, newest activity first, with the last message and unread count',
    tags,
    auth: 'user',
    handler: ({ user }) => chat.rooms.myRooms(user),
  });
  router.route({
    ...chatSchemas.roomsSearch,
    summary: 'Public rooms by name',
    tags,
    auth: 'user',
    handler: ({ input, user }) => chat.rooms.search(user, input.q, input.limit),
  });
  router.route({
    ...chatSchemas.room,
    summary: 'One room as the caller sees it, with their role and what they may do (`can`)',
    tags,
    auth: 'user',
    handler: ({ input, user }) => chat.rooms.room(user, input.roomId),
  });
  router.route({
    ...chatSchemas.roomActivity,
    summary: "An activity's room (by the activity's public code), for its ticket holders and hosts",
    tags,
    auth: 'user',
    handler: ({ input, user }) => chat.rooms.activityRoom(user, input.activityId),
  });
  router.route({
    ...chatSchemas.roomCity,
    summary: "A city's room (created on first use)",
    tags,
    auth: 'user',
    handler: ({ input, user }) => chat.rooms.openCityRoom(user, input.city),
  });
  router.route({
    ...chatSchemas.roomCreate,
    summary: 'Create a community room; the creator is its owner',
    tags,
    auth: 'user',
    handler: ({ input, user }) => chat.rooms.createRoom(user, input),
  });
  router.route({
    ...chatSchemas.directOpen,
    summary: 'The direct conversation with a user (created on first use)',
    tags,
    auth: 'user',
    handler: ({ input, user }) => chat.rooms.openDirect(user, input.uid),
  });
  router.route({
    ...chatSchemas.roomJoin,
    summary: 'Join a public room by id, or any room by its invite token',
    tags,
    auth: 'user',
    handler: ({ input, user }) => chat.rooms.join(user, input),
  });
  router.route({
    ...chatSchemas.roomLeave,
    summary: 'Leave a room (the owner cannot)',
    tags,
    auth: 'user',
    handler: ({ input, user }) => chat.rooms.leave(user, input.roomId),
  });
  router.route({
    ...chatSchemas.roomSettings,
    summary: 'Change name, avatar, description, join policy or slow mode (admins)',
    tags,
    auth: 'user',
    handler: ({ input, user }) => chat.rooms.settings(user, input),
  });
  router.route({
    ...chatSchemas.roomInviteReset,
    summary: 'Replace the invite link token (admins)',
    tags,
    auth: 'user',
    handler: ({ input, user }) => chat.rooms.resetInvite(user, input.roomId),
  });
}

/** Pinned announcements (admins pin, members read). */
function announcementRoutes(router: Router, chat: ChatService): void {
  router.route({
    ...chatSchemas.roomAnnounce,
    summary: 'Pin an announcement (admins); it is posted as a system message',
    tags,
    auth: 'user',
    handler: ({ input, user }) => chat.moderation.announce(user, input),
  });
  router.route({
    ...chatSchemas.roomAnnouncements,
    summary: 'Pinned announcements, newest first',
    tags,
    auth: 'user',
    handler: ({ input, user }) => chat.moderation.announcementHistory(user, input.roomId),
  });
}

/** History, sending, deleting and the read position. */
function messageRoutes(router: Router, chat: ChatService): void {
  router.route({
    ...chatSchemas.messages,
    summary: 'History, newest first, before a sequence number',
    tags,
    auth: 'user',
    handler: ({ input, user }) => chat.messages.history(user, input),
  });
  router.route({
    ...chatSchemas.messageSend,
    summary: 'Send a message (the WebSocket send frame does the same)',
    tags,
    auth: 'user',
    handler: ({ input, user }) => chat.messages.submit(user, input),
  });
  router.route({
    ...chatSchemas.messageDelete,
    summary: 'Delete an own message; admins delete any',
    tags,
    auth: 'user',
    handler: ({ input, user }) => chat.messages.deleteMessage(user, input),
  });
  router.route({
    ...chatSchemas.read,
    summary: 'Move my read position forward',
    tags,
    auth: 'user',
    handler: ({ input, user }) => chat.messages.read(user, input),
  });
  router.route({
    ...chatSchemas.messagesSearch,
    summary: 'Messages holding the query, newest first: in one room, or in every room I am in now',
    tags,
    auth: 'user',
    handler: ({ input, user }) => chat.search.search(user, input),
  });
}

/** The member list and moderation: mutes, kicks, bans and roles. */
function memberRoutes(router: Router, chat: ChatService): void {
  router.route({
    ...chatSchemas.members,
    summary: 'Members with roles, by name or uid',
    tags,
    auth: 'user',
    handler: ({ input, user }) => chat.moderation.members(user, input),
  });
  router.route({
    ...chatSchemas.memberMute,
    summary: 'Mute a member for some minutes (admins)',
    tags,
    auth: 'user',
    handler: ({ input, user }) => chat.moderation.mute(user, input),
  });
  router.route({
    ...chatSchemas.memberUnmute,
    summary: 'Lift a mute (admins)',
    tags,
    auth: 'user',
    handler: ({ input, user }) => chat.moderation.unmute(user, input),
  });
  router.route({
    ...chatSchemas.memberKick,
    summary: 'Remove a member (admins); they may join again',
    tags,
    auth: 'user',
    handler: ({ input, user }) => chat.moderation.kick(user, input),
  });
  router.route({
    ...chatSchemas.memberBan,
    summary: 'Ban a member (admins); they cannot join again',
    tags,
    auth: 'user',
    handler: ({ input, user }) => chat.moderation.ban(user, input),
  });
  router.route({
    ...chatSchemas.memberRole,
    summary: 'Make a member an admin or back (owner)',
    tags,
    auth: 'user',
    handler: ({ input, user }) => chat.moderation.setRole(user, input),
  });
}

/** Actions on one message: reactions, edits and their versions, pins (docs/chat.md "Reactions, editing and pins"). */
function messageActionRoutes(router: Router, chat: ChatService): void {
  router.route({
    ...chatSchemas.messageReact,
    summary: 'Give (`on`) or take back one of the offered reactions on a message',
    tags,
    auth: 'user',
    handler: ({ input, user }) => chat.reactions.react(user, input),
  });
  router.route({
    ...chatSchemas.messageReactors,
    summary: 'Who reacted to a message (of one kind, or all), earliest first',
    tags,
    auth: 'user',
    handler: ({ input, user }) => chat.reactions.reactors(user, input),
  });
  router.route({
    ...chatSchemas.messageEdit,
    summary: 'Edit an own text message within 48 hours',
    tags,
    auth: 'user',
    handler: ({ input, user }) => chat.edits.edit(user, input),
  });
  router.route({
    ...chatSchemas.messageVersions,
    summary: "An edited message's earlier texts (admins)",
    tags,
    auth: 'user',
    handler: ({ input, user }) => chat.edits.versions(user, input),
  });
  router.route({
    ...chatSchemas.messagePin,
    summary: 'Pin a message (admins; at most 10 a room)',
    tags,
    auth: 'user',
    handler: ({ input, user }) => chat.pins.pin(user, input),
  });
  router.route({
    ...chatSchemas.messageUnpin,
    summary: 'Unpin a message (admins)',
    tags,
    auth: 'user',
    handler: ({ input, user }) => chat.pins.unpin(user, input),
  });
  router.route({
    ...chatSchemas.roomPins,
    summary: "A room's pinned messages, the latest pinned first",
    tags,
    auth: 'user',
    handler: ({ input, user }) => chat.pins.list(user, input),
  });
}

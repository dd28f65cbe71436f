import { z } from 'zod';
import { activityIdField, imageIdField } from './activity/fields.ts';
import { ChatPollOutput, ChatPollResultsOutput } from './chat-polls.ts';
import { ChatReactionCountOutput, ChatReactionOutput } from './chat-reaction-set.ts';
import { imageUrl } from './links.ts';
import { LIVE_TOPICS, NOTICE_CATEGORIES, NoticeOutput, NoticeUnreadOutput } from './notice.ts';
import { CityNamesOutput } from './places.ts';
import { text, tokenText } from './text.ts';

/** Request, response and WebSocket frame schemas of chat rooms (docs/chat.md). */

export const CHAT_LIMITS = {
  /** Longest message text, in UTF-16 units. */
  messageLength: 2000,
  /** Largest WebSocket frame answered with an error frame rather than parsed. */
  frameBytes: 16_384,
  /** Messages one member may send in one window, claimed atomically per member and room. */
  sendsPerWindow: 20,
  /** Typing notices one member may cause in a room per window; more are dropped silently. */
  typingPerWindow: 3,
  windowSeconds: 10,
  historyPage: 50,
  slowModeMaxSeconds: 3600,
} as const;

/**
 * Close codes of the chat WebSocket (docs/chat.md "Close codes"), in the 4000–4999 range kept for applications.
 * `sessionEnded`: the socket's session ended (logout, revoked, password reset or change, account deleted,
 * expired); reconnecting with the same token is pointless, the client signs out. `tooManySockets`: the session or
 * the account holds `CHAT_SOCKET_CAPS` sockets already; the client may try again later.
 */
export const CHAT_CLOSE = {
  sessionEnded: { code: 4401, reason: 'session ended' },
  tooManySockets: { code: 4429, reason: 'too many sockets' },
  /** The node is draining (SIGTERM, a rolling restart): reconnect at once, another node answers. */
  restart: { code: 1012, reason: 'service restart' },
} as const;

/** Open chat sockets one session, and one account across its sessions, may hold (counted across every process). */
export const CHAT_SOCKET_CAPS = { perSession: 10, perAccount: 30 } as const;

export const CHAT_ROOM_KINDS = ['community', 'city', 'activity', 'direct'] as const;
export const CHAT_JOIN_POLICIES = ['public', 'invite'] as const;
export const CHAT_ROLES = ['owner', 'admin', 'member'] as const;
/** `redpacket`, `bounty` and `poll` messages point at a red packet (its code), a bounty or a poll (its id) in `ref`. */
export const CHAT_MESSAGE_KINDS = ['text', 'image', 'system', 'redpacket', 'bounty', 'poll'] as const;
/** `renamed`: an activity room took its activity's new title (the text); `closed`: the activity was cancelled. */
export const CHAT_SYSTEM_EVENTS = [
  'joined',
  'left',
  'muted',
  'kicked',
  'banned',
  'announcement',
  'renamed',
  'closed',
] as const;

const roomId = z.coerce
  .string()
  .trim()
  .regex(/^\d{1,15}$/, { error: 'validation.invalid' });
const seq = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const uid = z.coerce
  .string()
  .trim()
  .regex(/^\d{1,15}$/, { error: 'validation.invalid' });

export const ChatRoomRefInput = z.object({ roomId });
export const ChatRoomCreateInput = z.object({
  name: text().min(1).max(60),
  description: text().max(500).default(''),
  joinPolicy: z.enum(CHAT_JOIN_POLICIES).default('public'),
});
export const ChatJoinInput = z
  .object({ roomId: roomId.optional(), inviteToken: tokenText(64).optional() })
  .refine((v) => v.roomId !== undefined || v.inviteToken !== undefined, {
    error: 'validation.required',
    path: ['roomId'],
  });
/** Opens (or finds) the direct conversation between the caller and `uid`. */
export const ChatDirectOpenInput = z.object({ uid });
export const ChatSearchInput = z.object({
  q: text().max(60).default(''),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export const ChatHistoryInput = z.object({
  roomId,
  /** Messages before this sequence number (older); the newest page without it. */
  beforeSeq: seq.optional(),
  /** Messages newer than this sequence number, the oldest of them (paging down from a found message). */
  afterSeq: seq.optional(),
  /** A page around this message: it, the older half and the newer half (a search hit opened in its place). */
  aroundSeq: seq.optional(),
  limit: z.coerce.number().int().min(1).max(CHAT_LIMITS.historyPage).default(CHAT_LIMITS.historyPage),
});
const messageFields = {
  roomId,
  text: text().max(CHAT_LIMITS.messageLength).default(''),
  imageId: imageIdField.optional(),
  replyTo: seq.optional(),
};
/** `clientId`: the sender's own id for the message; sending it again stores nothing new and answers the first. */
export const ChatSendInput = z.object({ ...messageFields, clientId: text().max(64).optional() });
export const ChatMessageRefInput = z.object({ roomId, seq });
export const ChatReadInput = z.object({ roomId, seq });
export const ChatMembersInput = z.object({
  roomId,
  q: text().max(60).default(''),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const ChatMemberActionInput = z.object({ roomId, uid });
export const ChatMuteInput = z.object({ roomId, uid, minutes: z.coerce.number().int().min(1).max(525_600) });
export const ChatRoleInput = z.object({ roomId, uid, role: z.enum(['admin', 'member']) });
export const ChatSettingsInput = z.object({
  roomId,
  name: text().min(1).max(60).optional(),
  description: text().max(500).optional(),
  /** A picture: a safe link or an image uploaded here (links.ts). */
  avatar: imageUrl({ max: 500 }).optional(),
  joinPolicy: z.enum(CHAT_JOIN_POLICIES).optional(),
  slowModeSeconds: z.coerce.number().int().min(0).max(CHAT_LIMITS.slowModeMaxSeconds).optional(),
  /** Only admins may post polls. */
  pollsByAdmins: z.boolean().optional(),
});
export const ChatAnnounceInput = z.object({ roomId, text: text().min(1).max(CHAT_LIMITS.messageLength) });

export const ChatMessageOutput = z.object({
  roomId: z.string(),
  seq: z.number(),
  kind: z.enum(CHAT_MESSAGE_KINDS),
  senderUid: z.string().nullable(),
  senderName: z.string().nullable(),
  /** The sender's avatar (an image URL), joined like the name; the client keeps it in its avatar cache. */
  senderAvatar: z.string().nullable(),
  text: z.string(),
  imageId: z.string().nullable(),
  replyTo: z.number().nullable(),
  mentions: z.array(z.string()),
  /** For system messages: what happened, and to whom. */
  event: z.enum(CHAT_SYSTEM_EVENTS).nullable(),
  targetUid: z.string().nullable(),
  /** The target's display name (as the sender's is `senderName`), so "Ann joined" needs no lookup. */
  targetName: z.string().nullable(),
  /** A red packet's code or a bounty's id, for those kinds of message. */
  ref: z.string().nullable(),
  deleted: z.boolean(),
  createdAt: z.string(),
  /** When its author last edited it (a text message, within CHAT_EDIT_WINDOW_HOURS), or null. */
  editedAt: z.string().nullable().optional(),
  /** Its reactions, most given first, `mine` for the reader (a live `message` frame carries none yet). */
  reactions: z.array(ChatReactionOutput).optional(),
  /** The reactions' revision: a `reactions` frame with a lower one is older than what is held. */
  reactionsRev: z.number().optional(),
  /** A `poll` message's poll (not when deleted). */
  poll: ChatPollOutput.nullable().optional(),
});
export type ChatMessage = z.infer<typeof ChatMessageOutput>;
export const ChatMessagesOutput = z.object({ items: z.array(ChatMessageOutput) });

/** What the caller may do in the room, as the server's policy answers it (chat/policy.ts). */
export const ChatRoomCan = z.object({
  /** Join it by its id: someone not in a public room (not banned from it). Members have nothing to join. */
  join: z.boolean(),
  /** Send a message: an active member, not muted, in a room still open. */
  send: z.boolean(),
  /**
   * Leave it: a member of a community or city room but its owner. Never an activity room (a place there follows
   * the ticket) nor a direct room (opening it again brings both back).
   */
  leave: z.boolean(),
  /** Mute, kick, ban, delete others' messages, pin, announce: its owner and admins. */
  moderate: z.boolean(),
  /** Make members admins and back: its owner only. */
  setRoles: z.boolean(),
  /** Change the room's name, avatar, join policy and slow mode, and reset its invite link: its owner and admins, never in a direct room. */
  editSettings: z.boolean(),
  /** Share its invite link (invite people): any member of a public room, the admins of an invite-only one; never a direct or activity room. */
  share: z.boolean(),
  /** Put a live stage on the room (`POST /live/stage/create` with its id): its owner and admins. */
  goLive: z.boolean(),
  /** Post a poll: who may send, and only admins when the room says so (`pollsByAdmins`). */
  postPoll: z.boolean(),
});
export const ChatRoomOutput = z.object({
  id: z.string(),
  kind: z.enum(CHAT_ROOM_KINDS),
  name: z.string(),
  description: z.string(),
  avatar: z.string().nullable(),
  joinPolicy: z.enum(CHAT_JOIN_POLICIES),
  slowModeSeconds: z.number(),
  announcement: z.string().nullable(),
  lastSeq: z.number(),
  memberCount: z.number(),
  /** The caller's role, null when not a member. */
  role: z.enum(CHAT_ROLES).nullable(),
  /** Present for members who may share it. */
  inviteToken: z.string().nullable(),
  can: ChatRoomCan,
  /** A city room's city, an activity room's activity (its public code, as activity pages take it). */
  city: z.string().nullable(),
  /** A city room's city in the three languages (null for free text and other kinds). */
  cityNames: CityNamesOutput.nullable(),
  activityId: z.string().nullable(),
  /** A direct room's other person (its `name` is theirs too). */
  peer: z.object({ uid: z.string(), name: z.string().nullable(), avatar: z.string().nullable() }).nullable(),
  /** Set when the room stopped taking messages (its activity was cancelled); history stays readable. */
  closedAt: z.string().nullable(),
  /** The room's stage on air (live or paused) now, if any. */
  liveStageId: z.string().nullable(),
  /** Only admins may post polls. */
  pollsByAdmins: z.boolean(),
  /**
   * A direct room's warning (in the room's own answer, not in lists): the other person's name passes for an admin's
   * of a room both are in. The web shows it above the conversation.
   */
  impersonation: z.object({ roomId: z.string(), roomName: z.string(), adminName: z.string() }).nullable().optional(),
});
export type ChatRoom = z.infer<typeof ChatRoomOutput>;
export const ChatMyRoomOutput = z.object({
  room: ChatRoomOutput,
  lastMessage: ChatMessageOutput.nullable(),
  unread: z.number(),
  lastAt: z.string(),
});
export const ChatMyRoomsOutput = z.object({ items: z.array(ChatMyRoomOutput) });
export const ChatRoomsOutput = z.object({ items: z.array(ChatRoomOutput) });
export const ChatMemberOutput = z.object({
  uid: z.string(),
  name: z.string().nullable(),
  avatar: z.string().nullable(),
  role: z.enum(CHAT_ROLES),
  mutedUntil: z.string().nullable(),
});
export const ChatMembersOutput = z.object({ items: z.array(ChatMemberOutput) });
/**
 * A message held for an admin's approval (a first-time poster's link, docs/chat.md "Held links"): seen by its author
 * (marked as waiting, or refused) and by the room's admins, by nobody else; `seq` once approved.
 */
export const ChatHeldMessageOutput = z.object({
  id: z.string(),
  roomId: z.string(),
  status: z.enum(['held', 'approved', 'rejected']),
  seq: z.number().nullable(),
  text: z.string(),
  imageId: z.string().nullable(),
  replyTo: z.number().nullable(),
  clientId: z.string().nullable(),
  author: z.object({ uid: z.string(), name: z.string().nullable() }),
  createdAt: z.string(),
});
export type ChatHeldMessage = z.infer<typeof ChatHeldMessageOutput>;
/** The stored message, or (`message` null) the message held for an admin's approval. */
export const ChatSendOutput = z.object({
  message: ChatMessageOutput.nullable(),
  held: ChatHeldMessageOutput.nullable(),
});

/** Frames a client sends on the WebSocket. */
export const ChatClientFrame = z.discriminatedUnion('type', [
  z.object({ type: z.literal('subscribe'), roomId, afterSeq: seq.optional() }),
  z.object({ type: z.literal('unsubscribe'), roomId }),
  z.object({ type: z.literal('send'), clientId: text().max(64).optional(), ...messageFields }),
  z.object({ type: z.literal('typing'), roomId }),
  z.object({ type: z.literal('ping'), id: text().max(64).optional() }),
]);
export type ChatClientFrame = z.infer<typeof ChatClientFrame>;

/** Frames the server sends (the AsyncAPI document at /rest/polarisex/asyncapi.json is built from these). */
/** `GET /chat/room/city`: a city's public room, opened on first visit. */
export const ChatCityRoomInput = z.object({ city: text().min(1).max(60) });
/** `GET /chat/room/activity`: an activity's room (its public code). */
export const ChatActivityRoomInput = z.object({ activityId: activityIdField });
/** `GET /chat/room/announcements`: a room's announcements, newest first. */
export const ChatAnnouncementsOutput = z.object({
  items: z.array(z.object({ text: z.string(), authorUid: z.string(), createdAt: z.string() })),
});

export const ChatServerFrame = z.discriminatedUnion('type', [
  /** A message of a subscribed room, in sequence order with no gap and no duplicate. */
  z.object({ type: z.literal('message'), message: ChatMessageOutput }),
  /** A message was deleted: show it as deleted. */
  z.object({ type: z.literal('deleted'), roomId: z.string(), seq: z.number() }),
  /** The subscription is live; the room's newest sequence number (messages after `afterSeq` follow). */
  z.object({ type: z.literal('subscribed'), roomId: z.string(), lastSeq: z.number() }),
  /** Someone else in the room is typing. */
  z.object({ type: z.literal('typing'), roomId: z.string(), uid: z.string() }),
  /** A `send` was stored but held for an admin's approval: nobody else sees it until approved. */
  z.object({
    type: z.literal('held'),
    clientId: z.string().nullable(),
    roomId: z.string(),
    held: ChatHeldMessageOutput,
  }),
  /** A `send` was stored: its `clientId` and the message's sequence number. */
  z.object({ type: z.literal('ack'), clientId: z.string().nullable(), roomId: z.string(), seq: z.number() }),
  /** A frame was refused (`code` is a business status, 413 for an oversized frame, 503 for a lost catch-up). */
  z.object({
    type: z.literal('error'),
    code: z.number(),
    message: z.string(),
    clientId: z.string().nullable().optional(),
    field: z.string().optional(),
  }),
  /** The answer to a `ping`, with its id. */
  z.object({ type: z.literal('pong'), id: z.string().nullable() }),
  /** A new notice for the signed-in user, with the unread counts after it (docs/notifications.md). */
  z.object({ type: z.literal('notice'), notice: NoticeOutput, unread: NoticeUnreadOutput }),
  /**
   * Notices were marked read (on any of the user's devices): which ones (`ids`, or `all` of one category or of
   * every one), and the unread counts after, so every tab applies it without asking for the inbox again.
   */
  z.object({
    type: z.literal('read'),
    ids: z.array(z.string()).optional(),
    all: z.boolean().optional(),
    category: z.enum(NOTICE_CATEGORIES).optional(),
    unread: NoticeUnreadOutput,
  }),
  /**
   * Something the signed-in user sees changed: refresh what shows it. `topic` is one of LIVE_TOPICS; `ref` names
   * the object when there is one (an activity code for `ticket`, a packet code, a bounty id).
   */
  z.object({ type: z.literal('changed'), topic: z.enum(LIVE_TOPICS), ref: z.string().nullable() }),
  /**
   * A message's reactions changed: the counts after (`rev` orders them), and the change (`uid` gave or took back
   * `emoji`), from which each client works out its own `mine`; one frame for every socket of the room.
   */
  z.object({
    type: z.literal('reactions'),
    roomId: z.string(),
    seq: z.number(),
    rev: z.number(),
    reactions: z.array(ChatReactionCountOutput),
    uid: z.string(),
    emoji: z.string(),
    on: z.boolean(),
  }),
  /** Its author edited a message: its text and mentions now. */
  z.object({
    type: z.literal('edited'),
    roomId: z.string(),
    seq: z.number(),
    text: z.string(),
    mentions: z.array(z.string()),
    editedAt: z.string(),
  }),
  /** The room's pinned messages changed: all of them now, the latest pinned first (as `GET /chat/room/pins`). */
  z.object({
    type: z.literal('pins'),
    roomId: z.string(),
    items: z.array(z.object({ message: ChatMessageOutput, pinnedAt: z.string(), pinnedByUid: z.string().nullable() })),
  }),
  /** A poll of a subscribed room got a vote or closed: its new results (keep the highest `version`). */
  z.object({ type: z.literal('poll'), roomId: z.string(), poll: ChatPollResultsOutput }),
]);
export type ChatServerFrame = z.infer<typeof ChatServerFrame>;

import { z } from 'zod';
import { timeIdCursor } from './cursors.ts';
import { text } from './text.ts';

/** Notifications: the inbox, unread counts, preferences and push subscriptions (docs/notifications.md). */

/** What a notice is about; preferences are chosen per category and channel. */
export const NOTICE_CATEGORIES = [
  'activity',
  'organizer',
  'chat',
  'redpacket',
  'bounty',
  'wallet',
  'membership',
  'security',
] as const;
export type NoticeCategory = (typeof NOTICE_CATEGORIES)[number];

/** Where a notice goes besides the inbox row every notice has. `push` is Web Push and native push alike. */
export const NOTICE_CHANNELS = ['inapp', 'push', 'email'] as const;
export type NoticeChannel = (typeof NOTICE_CHANNELS)[number];

/**
 * Every kind of notice and its category. The text is `notice.<kind>.title` / `.body` in the message catalogues,
 * filled with the notice's params.
 */
export const NOTICE_KINDS = {
  // activity: the attendee's side
  registrationConfirmed: 'activity',
  registrationPending: 'activity',
  registrationApproved: 'activity',
  registrationDeclined: 'activity',
  waitlistPromoted: 'activity',
  seriesOccurrenceOpened: 'activity',
  activityChanged: 'activity',
  activityCancelled: 'activity',
  activityReminder: 'activity',
  checkedIn: 'activity',
  blast: 'activity',
  // activity: the organizer's side
  newRegistration: 'organizer',
  approvalNeeded: 'organizer',
  payoutReleased: 'organizer',
  // chat
  mention: 'chat',
  reply: 'chat',
  directMessage: 'chat',
  addedToRoom: 'chat',
  liveStarted: 'chat',
  reactions: 'chat',
  // red packets
  redpacketReceived: 'redpacket',
  redpacketClaimed: 'redpacket',
  redpacketExpired: 'redpacket',
  // bounties
  submissionReceived: 'bounty',
  submissionApproved: 'bounty',
  submissionRejected: 'bounty',
  bountyDeadline: 'bounty',
  // wallet
  depositCredited: 'wallet',
  withdrawalCompleted: 'wallet',
  withdrawalFailed: 'wallet',
  withdrawalDelayed: 'wallet',
  transferReceived: 'wallet',
  // membership
  membershipExpiring: 'membership',
  membershipRenewed: 'membership',
  // security
  newDevice: 'security',
  passwordChanged: 'security',
  secondFactorChanged: 'security',
} as const satisfies Record<string, NoticeCategory>;
export type NoticeKind = keyof typeof NOTICE_KINDS;

/**
 * What a new user gets before choosing: everything in the inbox; push for what is about them or their money;
 * email only for what they would want in writing (tickets and changes to them, money, security). Chat is push
 * only (a mention by mail would be noise); security can be turned off nowhere but email and push.
 */
export const NOTICE_DEFAULTS: Record<NoticeCategory, Record<NoticeChannel, boolean>> = {
  activity: { inapp: true, push: true, email: true },
  organizer: { inapp: true, push: true, email: false },
  chat: { inapp: true, push: true, email: false },
  redpacket: { inapp: true, push: true, email: false },
  bounty: { inapp: true, push: true, email: false },
  wallet: { inapp: true, push: true, email: true },
  membership: { inapp: true, push: true, email: true },
  security: { inapp: true, push: true, email: true },
};

/** Reminders before an activity starts, in minutes (24 h and 1 h); the server's NOTICE_REMINDER_LEADS may change them. */
export const NOTICE_REMINDER_LEADS = [1440, 60] as const;

export const NoticeOutput = z.object({
  id: z.string(),
  category: z.enum(NOTICE_CATEGORIES),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  /** The in-app path a tap opens, or null. */
  link: z.string().nullable(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type Notice = z.infer<typeof NoticeOutput>;

export const NoticeListInput = z.object({
  cursor: timeIdCursor,
  limit: z.coerce.number().int().min(1).max(50).default(20),
  category: z.enum(NOTICE_CATEGORIES).optional(),
});
export const NoticeListOutput = z.object({ items: z.array(NoticeOutput), nextCursor: z.string().nullable() });

/** Unread counts: the inbox per category and in all, and unread chat messages (the Community tab's badge). */
export const NoticeUnreadOutput = z.object({
  total: z.number().int(),
  byCategory: z.record(z.enum(NOTICE_CATEGORIES), z.number().int()),
  chatMessages: z.number().int(),
});
export type NoticeUnread = z.infer<typeof NoticeUnreadOutput>;

const noticeId = z.coerce
  .string()
  .trim()
  .regex(/^\d{1,15}$/, { error: 'validation.invalid' });

/** Mark some notices read (`ids`), or all of them (`all`, optionally one category's). */
export const NoticeReadInput = z
  .object({
    ids: z.array(noticeId).max(100).optional(),
    all: z.boolean().optional(),
    category: z.enum(NOTICE_CATEGORIES).optional(),
  })
  .refine((value) => value.all === true || (value.ids?.length ?? 0) > 0, {
    error: 'validation.required',
    path: ['ids'],
  });

/** `HH:MM`, 00:00 to 23:59. */
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'validation.invalid' });

export const QuietHours = z.object({ start: clock, end: clock });

export const NoticePreferencesOutput = z.object({
  channels: z.record(z.enum(NOTICE_CATEGORIES), z.record(z.enum(NOTICE_CHANNELS), z.boolean())),
  /** Push waits until the end of quiet hours (in `timezone`); null means none. */
  quietHours: QuietHours.nullable(),
  timezone: z.string(),
  /** Whether this server can send Web Push and native push (native needs FCM/APNs credentials). */
  push: z.object({ web: z.boolean(), native: z.boolean() }),
});
export type NoticePreferences = z.infer<typeof NoticePreferencesOutput>;

/** Change some preferences; what is not named stays. */
export const NoticePreferencesInput = z.object({
  channels: z
    .array(z.object({ category: z.enum(NOTICE_CATEGORIES), channel: z.enum(NOTICE_CHANNELS), enabled: z.boolean() }))
    .max(NOTICE_CATEGORIES.length * NOTICE_CHANNELS.length)
    .optional(),
  quietHours: QuietHours.nullable().optional(),
  /** An IANA time zone, e.g. `Asia/Taipei`. */
  timezone: text().max(64).optional(),
});

export const NoticeRoomMuteInput = z.object({
  roomId: z.coerce
    .string()
    .trim()
    .regex(/^\d{1,15}$/, { error: 'validation.invalid' }),
  muted: z.boolean(),
});
export const NoticeRoomMuteOutput = z.object({ roomId: z.string(), muted: z.boolean() });
/** Whether I muted a room (`GET /notice/mute?roomId=`): the room page's switch. */
export const NoticeRoomMuteQuery = NoticeRoomMuteInput.pick({ roomId: true });

/**
 * What changed for the signed-in user, sent on the chat WebSocket so screens refresh exactly what changed: `wallet`
 * (balances and records), `notices` (inbox and badges), `chat` (unread chat counts), `ticket:<activity code>`,
 * `redpacket:<code>`, `bounty:<id>`, `membership`,
 * `chatHeld:<room id>` (a held message of mine was approved or refused).
 */
export const LIVE_TOPICS = [
  'wallet',
  'notices',
  'chat',
  'ticket',
  'redpacket',
  'bounty',
  'membership',
  'chatHeld',
] as const;
export type LiveTopic = (typeof LIVE_TOPICS)[number];

/**
 * The one-click unsubscribe link of a notice email (RFC 8058): `token` is in the link's query, as mail clients send
 * it (`POST` with the form body `List-Unsubscribe=One-Click`); a JSON body may carry it instead.
 */
export const NoticeUnsubscribeInput = z.object({
  token: text().max(200).optional(),
  'List-Unsubscribe': text().max(40).optional(),
});

/** Push (docs/notifications.md, "Push"): where this server's push notifications may go. */
export const PUSH_KINDS = ['web', 'fcm', 'apns'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

/** Subscriptions one account may hold at once (browsers and devices); one more is refused. */
export const PUSH_SUBSCRIPTIONS_PER_USER = 20;

/** The VAPID public key a browser subscribes with (`applicationServerKey`), and which push channels are on. */
export const PushVapidOutput = z.object({
  /** The uncompressed P-256 public key, base64url (87 characters). */
  publicKey: z.string(),
  web: z.boolean(),
  native: z.boolean(),
});
export type PushVapid = z.infer<typeof PushVapidOutput>;

/** base64url of `length` characters, as browsers write a subscription's keys (padding allowed). */
const base64url = (length: number) =>
  text()
    .regex(new RegExp(`^[A-Za-z0-9_-]{${length}}={0,2}$`), { error: 'validation.invalid' })
    .meta({ examples: ['A'.repeat(length)] });

/**
 * A browser's `PushSubscription.toJSON()` (`kind` web, the default: `endpoint` and `keys`), or a native shell's
 * device token (`kind` fcm or apns: `token`). The endpoint must be an `https:` address of a known push service.
 */
export const PushSubscribeInput = z
  .object({
    kind: z.enum(PUSH_KINDS).default('web'),
    endpoint: text()
      .max(2048)
      .optional()
      .meta({ examples: ['https://fcm.googleapis.com/fcm/send/abc:def'] }),
    /** The browser's P-256 public key (65 bytes) and auth secret (16 bytes). */
    keys: z.object({ p256dh: base64url(87), auth: base64url(22) }).optional(),
    /** Browsers send it (null nearly always); kept out of the way. */
    expirationTime: z.number().nullable().optional(),
    token: text().max(4096).optional(),
  })
  .superRefine((value, context) => {
    if (value.kind === 'web') {
      if (!value.endpoint) context.addIssue({ code: 'custom', path: ['endpoint'], message: 'validation.required' });
      if (!value.keys) context.addIssue({ code: 'custom', path: ['keys'], message: 'validation.required' });
    } else if (!value.token) {
      context.addIssue({ code: 'custom', path: ['token'], message: 'validation.required' });
    }
  });
export type PushSubscribe = z.infer<typeof PushSubscribeInput>;

export const PushSubscribeOutput = z.object({ kind: z.enum(PUSH_KINDS), subscribed: z.boolean() });

/** Stop pushing to this browser (`endpoint`) or device (`token`); one the caller does not hold changes nothing. */
export const PushUnsubscribeInput = z
  .object({ endpoint: text().max(2048).optional(), token: text().max(4096).optional() })
  .refine((value) => Boolean(value.endpoint || value.token), { error: 'validation.required', path: ['endpoint'] });

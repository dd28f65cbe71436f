import { z } from 'zod';
import { activityIdField, assetCodeField, limitField, PersonOutput } from './activity/fields.ts';
import { captchaField } from './captcha.ts';
import { idCursor } from './cursors.ts';
import { text } from './text.ts';
import { amountField, idempotencyKeyField, tradePasswordField } from './wallet.ts';

/** Request and response schemas of red packets (SPEC §2 red envelope, §3, §5, §8; docs/red-packets.md). */

/**
 * `password`: claimers type its password; `share`: anyone with the link; `social`: the sender's followers (or
 * a room's members); `chat`: sent into a chat room as a message.
 */
export const RED_PACKET_KINDS = ['password', 'share', 'social', 'chat'] as const;
export const RED_PACKET_SPLITS = ['random', 'fixed'] as const;
/** Who may claim: anyone who has it, the sender's followers, a room's members, or checked-in attendees. */
export const RED_PACKET_AUDIENCES = ['anyone', 'followers', 'room', 'attendees'] as const;
export const VALIDITY_UNITS = ['second', 'minute', 'hour', 'day', 'week', 'month'] as const;
export type ValidityUnit = (typeof VALIDITY_UNITS)[number];
/** A month is 30 days here. */
export const VALIDITY_UNIT_SECONDS: Record<ValidityUnit, number> = {
  second: 1,
  minute: 60,
  hour: 3600,
  day: 86_400,
  week: 604_800,
  month: 2_592_000,
};
/**
 * `active`: shares left and time left; `claimed`: every share taken; `expired`: time is up and the remainder is
 * on its way back; `refunded`: the remainder is back with the sender.
 */
export const RED_PACKET_STATES = ['active', 'claimed', 'expired', 'refunded'] as const;

export const RED_PACKET_LIMITS = {
  /** Most shares in one packet. The least per share is one base unit of the asset; the most per packet is per asset. */
  maxCount: 1000,
  passwordMin: 4,
  passwordMax: 32,
  greetingMax: 60,
  minValiditySeconds: 60,
  maxValiditySeconds: 2_592_000,
} as const;

/** Processed red packets and bounties are remembered per room for this long (SPEC §9). */
export const PROCESSED_MEMORY_MS = 86_400_000;

export const redPacketCodeField = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{8,24}$/, { error: 'redpacket.notFound' });
const chatRoomIdField = z.coerce
  .string()
  .trim()
  .regex(/^\d{1,15}$/, { error: 'validation.invalid' });

export const RedPacketSendInput = z
  .object({
    kind: z.enum(RED_PACKET_KINDS),
    split: z.enum(RED_PACKET_SPLITS).default('random'),
    asset: assetCodeField,
    /** The whole packet, shares together, as a decimal string. */
    amount: amountField.min(1, { error: 'redpacket.amountEmpty' }),
    count: z.coerce
      .number({ error: 'redpacket.countEmpty' })
      .int({ error: 'redpacket.countRange' })
      .min(1, { error: 'redpacket.countRange' })
      .max(RED_PACKET_LIMITS.maxCount, { error: 'redpacket.countRange' }),
    validity: z.coerce.number({ error: 'redpacket.validityRange' }).int({ error: 'redpacket.validityRange' }).min(1, {
      error: 'redpacket.validityRange',
    }),
    validityUnit: z.enum(VALIDITY_UNITS).default('day'),
    password: text().max(RED_PACKET_LIMITS.passwordMax).optional(),
    greeting: text().max(RED_PACKET_LIMITS.greetingMax).default(''),
    audience: z.enum(RED_PACKET_AUDIENCES).optional(),
    /** The room a `chat` packet goes into, or whose members a `room` audience means. */
    roomId: chatRoomIdField.optional(),
    /** The activity whose checked-in attendees an `attendees` audience means (its public code). */
    activityId: activityIdField.optional(),
    tradePassword: tradePasswordField,
    idempotencyKey: idempotencyKeyField,
  })
  .superRefine((value, context) => {
    const seconds = value.validity * VALIDITY_UNIT_SECONDS[value.validityUnit];
    if (seconds < RED_PACKET_LIMITS.minValiditySeconds || seconds > RED_PACKET_LIMITS.maxValiditySeconds) {
      context.addIssue({ code: 'custom', path: ['validity'], message: 'redpacket.validityRange' });
    }
    if (value.kind === 'password' && (value.password ?? '').length < RED_PACKET_LIMITS.passwordMin) {
      context.addIssue({ code: 'custom', path: ['password'], message: 'redpacket.passwordShort' });
    }
    const audience = value.audience ?? defaultAudience(value.kind);
    if ((value.kind === 'chat' || audience === 'room') && !value.roomId) {
      context.addIssue({ code: 'custom', path: ['roomId'], message: 'validation.required' });
    }
    if (audience === 'attendees' && !value.activityId) {
      context.addIssue({ code: 'custom', path: ['activityId'], message: 'validation.required' });
    }
    if (value.kind === 'chat' && audience !== 'room' && audience !== 'attendees') {
      context.addIssue({ code: 'custom', path: ['audience'], message: 'validation.invalid' });
    }
  });
export type RedPacketSend = z.infer<typeof RedPacketSendInput>;

/** Who a kind is for when the sender does not say. */
export function defaultAudience(kind: (typeof RED_PACKET_KINDS)[number]): (typeof RED_PACKET_AUDIENCES)[number] {
  if (kind === 'chat') return 'room';
  if (kind === 'social') return 'followers';
  return 'anyone';
}

/**
 * A packet is named `redpacketCode` in requests and page links (as SPEC §3's processed-packet memory names it):
 * `code` is one of the names a URL may not carry (URL_SECRET_KEYS), being what verification codes are called.
 */
export const RedPacketRefInput = z.object({ redpacketCode: redPacketCodeField });
export const RedPacketClaimInput = z.object({
  redpacketCode: redPacketCodeField,
  password: text().max(RED_PACKET_LIMITS.passwordMax).optional(),
  /** Asked for only when the claimer looks automated (docs/captcha.md). */
  captcha: captchaField.optional(),
});
export const RedPacketClaimsInput = z.object({
  redpacketCode: redPacketCodeField,
  cursor: idCursor,
  limit: limitField,
});
export const RedPacketMineInput = z.object({
  role: z.enum(['sent', 'received']),
  cursor: idCursor,
  limit: limitField,
});

export const RedPacketOutput = z.object({
  code: z.string(),
  kind: z.enum(RED_PACKET_KINDS),
  split: z.enum(RED_PACKET_SPLITS),
  audience: z.enum(RED_PACKET_AUDIENCES),
  asset: z.string(),
  amount: z.string(),
  count: z.number(),
  claimedCount: z.number(),
  claimedAmount: z.string(),
  greeting: z.string(),
  sender: PersonOutput,
  roomId: z.string().nullable(),
  /** The activity of an attendees-only packet: its public code and title. */
  activity: z.object({ id: z.string(), title: z.string() }).nullable(),
  needsPassword: z.boolean(),
  state: z.enum(RED_PACKET_STATES),
  expiresAt: z.string(),
  createdAt: z.string(),
  /** The link to share (the packet's page); a password packet's password is not in it. */
  shareUrl: z.string(),
  /** The caller's own share, if they claimed one. */
  mine: z.object({ amount: z.string(), claimedAt: z.string() }).nullable(),
  isSender: z.boolean(),
  /** For the sender only: the journal entries of the send and of the refund (auditing). */
  sendEntryId: z.string().nullable(),
  refundEntryId: z.string().nullable(),
  /** For the sender only: what went back to them on expiry. */
  refundedAmount: z.string().nullable(),
  /** What the caller may do with the packet, as the server's policy answers it (redpacket/policy.ts). */
  can: z.object({
    /**
     * Open it for a share (with its password when it has one): signed in, not its sender, not opened yet, shares
     * left, not ended, within its audience. Only a packet's own answer (`/redpacket/detail`) weighs the audience;
     * in lists the caller sent or opened it, so it is false there.
     */
    claim: z.boolean(),
  }),
});
export type RedPacket = z.infer<typeof RedPacketOutput>;

export const RedPacketClaimOutput = z.object({
  code: z.string(),
  person: PersonOutput,
  amount: z.string(),
  claimedAt: z.string(),
  /** Shown once every share is taken or the packet expired, as WeChat does. */
  luckiest: z.boolean(),
  /** For the sender only: the journal entry that paid this share. */
  entryId: z.string().nullable(),
});
export const RedPacketClaimsOutput = z.object({
  items: z.array(RedPacketClaimOutput),
  nextCursor: z.string().nullable(),
});
/** A claim's answer: my share and the packet as it stands after it. */
export const RedPacketClaimResultOutput = z.object({ amount: z.string(), packet: RedPacketOutput });
export const RedPacketMineOutput = z.object({
  items: z.array(
    z.object({
      packet: RedPacketOutput,
      /** For `received`: what I got. */
      amount: z.string().nullable(),
      at: z.string(),
    }),
  ),
  nextCursor: z.string().nullable(),
});
const totals = z.array(z.object({ asset: z.string(), amount: z.string() }));
/** `GET /open/redpacket/my/info`: what I sent and received, counted and summed per asset, and the latest of each. */
export const RedPacketMyInfoOutput = z.object({
  sent: z.object({ count: z.number(), totals }),
  received: z.object({ count: z.number(), totals }),
  /** Left in escrow for my packets still open, per asset. */
  held: totals,
});

import {
  AMOUNT_PROBLEM_KEYS,
  formatAmount,
  parseAmount,
  parseShareCode,
  RED_PACKET_LIMITS,
  type RedPacket,
  VALIDITY_UNIT_SECONDS,
  type ValidityUnit,
  type WalletAsset,
} from '@polaris/contract';
import type { Problem } from '@/lib/wallet.ts';
import { unitsOf } from '@/lib/wallet.ts';

/** The red packet screens' pure rules: what the send form accepts, what a pasted code means, what an envelope shows. */

/** A red packet's code and a public activity code have the same shape (contract `redPacketCodeField`). */
const CODE = /^[A-Za-z0-9]{8,24}$/;

export type Split = 'random' | 'fixed';
type SendField = 'asset' | 'amount' | 'count' | 'validity' | 'password' | 'activityId';
export type SendProblems = Partial<Record<SendField, Problem>>;

export interface SendValues {
  split: Split;
  /** The whole packet for a random split; each share for a fixed one. */
  amount: string;
  count: string;
  validity: string;
  validityUnit: ValidityUnit;
  password: string;
}

export interface SendContext {
  /** A password packet needs its password. */
  needsPassword: boolean;
  /** The chosen asset, or null when none is chosen yet. */
  asset: Pick<WalletAsset, 'code' | 'decimals' | 'available'> | null;
  /** The chosen asset may send red packets (one of its networks allows them). */
  assetAllowed: boolean;
  /** "Only checked-in attendees" is on, and `activityId` is what was chosen or pasted. */
  attendeesOnly?: boolean;
  activityId?: string;
}

/** Tokens that can go into a red packet: one of their networks has red packets enabled. */
export function canSendRedPacket(asset: Pick<WalletAsset, 'networks'>): boolean {
  return asset.networks.some((network) => network.redPacketEnabled);
}

/** A count typed as digits, or null: "3" yes, "3.0", "-1", "" no. */
function countOf(text: string): number | null {
  const trimmed = text.trim();
  return /^\d{1,7}$/.test(trimmed) ? Number(trimmed) : null;
}

/**
 * What the packet holds in all, as the API wants it: the typed amount for a random split, each share times the
 * count for a fixed one (so a fixed packet always splits evenly). Null while amount or count cannot be read.
 */
export function totalOf(values: Pick<SendValues, 'split' | 'amount' | 'count'>, decimals: number): string | null {
  const parsed = parseAmount(values.amount, decimals);
  const count = countOf(values.count);
  if ('problem' in parsed || count === null || count < 1) return null;
  const units = values.split === 'fixed' ? parsed.units * BigInt(count) : parsed.units;
  return formatAmount(units, decimals);
}

function amountProblem(amount: string, decimals: number): Problem | undefined {
  const parsed = parseAmount(amount, decimals);
  if (!('problem' in parsed)) return undefined;
  if (parsed.problem === 'empty') return { key: 'redpacket.amountEmpty' };
  if (parsed.problem === 'tooPrecise') return { key: AMOUNT_PROBLEM_KEYS.tooPrecise, params: { max: decimals } };
  return { key: AMOUNT_PROBLEM_KEYS[parsed.problem] };
}

function countProblem(text: string): Problem | undefined {
  if (text.trim() === '') return { key: 'redpacket.countEmpty' };
  const count = countOf(text);
  if (count === null || count < 1 || count > RED_PACKET_LIMITS.maxCount) {
    return { key: 'redpacket.countRange', params: { max: RED_PACKET_LIMITS.maxCount } };
  }
  return undefined;
}

/** The validity in seconds, or null when it is not a whole number. */
export function validitySeconds(validity: string, unit: ValidityUnit): number | null {
  const trimmed = validity.trim();
  return /^\d{1,7}$/.test(trimmed) ? Number(trimmed) * VALIDITY_UNIT_SECONDS[unit] : null;
}

function validityProblem(validity: string, unit: ValidityUnit): Problem | undefined {
  const seconds = validitySeconds(validity, unit);
  if (
    seconds === null ||
    seconds < RED_PACKET_LIMITS.minValiditySeconds ||
    seconds > RED_PACKET_LIMITS.maxValiditySeconds
  ) {
    return { key: 'redpacket.validityRange' };
  }
  return undefined;
}

/**
 * SPEC §5 for red packets, in the order a person fixes them: token, amount, count, then what depends on both
 * (a share of at least one base unit, the balance), validity, password. The server checks all of it again;
 * this only spares a round trip and puts each problem under its field.
 */
export function checkSend(values: SendValues, context: SendContext): SendProblems {
  const problems: SendProblems = {};
  const { asset } = context;
  if (!asset) problems.asset = { key: 'validation.required', params: { field: '' } };
  else if (!context.assetAllowed) problems.asset = { key: 'wallet.redPacketNotAllowed' };

  const decimals = asset?.decimals ?? 18;
  const amount = amountProblem(values.amount, decimals);
  if (amount) problems.amount = amount;
  const count = countProblem(values.count);
  if (count) problems.count = count;

  if (asset && !amount && !count) {
    const shares = BigInt(countOf(values.count) ?? 1);
    const total = unitsOf(totalOf(values, decimals), decimals);
    if (values.split === 'random' && total < shares) {
      problems.amount = {
        key: 'redpacket.countAboveUnits',
        params: { min: formatAmount(1n, decimals), asset: asset.code },
      };
    } else if (total > unitsOf(asset.available, decimals)) {
      problems.amount = { key: 'wallet.insufficient' };
    }
  }

  const validity = validityProblem(values.validity, values.validityUnit);
  if (validity) problems.validity = validity;
  if (context.needsPassword && values.password.length < RED_PACKET_LIMITS.passwordMin) {
    problems.password = { key: 'redpacket.passwordShort', params: { min: RED_PACKET_LIMITS.passwordMin } };
  }
  if (context.attendeesOnly && !isActivityCode(context.activityId ?? '')) {
    problems.activityId = { key: 'validation.required', params: { field: '' } };
  }
  return problems;
}

export const isRedPacketCode = (text: string) => CODE.test(text);

/** A public activity code, as links carry it (`?id=`); the contract's `activityIdField` shape. */
function isActivityCode(text: string): boolean {
  return CODE.test(text.trim());
}

/** What a short share link in the text names (`https://host/s/<code>`, docs/new-user-polish.md "links"), if any. */
function shortLinkTarget(text: string) {
  const match = /\/s\/([A-Za-z0-9._-]{2,130})(?=$|[?#\s])/.exec(text);
  return match?.[1] ? parseShareCode(match[1]) : null;
}

/**
 * The code in what someone typed or pasted: the code itself, its short link (`…/s/r<code>`), or a link to one of the
 * red envelope pages (`…#/pages/red-envelope/password/index?redpacketCode=…`, or the receive page's). Anything else
 * is null.
 */
export function codeFromInput(input: string): string | null {
  const text = input.trim();
  if (CODE.test(text)) return text;
  const short = shortLinkTarget(text);
  if (short?.kind === 'redpacket') return CODE.test(short.code) ? short.code : null;
  if (!text.includes('/pages/red-envelope/')) return null;
  const match = /[?&]redpacketCode=([A-Za-z0-9]{8,24})(?=$|[&#\s])/.exec(text);
  return match?.[1] ?? null;
}

/** The activity code in what the sender pasted: the code, its short link (`…/s/a<code>`), or an activity link. */
export function activityCodeFromInput(input: string): string | null {
  const text = input.trim();
  if (CODE.test(text)) return text;
  const short = shortLinkTarget(text);
  if (short?.kind === 'activity') return CODE.test(short.code) ? short.code : null;
  const match = /\/pages\/activity\/details\/index\?(?:[^#\s]*&)?id=([A-Za-z0-9]{8,24})(?=$|[&#\s])/.exec(text);
  return match?.[1] ?? null;
}

/**
 * What an envelope offers the person looking at it:
 *   - 'mine'    they opened it already (their share is known);
 *   - 'sender'  it is their own packet (they may not open it);
 *   - 'claimed' every share is taken;  'ended' its time is up (SPEC §8 "activity ended");
 *   - 'login'   a guest must log in first;
 *   - 'open'    the server says this reader may open it (`can.claim`; with its password when it needs one);
 *   - 'closed'  it is for others (followers, a room's members, checked-in attendees): its note says whom.
 */
export type EnvelopeView = 'mine' | 'sender' | 'claimed' | 'ended' | 'login' | 'open' | 'closed';

export function envelopeView(
  packet: Pick<RedPacket, 'mine' | 'isSender' | 'state' | 'can'>,
  loggedIn: boolean,
): EnvelopeView {
  if (packet.mine) return 'mine';
  if (packet.isSender) return 'sender';
  if (packet.state === 'claimed') return 'claimed';
  if (packet.state === 'expired' || packet.state === 'refunded') return 'ended';
  if (packet.can.claim) return 'open';
  return loggedIn ? 'closed' : 'login';
}

/** The share a person gets in a fixed packet, for the confirmation ("5 × 2 USDT"). */
export function eachOf(total: string, count: number, decimals: number): string {
  const units = unitsOf(total, decimals);
  return count > 0 ? formatAmount(units / BigInt(count), decimals) : '0';
}

import {
  type ChatRoom,
  type FieldError,
  RED_PACKET_LIMITS,
  type RedPacket,
  TOAST_DURATION_MS,
  type ValidityUnit,
  type WalletAsset,
} from '@polaris/contract';
import { Toast } from 'antd-mobile';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type RedPacketAudience, type RedPacketKind, useSendRedPacket } from '@/api/redpacket.ts';
import { useTradeStep } from '@/components/useTradeStep.ts';
import { fieldErrorsOf, isApiError } from '@/lib/api-error.ts';
import type { Problem } from '@/lib/wallet.ts';
import { activityCodeFromInput, canSendRedPacket, checkSend, type Split, totalOf } from './rules.ts';

export type SendFormField =
  | 'asset'
  | 'amount'
  | 'count'
  | 'validity'
  | 'password'
  | 'greeting'
  | 'activityId'
  | 'roomId'
  | 'audience';
export type SendFormErrors = Partial<Record<SendFormField, string>>;
const FIELDS: readonly string[] = [
  'asset',
  'amount',
  'count',
  'validity',
  'password',
  'greeting',
  'activityId',
  'roomId',
  'audience',
];

export interface SendFormOptions {
  /** A `share` packet is a password packet without its password: anyone with the link may open it. */
  kind: RedPacketKind;
  assets: readonly WalletAsset[];
  /** The room of a `chat` packet. */
  room?: ChatRoom;
  onSent(packet: RedPacket, password: string | undefined): void;
}

/** The server's field problems under the fields this form shows; the rest under the amount. */
function toErrors(fields: readonly FieldError[]): SendFormErrors {
  const errors: SendFormErrors = {};
  for (const { field, message } of fields) {
    const name = (FIELDS.includes(field) ? field : 'amount') as SendFormField;
    errors[name] ??= message;
  }
  return errors;
}

/** The default token: the first that may send red packets and has a balance, else the first that may. */
function firstAsset(assets: readonly WalletAsset[]): string {
  const allowed = assets.filter(canSendRedPacket);
  return (allowed.find((asset) => asset.available !== '0') ?? allowed[0] ?? assets[0])?.code ?? '';
}

/** The form's own check in words: each problem under its field, a missing room or activity said plainly. */
function errorsOf(problems: ReturnType<typeof checkSend>, t: TFunction, roomMissing: boolean): SendFormErrors {
  const message = (problem: Problem | undefined, field?: string) =>
    problem ? t(`contract:${problem.key}`, { ...problem.params, field: field ?? '' }) : undefined;
  return {
    asset: message(problems.asset, t('redpacket.form.token')),
    amount: message(problems.amount),
    count: message(problems.count),
    validity: message(problems.validity),
    password: message(problems.password),
    activityId: problems.activityId ? t('redpacket.form.activityRequired') : undefined,
    roomId: roomMissing ? t('redpacket.form.roomRequired') : undefined,
  };
}

/** A refusal the request layer left to the form: under its fields when it names them, else a toast. */
function showRefusal(error: Error, setErrors: (errors: SendFormErrors) => void) {
  if (!isApiError(error) || !error.unreported) return;
  const fields = error.kind === 'invalid' ? error.fields : fieldErrorsOf(error.attachment);
  if (fields.length > 0) return setErrors(toErrors(fields));
  Toast.show({ content: error.message, duration: TOAST_DURATION_MS });
}

/**
 * The send form of every kind of red packet: the token, the split and the amount (each share when fixed, so the
 * total splits evenly), the count, how long it stays open, the password of a password packet, the greeting, and
 * who may open it. "Next" checks it, the sheet spells it out, then the transaction password sends it, with one
 * idempotency key per confirmation.
 */
export function useSendForm({ kind, assets, room, onSent }: SendFormOptions) {
  const { t } = useTranslation();
  const [assetCode, setAssetCode] = useState(() => firstAsset(assets));
  const [split, setSplit] = useState<Split>('random');
  const [amount, setAmount] = useState('');
  const [count, setCount] = useState('');
  const [validity, setValidity] = useState('1');
  const [validityUnit, setValidityUnit] = useState<ValidityUnit>('day');
  const [password, setPassword] = useState('');
  const [greeting, setGreeting] = useState('');
  /** `social`: followers or a room's members; `chat`: the room or its activity's checked-in attendees. */
  const [audience, setAudience] = useState<RedPacketAudience>(
    kind === 'social' ? 'followers' : kind === 'chat' ? 'room' : 'anyone',
  );
  const [roomId, setRoomId] = useState(room?.id ?? '');
  /** What the sender chose from their activities or pasted (a code or an activity link). */
  const [activityInput, setActivityInput] = useState('');
  const [errors, setErrors] = useState<SendFormErrors>({});
  const sending = useTradeStep(useSendRedPacket(), {
    onDone: (packet) => onSent(packet, needsPassword ? password : undefined),
    onRefused: (error) => showRefusal(error, setErrors),
  });

  const asset = assets.find((item) => item.code === assetCode) ?? null;
  const assetAllowed = asset ? canSendRedPacket(asset) : false;
  const decimals = asset?.decimals ?? 18;
  const needsPassword = kind === 'password';
  const attendeesOnly = audience === 'attendees';
  const activityId =
    kind === 'chat' ? (room?.activityId ?? '') : attendeesOnly ? (activityCodeFromInput(activityInput) ?? '') : '';
  const total = totalOf({ split, amount, count }, decimals);
  const next = () => {
    const values = { split, amount, count, validity, validityUnit, password };
    const problems = checkSend(values, {
      needsPassword,
      asset,
      assetAllowed,
      attendeesOnly: attendeesOnly && kind !== 'chat',
      activityId,
    });
    const found = errorsOf(problems, t, kind === 'social' && audience === 'room' && roomId === '');
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    sending.confirm();
  };

  const submit = (tradePassword: string) => {
    if (!asset || !total) return;
    const useRoom = kind === 'chat' || audience === 'room';
    sending.send({
      kind,
      split,
      asset: asset.code,
      amount: total,
      count: Number(count.trim()),
      validity: Number(validity.trim()),
      validityUnit,
      password: needsPassword ? password : undefined,
      greeting: greeting.trim(),
      audience,
      roomId: useRoom ? roomId : undefined,
      activityId: audience === 'attendees' ? activityId : undefined,
      tradePassword,
    });
  };

  const clear = (field: SendFormField) => setErrors((current) => ({ ...current, [field]: undefined }));
  const decimalOnly = (value: string) => value.replace(/[^\d.]/g, '');

  return {
    kind,
    room,
    assets,
    asset,
    assetAllowed,
    assetCode,
    chooseAsset: (code: string) => {
      setAssetCode(code);
      const chosen = assets.find((item) => item.code === code);
      setErrors((current) => ({
        ...current,
        asset: chosen && !canSendRedPacket(chosen) ? t('contract:wallet.redPacketNotAllowed') : undefined,
        amount: undefined,
      }));
    },
    split,
    setSplit: (value: Split) => {
      setSplit(value);
      clear('amount');
    },
    amount,
    setAmount: (value: string) => {
      setAmount(decimalOnly(value));
      clear('amount');
    },
    count,
    setCount: (value: string) => {
      setCount(value.replace(/\D/g, ''));
      clear('count');
      clear('amount');
    },
    validity,
    setValidity: (value: string) => {
      setValidity(value.replace(/\D/g, ''));
      clear('validity');
    },
    validityUnit,
    setValidityUnit: (value: ValidityUnit) => {
      setValidityUnit(value);
      clear('validity');
    },
    password,
    setPassword: (value: string) => {
      setPassword(value.slice(0, RED_PACKET_LIMITS.passwordMax));
      clear('password');
    },
    greeting,
    setGreeting: (value: string) => setGreeting(value.slice(0, RED_PACKET_LIMITS.greetingMax)),
    audience,
    setAudience: (value: RedPacketAudience) => {
      setAudience(value);
      setErrors((current) => ({ ...current, activityId: undefined, roomId: undefined }));
    },
    roomId,
    setRoomId: (value: string) => {
      setRoomId(value);
      clear('roomId');
    },
    activityInput,
    setActivityInput: (value: string) => {
      setActivityInput(value);
      clear('activityId');
    },
    activityId,
    needsPassword,
    total,
    errors,
    next,
    step: sending.step,
    setStep: sending.setStep,
    submit,
    pending: sending.pending,
    tradeError: sending.tradeError,
    clearTradeError: sending.clearTradeError,
  };
}

export type SendFormState = ReturnType<typeof useSendForm>;

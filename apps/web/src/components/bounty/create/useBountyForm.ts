import {
  BOUNTY_AUDIENCES,
  type BOUNTY_CATEGORIES,
  type Bounty,
  type FieldError,
  TOAST_DURATION_MS,
  type WalletAsset,
} from '@polaris/contract';
import { Toast } from 'antd-mobile';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateBounty } from '@/api/bounty.ts';
import { useAssets } from '@/api/wallet.ts';
import { useTradeStep } from '@/components/useTradeStep.ts';
import { isApiError } from '@/lib/api-error.ts';
import {
  type BountyField,
  checkBountyForm,
  localDateTime,
  type SplitMode,
  type SubmitKind,
  splitPool,
  toLocalInput,
} from '@/lib/bounty.ts';
import { type Problem, unitsOf } from '@/lib/wallet.ts';

export type Audience = (typeof BOUNTY_AUDIENCES)[number];
type Category = (typeof BOUNTY_CATEGORIES)[number];
export type BountyFormField = BountyField | 'description' | 'asset' | 'audience';
export type BountyFormErrors = Partial<Record<BountyFormField, string>>;

const WEEK_MS = 7 * 86_400_000;

/** Where a server field error goes on this form; anything else is shown as a toast. */
function fieldOf(name: string): BountyFormField | null {
  if (name === 'perWinner' || name === 'winners') return 'split';
  if (['title', 'description', 'total', 'deadline', 'submitKinds', 'asset', 'audience'].includes(name)) {
    return name as BountyFormField;
  }
  return null;
}

/** The server's field errors under the form's fields; those of no field of it together in one toast. */
function showServerFields(fields: readonly FieldError[], setErrors: (errors: BountyFormErrors) => void) {
  const placed: BountyFormErrors = {};
  const elsewhere: string[] = [];
  for (const { field, message: text } of fields) {
    const target = fieldOf(field);
    if (target) placed[target] ??= text;
    else elsewhere.push(text);
  }
  setErrors(placed);
  if (elsewhere.length > 0) Toast.show({ content: elsewhere.join('\n'), duration: TOAST_DURATION_MS });
}

/**
 * The create form's state (a bounty home's, an activity's, or a chat room's): the values, the computed half of the
 * split, the check before confirming, then the confirmation, the transaction password and the created bounty.
 * One idempotency key per confirmation, so a double tap or a retry never escrows twice.
 */
export function useBountyForm({
  roomId,
  activityId,
  onCreated,
}: {
  roomId?: string;
  activityId?: string;
  onCreated(bounty: Bounty): void;
}) {
  const { t } = useTranslation();
  const assets = useAssets();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [category, setCategory] = useState<Category>(roomId ? 'social' : activityId ? 'event' : 'social');
  const [assetCode, setAssetCode] = useState('');
  const [total, setTotal] = useState('');
  const [mode, setMode] = useState<SplitMode>('winners');
  const [split, setSplit] = useState('1');
  const [deadline, setDeadline] = useState(() => toLocalInput(new Date(Date.now() + WEEK_MS)));
  const [submitKinds, setSubmitKinds] = useState<SubmitKind[]>(['text']);
  const [audience, setAudience] = useState<Audience>(roomId ? 'room' : activityId ? 'attendees' : 'anyone');
  const [errors, setErrors] = useState<BountyFormErrors>({});
  const creation = useTradeStep(useCreateBounty(), {
    onDone: onCreated,
    onRefused: (error) => {
      if (isApiError(error, 'invalid')) return showServerFields(error.fields, setErrors);
      if (isApiError(error) && error.unreported) Toast.show({ content: error.message, duration: TOAST_DURATION_MS });
    },
  });

  const owned = assets.data?.items ?? [];
  const asset: WalletAsset | undefined =
    owned.find((item) => item.code === assetCode) ??
    owned.find((item) => item.code === 'USDT') ??
    owned.find((item) => item.available !== '0') ??
    owned[0];
  const decimals = asset?.decimals ?? 6;
  const computed = useMemo(() => splitPool(total, mode, split, decimals), [total, mode, split, decimals]);
  /** Choices of audience: anyone always; a room's members only in a room, an activity's attendees only for one. */
  const audiences = BOUNTY_AUDIENCES.filter(
    (item) => item === 'anyone' || (item === 'room' && !!roomId) || (item === 'attendees' && !!activityId),
  );

  const message = (problem: Problem | undefined) => (problem ? t(problem.key, problem.params ?? {}) : undefined);
  const clear = (field: BountyFormField) => setErrors((current) => ({ ...current, [field]: undefined }));

  const next = () => {
    const problems = checkBountyForm({ title, total, mode, split, deadline, submitKinds }, decimals, Date.now());
    const found: BountyFormErrors = {};
    for (const [field, problem] of Object.entries(problems)) found[field as BountyField] = message(problem);
    if (!asset) found.asset = t('bounty.form.noAssets');
    else if (!found.total && unitsOf(total.trim(), decimals) > unitsOf(asset.available, decimals)) {
      found.total = t('contract:wallet.insufficient');
    }
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    creation.confirm();
  };

  const send = (password: string) => {
    if (!asset || 'problem' in computed) return;
    const when = localDateTime(deadline);
    creation.send({
      title: title.trim(),
      description: description.trim(),
      category,
      asset: asset.code,
      total: total.trim(),
      ...(mode === 'perWinner' ? { perWinner: computed.perWinner } : { winners: computed.winners }),
      deadline: (when ?? new Date()).toISOString(),
      submitKinds,
      audience,
      roomId,
      activityId,
      password,
    });
  };

  return {
    assets,
    owned,
    asset,
    title,
    setTitle: (value: string) => {
      setTitle(value);
      clear('title');
    },
    description,
    setDescription,
    category,
    setCategory,
    chooseAsset: (code: string) => {
      setAssetCode(code);
      clear('total');
      clear('split');
    },
    total,
    setTotal: (value: string) => {
      setTotal(value.replace(/[^\d.]/g, ''));
      clear('total');
      clear('split');
    },
    mode,
    setMode: (value: SplitMode) => {
      // Keep the figures consistent: switching carries the computed half over as the new input.
      if (!('problem' in computed)) setSplit(value === 'perWinner' ? computed.perWinner : String(computed.winners));
      setMode(value);
      clear('split');
    },
    split,
    setSplit: (value: string) => {
      setSplit(mode === 'winners' ? value.replace(/\D/g, '') : value.replace(/[^\d.]/g, ''));
      clear('split');
    },
    computed,
    deadline,
    setDeadline: (value: string) => {
      setDeadline(value);
      clear('deadline');
    },
    submitKinds,
    toggleKind: (kind: SubmitKind) => {
      setSubmitKinds((current) =>
        current.includes(kind) ? current.filter((item) => item !== kind) : [...current, kind],
      );
      clear('submitKinds');
    },
    audience,
    audiences,
    setAudience,
    errors,
    next,
    step: creation.step,
    setStep: creation.setStep,
    send,
    pending: creation.pending,
    tradeError: creation.tradeError,
    clearTradeError: creation.clearTradeError,
  };
}

export type BountyFormState = ReturnType<typeof useBountyForm>;

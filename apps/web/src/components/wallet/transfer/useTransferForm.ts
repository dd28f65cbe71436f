import { type FieldError, TOAST_DURATION_MS, type TransferResult, type WalletAsset } from '@polaris/contract';
import { Toast } from 'antd-mobile';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type TransferPreview, useTransfer, useTransferPreview } from '@/api/wallet.ts';
import { useSecondFactor } from '@/components/SecondFactorField.tsx';
import { tradeErrorOf, tradePasswordMissing } from '@/components/trade-errors.ts';
import { fieldErrorsOf, isApiError } from '@/lib/api-error.ts';
import { useSettings } from '@/lib/settings.ts';
import { useDebounced } from '@/lib/useDebounced.ts';
import { checkTransfer, looksLikeUser, newIdempotencyKey, type Problem, receiveAmount } from '@/lib/wallet.ts';

export type TransferErrors = Partial<Record<'to' | 'amount' | 'chainId', string>>;

/** The server's problems with a transfer, under the field they name; anything else about the recipient. */
function toErrors(fields: readonly FieldError[]): TransferErrors {
  const errors: TransferErrors = {};
  for (const { field, message } of fields) {
    if (field === 'to' || field === 'amount' || field === 'chainId') errors[field] ??= message;
    else errors.to ??= message;
  }
  return errors;
}

/** What the preview's refusal says about the recipient or the network, to show before "Next". */
function previewErrors(error: unknown): TransferErrors {
  if (!isApiError(error)) return {};
  if (error.kind === 'invalid') return toErrors(error.fields);
  if (error.unreported) return { to: error.message };
  return toErrors(fieldErrorsOf(error.attachment));
}

/**
 * The transfer form: recipient and amount (checked as typed against the server's preview of the terms: an
 * internal transfer to a user, or a withdrawal to an address on a chosen network with its fee and limits), then
 * the confirmation, the transaction password and the result. One idempotency key per confirmation.
 */
export function useTransferForm(asset: WalletAsset) {
  const { t } = useTranslation();
  const preferredChain = useSettings((state) => state.chain);
  const withdrawable = asset.networks.filter((network) => !network.waiting && network.withdrawEnabled);
  const [to, setTo] = useState('');
  const [amount, setAmount] = useState('');
  const [chainId, setChainId] = useState<number | undefined>(
    (withdrawable.find((network) => network.chainId === preferredChain) ?? withdrawable[0])?.chainId,
  );
  const [errors, setErrors] = useState<TransferErrors>({});
  const [step, setStep] = useState<'form' | 'confirm' | 'password'>('form');
  const [tradeError, setTradeError] = useState<string>();
  /** Google Authenticator's code, asked up front when it is on (the contract's second-factor table). */
  const secondFactor = useSecondFactor('/wallet/transfer');
  const [result, setResult] = useState<TransferResult>();
  const idempotencyKey = useRef('');
  const transfer = useTransfer();

  const recipient = useDebounced(to.trim(), 400);
  const outside = recipient !== '' && !looksLikeUser(recipient);
  const previewInput = { asset: asset.code, to: recipient, chainId: outside ? chainId : undefined };
  const preview = useTransferPreview(previewInput, recipient !== '');
  const settling = to.trim() !== recipient || preview.isFetching;
  const terms: TransferPreview | undefined = recipient !== '' && !preview.isError ? preview.data : undefined;
  const previewProblems = useMemo(() => previewErrors(preview.error), [preview.error]);

  const message = (problem: Problem | undefined) =>
    problem ? t(`contract:${problem.key}`, problem.params ?? {}) : undefined;

  /** "Next" was pressed while the recipient was still being checked: it goes on by itself once the check ends. */
  const [waiting, setWaiting] = useState(false);

  const next = () => {
    const problems = checkTransfer({ to, amount, decimals: asset.decimals }, settling ? null : (terms ?? null));
    const found: TransferErrors = { to: message(problems.to), amount: message(problems.amount) };
    setErrors(found);
    if (found.to || found.amount) return setWaiting(false);
    // The press is not lost while "checking the recipient…" shows: it waits for the check, then goes on.
    if (settling) return setWaiting(true);
    setWaiting(false);
    if (previewProblems.to || previewProblems.chainId || !terms) return;
    idempotencyKey.current = newIdempotencyKey();
    setStep('confirm');
  };
  const nextRef = useRef(next);
  nextRef.current = next;
  useEffect(() => {
    if (waiting && !settling) nextRef.current();
  }, [waiting, settling]);

  const send = (password: string, code?: string) => {
    if (!terms || transfer.isPending) return;
    setTradeError(undefined);
    transfer.mutate(
      {
        asset: asset.code,
        amount: amount.trim(),
        to: recipient,
        chainId: terms.kind === 'withdrawal' ? (terms.chainId ?? chainId) : undefined,
        password,
        idempotencyKey: idempotencyKey.current,
        totp: code,
      },
      {
        onSuccess: (done) => {
          setStep('form');
          secondFactor.reset();
          setResult(done);
        },
        onError: (error) => {
          // The authenticator code was missing or wrong: keep the prompt open, its message under the field.
          if (secondFactor.handle(error)) return;
          const trade = tradeErrorOf(error);
          if (trade?.kind === 'wrong') return setTradeError(trade.message);
          if (trade?.kind === 'notSet') return tradePasswordMissing();
          setStep('form');
          const fields = isApiError(error, 'invalid') ? error.fields : [];
          if (fields.length > 0) return setErrors(toErrors(fields));
          if (isApiError(error) && error.unreported)
            Toast.show({ content: error.message, duration: TOAST_DURATION_MS });
        },
      },
    );
  };

  const clearWhere = () => setErrors((current) => ({ ...current, to: undefined, chainId: undefined }));

  return {
    to,
    setTo: (value: string) => {
      setTo(value);
      setWaiting(false);
      clearWhere();
    },
    amount,
    setAmount: (value: string) => {
      setAmount(value.replace(/[^\d.]/g, ''));
      setWaiting(false);
      setErrors((current) => ({ ...current, amount: undefined }));
    },
    chainId,
    chooseChain: (id: number) => {
      setChainId(id);
      setWaiting(false);
      clearWhere();
    },
    errors: {
      to: errors.to ?? previewProblems.to,
      chainId: errors.chainId ?? previewProblems.chainId,
      amount: errors.amount,
    } satisfies TransferErrors,
    /** The recipient as last checked (typing settles for 400 ms first). */
    recipient,
    /** The terms are being fetched, or the typed recipient has not settled yet. */
    settling,
    checking: preview.isFetching,
    terms,
    /** An address, not a user: the network has to be chosen (unless it turned out to be one of ours). */
    showNetworks: outside && terms?.kind !== 'internal',
    network: asset.networks.find((item) => item.chainId === (terms?.chainId ?? chainId)),
    receive: terms ? receiveAmount(amount, terms.fee ?? '0', asset.decimals) : null,
    next,
    /** "Next" was pressed during the recipient check and goes on when it ends (the button shows it). */
    waiting,
    step,
    setStep,
    send,
    pending: transfer.isPending,
    tradeError,
    clearTradeError: () => {
      setTradeError(undefined);
      secondFactor.setError(undefined);
    },
    secondFactor,
    result,
  };
}

export type TransferFormState = ReturnType<typeof useTransferForm>;

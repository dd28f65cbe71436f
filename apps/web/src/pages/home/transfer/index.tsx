import { type FieldError, TOAST_DURATION_MS, type TransferResult, type WalletAsset } from '@polaris/contract';
import { Button, Popup, Result, Toast } from 'antd-mobile';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { fieldErrorsOf, isApiError, isNotFound } from '@/api/request.ts';
import {
  type TransferPreview,
  useAsset,
  useTradePasswordStatus,
  useTransfer,
  useTransferPreview,
} from '@/api/wallet.ts';
import { Frame } from '@/app/Frame.tsx';
import { href, PATHS } from '@/app/paths.ts';
import { AssetNotFound, isAssetCode } from '@/components/AssetNotFound.tsx';
import { LoadFailed, Loading } from '@/components/QueryState.tsx';
import { RequireLogin } from '@/components/RequireLogin.tsx';
import { TextField } from '@/components/TextField.tsx';
import { TradePasswordPrompt } from '@/components/TradePasswordPrompt.tsx';
import { offerToSetTradePassword, tradeErrorOf } from '@/components/trade-errors.ts';
import ui from '@/components/ui.module.css';
import { useSettings } from '@/lib/settings.ts';
import { useDebounced } from '@/lib/useDebounced.ts';
import {
  checkTransfer,
  groupDigits,
  looksLikeUser,
  maxSendable,
  newIdempotencyKey,
  type Problem,
  receiveAmount,
  shown,
} from '@/lib/wallet.ts';
import styles from './transfer.module.css';

export default function TransferPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const code = (params.get('asset') ?? '').toUpperCase();
  // No asset yet: the user picks one first. One that cannot exist is not found.
  if (!code) return <Navigate to={href(PATHS.chooseAsset, { next: 'transfer' })} replace />;
  const valid = isAssetCode(code);
  return (
    <Frame title={valid ? t('transfer.title', { asset: code }) : t('notFound.assetTitle')}>
      {valid ? (
        <RequireLogin>
          <TransferLoader code={code} />
        </RequireLogin>
      ) : (
        <AssetNotFound />
      )}
    </Frame>
  );
}

function TransferLoader({ code }: { code: string }) {
  const asset = useAsset(code);
  if (isNotFound(asset.error, 'asset')) return <AssetNotFound />;
  if (asset.isPending) return <Loading testId="transfer-loading" />;
  if (asset.isError) return <LoadFailed onRetry={() => void asset.refetch()} message={asset.error.message} />;
  return <TransferForm asset={asset.data} />;
}

type Errors = Partial<Record<'to' | 'amount' | 'chainId', string>>;

function TransferForm({ asset }: { asset: WalletAsset }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const preferredChain = useSettings((state) => state.chain);
  const showAssets = useSettings((state) => state.showAssets);
  const withdrawable = asset.networks.filter((network) => !network.waiting && network.withdrawEnabled);
  const [to, setTo] = useState('');
  const [amount, setAmount] = useState('');
  const [chainId, setChainId] = useState<number | undefined>(
    (withdrawable.find((network) => network.chainId === preferredChain) ?? withdrawable[0])?.chainId,
  );
  const [errors, setErrors] = useState<Errors>({});
  const [step, setStep] = useState<'form' | 'confirm' | 'password'>('form');
  const [tradeError, setTradeError] = useState<string>();
  const [result, setResult] = useState<TransferResult>();
  const idempotencyKey = useRef('');
  const tradeStatus = useTradePasswordStatus();
  const transfer = useTransfer();

  const recipient = useDebounced(to.trim(), 400);
  const outside = recipient !== '' && !looksLikeUser(recipient);
  const previewInput = { asset: asset.code, to: recipient, chainId: outside ? chainId : undefined };
  const preview = useTransferPreview(previewInput, recipient !== '');
  const settling = to.trim() !== recipient || preview.isFetching;
  const terms: TransferPreview | undefined = recipient !== '' && !preview.isError ? preview.data : undefined;
  const previewProblems = useMemo(() => previewErrors(preview.error), [preview.error]);
  const showNetworks = outside && terms?.kind !== 'internal';

  const message = (problem: Problem | undefined) =>
    problem ? t(`contract:${problem.key}`, problem.params ?? {}) : undefined;
  const shownErrors: Errors = {
    to: errors.to ?? previewProblems.to,
    chainId: errors.chainId ?? previewProblems.chainId,
    amount: errors.amount,
  };

  const next = () => {
    const problems = checkTransfer({ to, amount, decimals: asset.decimals }, terms ?? null);
    const found: Errors = { to: message(problems.to), amount: message(problems.amount) };
    setErrors(found);
    if (found.to || found.amount || previewProblems.to || previewProblems.chainId || !terms || settling) return;
    idempotencyKey.current = newIdempotencyKey();
    setStep('confirm');
  };

  const send = (password: string) => {
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
      },
      {
        onSuccess: (done) => {
          setStep('form');
          setResult(done);
        },
        onError: (error) => {
          const trade = tradeErrorOf(error);
          if (trade?.kind === 'wrong') return setTradeError(trade.message);
          setStep('form');
          if (trade?.kind === 'notSet') return void offerToSetTradePassword(navigate);
          const fields = isApiError(error, 'invalid') ? error.fields : [];
          if (fields.length > 0) return setErrors(toErrors(fields));
          if (isApiError(error) && error.unreported)
            Toast.show({ content: error.message, duration: TOAST_DURATION_MS });
        },
      },
    );
  };

  if (result) return <TransferDone result={result} asset={asset.code} />;

  const fee = terms?.fee ?? '0';
  const receive = terms ? receiveAmount(amount, fee, asset.decimals) : null;
  const network = asset.networks.find((item) => item.chainId === (terms?.chainId ?? chainId));

  return (
    <>
      {tradeStatus.data?.blank && (
        <div className={styles.notice} role="note" data-testid="transfer-no-trade-password">
          <span>{t('transfer.noTradePassword')}</span>
          <Button size="mini" color="primary" onClick={() => navigate(PATHS.traderPassword)}>
            {t('tradePassword.goSet')}
          </Button>
        </div>
      )}
      <form
        className={ui.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          next();
        }}
      >
        <TextField
          id="transfer-to"
          testId="transfer-to"
          label={t('transfer.to')}
          placeholder={t('transfer.toPlaceholder')}
          autoComplete="off"
          maxLength={200}
          value={to}
          onChange={(value) => {
            setTo(value);
            setErrors((current) => ({ ...current, to: undefined, chainId: undefined }));
          }}
          error={shownErrors.to}
        />
        {showNetworks && (
          <div>
            <p className={styles.label} id="transfer-network-label">
              {t('transfer.network')}
            </p>
            <fieldset className={ui.chips} aria-labelledby="transfer-network-label">
              {asset.networks.map((item) => {
                const note = item.waiting ? t('deposit.comingSoon') : !item.withdrawEnabled ? t('transfer.paused') : '';
                return (
                  <button
                    key={item.chainId}
                    type="button"
                    aria-pressed={item.chainId === chainId}
                    className={ui.chip}
                    disabled={note !== ''}
                    onClick={() => {
                      setChainId(item.chainId);
                      setErrors((current) => ({ ...current, to: undefined, chainId: undefined }));
                    }}
                    data-testid={`transfer-chain-${item.chain}`}
                  >
                    {item.chain}
                    {note && ` · ${note}`}
                  </button>
                );
              })}
            </fieldset>
            {shownErrors.chainId && (
              <p className={ui.error} role="alert" data-testid="transfer-chain-error">
                {shownErrors.chainId}
              </p>
            )}
          </div>
        )}
        {recipient !== '' && (terms || preview.isFetching) && (
          <div className={styles.terms} aria-live="polite" data-testid="transfer-terms">
            {!terms ? (
              <span className={ui.muted}>{t('transfer.checking')}</span>
            ) : terms?.kind === 'internal' ? (
              <>
                <p className={styles.kind} data-testid="transfer-kind" data-kind="internal">
                  {t('transfer.internal')}
                </p>
                <p className={ui.hint}>
                  {t('transfer.recipient')}: <strong data-testid="transfer-recipient">{terms.recipient?.label}</strong>{' '}
                  ({t('me.uid')} {terms.recipient?.uid})
                </p>
                <p className={ui.hint}>{t('transfer.internalHint')}</p>
              </>
            ) : terms?.kind === 'withdrawal' ? (
              <>
                <p className={styles.kind} data-testid="transfer-kind" data-kind="withdrawal">
                  {t('transfer.withdrawal', { chain: network?.chainName ?? '' })}
                </p>
                <dl className={ui.kvList}>
                  <div className={ui.kv}>
                    <dt>{t('transfer.fee')}</dt>
                    <dd data-testid="transfer-fee">
                      {terms.fee} {asset.code}
                    </dd>
                  </div>
                  <div className={ui.kv}>
                    <dt>{t('transfer.limits')}</dt>
                    <dd>
                      {groupDigits(terms.min ?? '0')} – {groupDigits(terms.max ?? '0')} {asset.code}
                    </dd>
                  </div>
                </dl>
              </>
            ) : null}
          </div>
        )}
        <TextField
          id="transfer-amount"
          testId="transfer-amount"
          label={t('contract:fields.amount')}
          placeholder={t('transfer.amountPlaceholder')}
          inputMode="decimal"
          autoComplete="off"
          maxLength={40}
          value={amount}
          onChange={(value) => {
            setAmount(value.replace(/[^\d.]/g, ''));
            setErrors((current) => ({ ...current, amount: undefined }));
          }}
          error={shownErrors.amount}
          suffix={
            <button
              type="button"
              className={styles.max}
              onClick={() => setAmount(terms ? maxSendable(terms, asset.decimals) : asset.available)}
              data-testid="transfer-max"
            >
              {t('transfer.max')}
            </button>
          }
        />
        <p className={ui.hint} data-testid="transfer-available">
          {t('transfer.available', {
            amount: shown(groupDigits(terms?.available ?? asset.available), showAssets),
            asset: asset.code,
          })}
        </p>
        {terms?.kind === 'withdrawal' && (
          <p className={ui.hint} data-testid="transfer-receive">
            {t('transfer.receive')}: <strong>{receive ? `${groupDigits(receive)} ${asset.code}` : '—'}</strong>
          </p>
        )}
        <Button
          type="submit"
          color="primary"
          size="large"
          block
          shape="rounded"
          disabled={settling && recipient !== ''}
          data-testid="transfer-next"
        >
          {t('common.next')}
        </Button>
      </form>

      <Popup
        visible={step === 'confirm'}
        onMaskClick={() => setStep('form')}
        onClose={() => setStep('form')}
        bodyStyle={{ borderRadius: '16px 16px 0 0' }}
      >
        <div className={ui.sheet} data-testid="transfer-confirm">
          <h2 className={ui.sheetTitle}>{t('transfer.confirmTitle')}</h2>
          {terms && (
            <dl className={ui.kvList}>
              <div className={ui.kv}>
                <dt>{t('transfer.type')}</dt>
                <dd>
                  {terms.kind === 'internal'
                    ? t('transfer.internal')
                    : t('transfer.withdrawal', { chain: network?.chainName ?? '' })}
                </dd>
              </div>
              <div className={ui.kv}>
                <dt>{t('transfer.to')}</dt>
                <dd data-testid="confirm-to">{recipient}</dd>
              </div>
              {terms.recipient && (
                <div className={ui.kv}>
                  <dt>{t('transfer.recipient')}</dt>
                  <dd>{terms.recipient.label}</dd>
                </div>
              )}
              <div className={ui.kv}>
                <dt>{t('contract:fields.amount')}</dt>
                <dd data-testid="confirm-amount">
                  {groupDigits(amount.trim())} {asset.code}
                </dd>
              </div>
              <div className={ui.kv}>
                <dt>{t('transfer.fee')}</dt>
                <dd>{terms.kind === 'internal' ? t('transfer.free') : `${terms.fee} ${asset.code}`}</dd>
              </div>
              <div className={ui.kv}>
                <dt>{t('transfer.receive')}</dt>
                <dd data-testid="confirm-receive">
                  {groupDigits(receive ?? '0')} {asset.code}
                </dd>
              </div>
            </dl>
          )}
          <p className={ui.hint}>
            {terms?.kind === 'withdrawal' ? t('transfer.irreversible') : t('transfer.internalHint')}
          </p>
          <div className={ui.actions}>
            <Button shape="rounded" onClick={() => setStep('form')} data-testid="confirm-cancel">
              {t('common.cancel')}
            </Button>
            <Button color="primary" shape="rounded" onClick={() => setStep('password')} data-testid="confirm-ok">
              {t('common.confirm')}
            </Button>
          </div>
        </div>
      </Popup>

      <TradePasswordPrompt
        visible={step === 'password'}
        title={t('tradePassword.enterTitle')}
        summary={t('transfer.promptSummary', { amount: amount.trim(), asset: asset.code, to: recipient })}
        pending={transfer.isPending}
        error={tradeError}
        onClose={() => {
          if (!transfer.isPending) setStep('form');
          setTradeError(undefined);
        }}
        onSubmit={send}
      />
    </>
  );
}

function previewErrors(error: unknown): Errors {
  if (!isApiError(error)) return {};
  if (error.kind === 'invalid') return toErrors(error.fields);
  if (error.unreported) return { to: error.message };
  return toErrors(fieldErrorsOf(error.attachment));
}

function toErrors(fields: readonly FieldError[]): Errors {
  const errors: Errors = {};
  for (const { field, message } of fields) {
    if (field === 'to' || field === 'amount' || field === 'chainId') errors[field] ??= message;
    else errors.to ??= message;
  }
  return errors;
}

function TransferDone({ result, asset }: { result: TransferResult; asset: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const completed = result.status === 'completed';
  const failed = result.status === 'failed';
  return (
    <div data-testid="transfer-result" data-status={result.status}>
      <Result
        status={completed ? 'success' : failed ? 'error' : 'waiting'}
        title={
          completed ? t('transfer.doneCompleted') : failed ? t('transfer.doneFailed') : t('transfer.doneProcessing')
        }
        description={
          result.kind === 'withdrawal'
            ? t('transfer.doneWithdrawal', { amount: result.amount, fee: result.fee, asset })
            : t('transfer.doneInternal', { amount: result.amount, asset })
        }
      />
      <div className={ui.actions}>
        <Button
          shape="rounded"
          onClick={() => navigate(href(PATHS.assetRecords, { asset }), { replace: true })}
          data-testid="transfer-view-records"
        >
          {t('transfer.viewRecords')}
        </Button>
        <Button
          color="primary"
          shape="rounded"
          onClick={() => navigate(href(PATHS.assetDetails, { asset }), { replace: true })}
          data-testid="transfer-done"
        >
          {t('transfer.done')}
        </Button>
      </div>
    </div>
  );
}

import type { WalletAsset } from '@polaris/contract';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { useAsset, useTradePasswordStatus } from '@/api/wallet.ts';
import { Frame } from '@/app/Frame.tsx';
import { href, PATHS } from '@/app/paths.ts';
import { Button } from '@/components/Button.tsx';
import { LoadFailed, Loading } from '@/components/QueryState.tsx';
import { RequireLogin } from '@/components/RequireLogin.tsx';
import { TextField } from '@/components/TextField.tsx';
import ui from '@/components/ui.module.css';
import { AssetNotFound, isAssetCode } from '@/components/wallet/AssetNotFound.tsx';
import { HoldNotice } from '@/components/wallet/HoldNotice.tsx';
import { NetworkChoice } from '@/components/wallet/transfer/NetworkChoice.tsx';
import { TransferConfirm } from '@/components/wallet/transfer/TransferConfirm.tsx';
import { TransferDone } from '@/components/wallet/transfer/TransferDone.tsx';
import { TransferTerms } from '@/components/wallet/transfer/TransferTerms.tsx';
import styles from '@/components/wallet/transfer/transfer.module.css';
import { useTransferForm } from '@/components/wallet/transfer/useTransferForm.ts';
import { isNotFound } from '@/lib/api-error.ts';
import { useSettings } from '@/lib/settings.ts';
import { amountFigure, assetAmount, maxSendable, shown } from '@/lib/wallet.ts';

/** Send an asset (`?asset=`): to a user of ours at once and free, or to an address as a withdrawal on a network. */
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

/** Recipient (a user or an address), network when it is an address, amount; "Next" confirms, then the password. */
function TransferForm({ asset }: { asset: WalletAsset }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const showAssets = useSettings((state) => state.showAssets);
  const tradeStatus = useTradePasswordStatus();
  const form = useTransferForm(asset);
  const { terms } = form;

  if (form.result) return <TransferDone result={form.result} asset={asset.code} />;

  return (
    <>
      <HoldNotice />
      {tradeStatus.data?.blank && (
        <div className={styles.notice} role="note" data-testid="transfer-no-trade-password">
          <span>{t('transfer.noTradePassword')}</span>
          <Button variant="primary" size="small" onClick={() => navigate(PATHS.traderPassword)}>
            {t('tradePassword.goSet')}
          </Button>
        </div>
      )}
      <form
        className={ui.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          form.next();
        }}
      >
        <TextField
          id="transfer-to"
          testId="transfer-to"
          label={t('transfer.to')}
          placeholder={t('transfer.toPlaceholder')}
          autoComplete="off"
          maxLength={200}
          value={form.to}
          onChange={form.setTo}
          error={form.errors.to}
        />
        {form.showNetworks && <NetworkChoice asset={asset} form={form} />}
        <TransferTerms asset={asset} form={form} />
        <TextField
          id="transfer-amount"
          testId="transfer-amount"
          label={t('contract:fields.amount')}
          placeholder={t('transfer.amountPlaceholder')}
          inputMode="decimal"
          autoComplete="off"
          maxLength={40}
          value={form.amount}
          onChange={form.setAmount}
          error={form.errors.amount}
          suffix={
            <button
              type="button"
              className={styles.max}
              onClick={() => form.setAmount(terms ? maxSendable(terms, asset.decimals) : asset.available)}
              data-testid="transfer-max"
            >
              {t('transfer.max')}
            </button>
          }
        />
        <p className={ui.hint} data-testid="transfer-available">
          {t('transfer.available', {
            amount: shown(amountFigure(terms?.available ?? asset.available, asset.code), showAssets),
            asset: asset.code,
          })}
        </p>
        {terms?.kind === 'withdrawal' && (
          <p className={ui.hint} data-testid="transfer-receive">
            {t('transfer.receive')}:{' '}
            <strong>{form.receive ? assetAmount(form.receive, asset.code, { exact: true }) : '—'}</strong>
          </p>
        )}
        <Button
          variant="primary"
          type="submit"
          size="large"
          block
          loading={form.waiting}
          loadingText={t('transfer.checking')}
          data-testid="transfer-next"
          data-waiting={form.waiting}
        >
          {t('common.next')}
        </Button>
      </form>
      <TransferConfirm asset={asset} form={form} />
    </>
  );
}

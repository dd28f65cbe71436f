import type { WalletAsset } from '@polaris/contract';
import { FileOutline } from 'antd-mobile-icons';
import QRCode from 'qrcode';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useAsset, useDepositAddress, useRecords, useSummary } from '@/api/wallet.ts';
import { Frame } from '@/app/Frame.tsx';
import { href, PATHS } from '@/app/paths.ts';
import { safeReturnPath } from '@/components/activity/details/signup-funds.ts';
import { Button } from '@/components/Button.tsx';
import { LoadFailed, Loading } from '@/components/QueryState.tsx';
import { copyWithToast, RecordItem } from '@/components/RecordItem.tsx';
import { RequireLogin } from '@/components/RequireLogin.tsx';
import ui from '@/components/ui.module.css';
import { AssetIcon } from '@/components/wallet/AssetIcon.tsx';
import { AssetNotFound, isAssetCode } from '@/components/wallet/AssetNotFound.tsx';
import { isNotFound } from '@/lib/api-error.ts';
import { useSettings } from '@/lib/settings.ts';
import { amountFigure, assetSubtitle, currencyOf, formatMoney, shown } from '@/lib/wallet.ts';
import styles from './details.module.css';

export default function AssetDetailsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const code = (params.get('asset') ?? '').toUpperCase();
  const valid = isAssetCode(code);
  return (
    <Frame title={valid ? t('details.title', { asset: code }) : t('notFound.assetTitle')}>
      {valid ? (
        <RequireLogin>
          <Details
            code={code}
            focusDeposit={params.get('deposit') === '1'}
            returnTo={safeReturnPath(params.get('returnTo'), PATHS.activityDetails)}
          />
        </RequireLogin>
      ) : (
        <AssetNotFound />
      )}
    </Frame>
  );
}

function Details({ code, focusDeposit, returnTo }: { code: string; focusDeposit: boolean; returnTo: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const asset = useAsset(code);
  const currency = currencyOf(useSettings((state) => state.currency));
  const showAssets = useSettings((state) => state.showAssets);
  const summary = useSummary(currency);
  const depositRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (focusDeposit && asset.data) depositRef.current?.scrollIntoView({ block: 'start' });
  }, [focusDeposit, asset.data]);

  if (isNotFound(asset.error, 'asset')) return <AssetNotFound />;
  if (asset.isPending) return <Loading testId="details-loading" />;
  if (asset.isError) return <LoadFailed onRetry={() => void asset.refetch()} message={asset.error.message} />;
  const data = asset.data;
  const value = summary.data?.items.find((item) => item.code === data.code)?.value;

  return (
    <>
      {returnTo && (
        <section className={ui.card} data-testid="details-return">
          <p className={ui.hint} style={{ margin: '0 0 8px' }}>
            {t('details.backToSignUpHint')}
          </p>
          <Button block onClick={() => navigate(returnTo)} data-testid="details-return-signup">
            {t('details.backToSignUp')}
          </Button>
        </section>
      )}
      <section className={ui.card} aria-labelledby="details-balance" data-testid="details-balance-card">
        <div className={styles.head}>
          <AssetIcon code={data.code} />
          <div>
            <h2 className={ui.rowTitle} id="details-balance">
              {data.code}
            </h2>
            <p className={ui.rowSub}>{assetSubtitle(data, t)}</p>
          </div>
        </div>
        {data.code === 'XDR' && (
          <p className={ui.hint} style={{ margin: '8px 0 0' }} data-testid="details-about">
            {t('wallet.xdrAbout')}
          </p>
        )}
        <dl className={ui.kvList}>
          <div className={ui.kv}>
            <dt>{t('details.available')}</dt>
            <dd data-testid="details-available">{shown(amountFigure(data.available, code), showAssets)}</dd>
          </div>
          <div className={ui.kv}>
            <dt>{t('details.frozen')}</dt>
            <dd data-testid="details-frozen">{shown(amountFigure(data.frozen, code), showAssets)}</dd>
          </div>
          <div className={ui.kv}>
            <dt>{t('details.value', { currency })}</dt>
            <dd data-testid="details-value">
              {value === undefined
                ? '…'
                : value === null
                  ? t('wallet.noPrice')
                  : shown(formatMoney(value, currency), showAssets)}
            </dd>
          </div>
        </dl>
        <div className={ui.actions}>
          <Button
            onClick={() => depositRef.current?.scrollIntoView({ behavior: 'smooth' })}
            data-testid="details-deposit"
          >
            {t('wallet.deposit')}
          </Button>
          <Button
            variant="primary"
            onClick={() => navigate(href(PATHS.transfer, { asset: data.code }))}
            data-testid="details-transfer"
          >
            {t('wallet.transfer')}
          </Button>
        </div>
      </section>
      <section ref={depositRef} className={ui.section} aria-labelledby="deposit-title" style={{ scrollMarginTop: 64 }}>
        <h2 className={ui.sectionTitle} id="deposit-title" style={{ margin: '0 4px 8px' }}>
          {t('deposit.title', { asset: data.code })}
        </h2>
        <Deposit asset={data} />
      </section>
      <RecentRecords code={data.code} />
    </>
  );
}

function Deposit({ asset }: { asset: WalletAsset }) {
  const { t } = useTranslation();
  const preferred = useSettings((state) => state.chain);
  const usable = asset.networks.filter((network) => !network.waiting && network.depositEnabled);
  const initial = usable.find((network) => network.chainId === preferred) ?? usable[0];
  const [chainId, setChainId] = useState<number | null>(initial?.chainId ?? null);
  const address = useDepositAddress(asset.code, chainId);
  const network = asset.networks.find((item) => item.chainId === chainId);

  return (
    <div className={ui.card}>
      <p className={ui.hint} id="deposit-network-label">
        {t('deposit.network')}
      </p>
      <fieldset className={ui.chips} aria-labelledby="deposit-network-label" style={{ marginTop: 8 }}>
        {asset.networks.map((item) => {
          const note = item.waiting ? t('deposit.comingSoon') : !item.depositEnabled ? t('deposit.paused') : '';
          return (
            <button
              key={item.chainId}
              type="button"
              aria-pressed={item.chainId === chainId}
              className={ui.chip}
              disabled={note !== ''}
              onClick={() => setChainId(item.chainId)}
              data-testid={`deposit-chain-${item.chain}`}
            >
              {item.chain}
              {note && ` · ${note}`}
            </button>
          );
        })}
      </fieldset>
      {chainId === null ? (
        <p className={ui.center}>{t('deposit.noNetwork')}</p>
      ) : address.isPending ? (
        <Loading testId="deposit-loading" />
      ) : address.isError ? (
        <LoadFailed onRetry={() => void address.refetch()} message={address.error.message} />
      ) : (
        <div className={styles.address}>
          <QrImage
            text={address.data.address}
            label={t('deposit.qrLabel', { asset: asset.code, chain: address.data.chain })}
          />
          <p className={styles.addressText} data-testid="deposit-address">
            {address.data.address}
          </p>
          <Button
            onClick={() => void copyWithToast(address.data.address, t('deposit.address'))}
            data-testid="deposit-copy"
          >
            <FileOutline aria-hidden /> {t('common.copy', { label: t('deposit.address') })}
          </Button>
          <ul className={styles.notes}>
            <li>{t('deposit.onlySend', { asset: asset.code, chain: network?.chainName ?? address.data.chain })}</li>
            <li>{t('deposit.confirmations', { n: address.data.confirmations })}</li>
            {asset.singleAddress && <li>{t('deposit.singleAddress', { asset: asset.code })}</li>}
          </ul>
        </div>
      )}
    </div>
  );
}

function QrImage({ text, label }: { text: string; label: string }) {
  const [src, setSrc] = useState<string>();
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(text, { margin: 1, width: 200, errorCorrectionLevel: 'M' })
      .then((url) => live && setSrc(url))
      .catch(() => live && setSrc(undefined));
    return () => {
      live = false;
    };
  }, [text]);
  return src ? (
    <img className={styles.qr} src={src} alt={label} width={200} height={200} data-testid="deposit-qr" />
  ) : (
    <div className={styles.qr} aria-hidden />
  );
}

function RecentRecords({ code }: { code: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const records = useRecords(code, undefined, 5);
  const items = records.data?.pages[0]?.items ?? [];
  return (
    <section className={ui.section} aria-labelledby="recent-title">
      <div className={ui.sectionHead}>
        <h2 className={ui.sectionTitle} id="recent-title">
          {t('details.recent')}
        </h2>
        <button
          type="button"
          className={ui.sectionLink}
          onClick={() => navigate(href(PATHS.assetRecords, { asset: code }))}
          data-testid="details-records-more"
        >
          {t('details.more')}
        </button>
      </div>
      {records.isPending ? (
        <Loading />
      ) : records.isError ? (
        <LoadFailed onRetry={() => void records.refetch()} />
      ) : items.length === 0 ? (
        <div className={ui.list}>
          <p className={ui.center} data-testid="details-no-records">
            {t('records.empty')}
          </p>
        </div>
      ) : (
        <ul className={ui.list} style={{ margin: 0, padding: 0, listStyle: 'none' }} data-testid="details-records">
          {items.map((record) => (
            <RecordItem key={record.id} record={record} asset={code} />
          ))}
        </ul>
      )}
    </section>
  );
}

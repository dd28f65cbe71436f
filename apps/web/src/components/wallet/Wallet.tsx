import type { Currency } from '@polaris/contract';
import {
  AddCircleOutline,
  AppstoreOutline,
  BankcardOutline,
  EyeInvisibleOutline,
  EyeOutline,
  LockOutline,
  PayCircleOutline,
  RightOutline,
  SendOutline,
  UnorderedListOutline,
} from 'antd-mobile-icons';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAssets, useSummary } from '@/api/wallet.ts';
import { href, PATHS } from '@/app/paths.ts';
import { ListRow } from '@/components/ListRow.tsx';
import { LoadFailed, Loading } from '@/components/QueryState.tsx';
import ui from '@/components/ui.module.css';
import { AssetRow } from '@/components/wallet/AssetRow.tsx';
import { CurrencySheet } from '@/components/wallet/CurrencySheet.tsx';
import { DemoBadge } from '@/components/wallet/DemoBadge.tsx';
import { settingsStore, useSettings } from '@/lib/settings.ts';
import { amountFigure, assetSubtitle, currencyOf, formatMoney, shown } from '@/lib/wallet.ts';
import styles from './Wallet.module.css';

/** The wallet on the Me tab: total in the chosen currency, quick actions, the visible assets, wallet entries. */
export function Wallet() {
  const currency = currencyOf(useSettings((state) => state.currency));
  const [choosing, setChoosing] = useState(false);
  return (
    <>
      <TotalCard currency={currency} onChooseCurrency={() => setChoosing(true)} />
      <AssetsSection currency={currency} />
      <ServicesSection currency={currency} onChooseCurrency={() => setChoosing(true)} />
      <CurrencySheet visible={choosing} onClose={() => setChoosing(false)} />
    </>
  );
}

/** The total in the chosen currency (hidden on request), the currency switch and the quick actions. */
function TotalCard({ currency, onChooseCurrency }: { currency: Currency; onChooseCurrency(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const showAssets = useSettings((state) => state.showAssets);
  const summary = useSummary(currency);
  // keepPreviousData shows the old figures while the new currency loads; say they are being re-valued.
  const revaluing = summary.isPlaceholderData;
  const data = summary.data;
  const unpriced = data?.items.some((item) => item.value === null && item.amount !== '0');
  return (
    <section className={styles.total} aria-labelledby="wallet-total-label" data-testid="wallet-card">
      <div className={styles.totalHead}>
        <span id="wallet-total-label">{t('wallet.total', { currency })}</span>
        <button
          type="button"
          className={styles.eye}
          onClick={() => settingsStore.getState().update({ showAssets: !showAssets })}
          aria-label={showAssets ? t('wallet.hideAssets') : t('wallet.showAssets')}
          aria-pressed={!showAssets}
          data-testid="wallet-toggle-assets"
        >
          {showAssets ? <EyeOutline aria-hidden /> : <EyeInvisibleOutline aria-hidden />}
        </button>
        <span className={styles.spacer} />
        <DemoBadge source={data?.source} testId="wallet-demo" />
        <button
          type="button"
          className={styles.currency}
          onClick={onChooseCurrency}
          aria-label={t('currency.current', { currency })}
          data-testid="wallet-currency"
        >
          {currency}
          <RightOutline aria-hidden />
        </button>
      </div>
      {summary.isPending ? (
        <p className={styles.totalFigure} aria-busy="true">
          …
        </p>
      ) : summary.isError ? (
        <p className={styles.totalNote}>{t('wallet.loadFailed')}</p>
      ) : (
        <p
          className={`${styles.totalFigure} ${revaluing ? styles.stale : ''}`}
          data-testid="wallet-total"
          data-value={revaluing ? '' : data?.total}
          data-currency={data?.currency}
          aria-live="polite"
        >
          {shown(formatMoney(data?.total ?? '0', currency), showAssets)}
        </p>
      )}
      {unpriced && <p className={styles.totalNote}>{t('wallet.unpricedNote')}</p>}
      <div className={styles.quick}>
        <Quick
          icon={<AddCircleOutline />}
          label={t('wallet.deposit')}
          testId="wallet-deposit"
          onClick={() => navigate(href(PATHS.chooseAsset, { next: 'deposit' }))}
        />
        <Quick
          icon={<SendOutline />}
          label={t('wallet.transfer')}
          testId="wallet-transfer"
          onClick={() => navigate(href(PATHS.chooseAsset, { next: 'transfer' }))}
        />
        <Quick
          icon={<UnorderedListOutline />}
          label={t('wallet.records')}
          testId="wallet-records"
          onClick={() => navigate(href(PATHS.chooseAsset, { next: 'records' }))}
        />
        <Quick
          icon={<AppstoreOutline />}
          label={t('wallet.more')}
          testId="wallet-more"
          onClick={() => navigate(PATHS.moreServices)}
        />
      </div>
    </section>
  );
}

/** The assets shown on the wallet, each with its balance and its value in the chosen currency. */
function AssetsSection({ currency }: { currency: Currency }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const showAssets = useSettings((state) => state.showAssets);
  const summary = useSummary(currency);
  const assets = useAssets();
  const visible = (assets.data?.items ?? []).filter((asset) => asset.visible);
  const valueFor = (code: string) => summary.data?.items.find((item) => item.code === code)?.value ?? null;
  return (
    <section className={ui.section} aria-labelledby="wallet-assets-title">
      <div className={ui.sectionHead}>
        <h2 className={ui.sectionTitle} id="wallet-assets-title">
          {t('wallet.assets')}
        </h2>
        <button
          type="button"
          className={ui.sectionLink}
          onClick={() => navigate(PATHS.myAsset)}
          data-testid="wallet-manage-assets"
        >
          {t('wallet.manageAssets')}
        </button>
      </div>
      {assets.isPending ? (
        <Loading testId="wallet-assets-loading" />
      ) : assets.isError ? (
        <LoadFailed onRetry={() => void assets.refetch()} />
      ) : visible.length === 0 ? (
        <div className={ui.list}>
          <p className={ui.center}>{t('wallet.noVisibleAssets')}</p>
        </div>
      ) : (
        <ul className={ui.list} style={{ margin: 0, padding: 0, listStyle: 'none' }} data-testid="wallet-assets">
          {visible.map((asset) => {
            const value = valueFor(asset.code);
            return (
              <li key={asset.code}>
                <AssetRow
                  code={asset.code}
                  detail={assetSubtitle(asset, t)}
                  end={
                    <span className={ui.rowEnd}>
                      <span
                        className={ui.figure}
                        style={{ display: 'block' }}
                        data-testid={`wallet-amount-${asset.code}`}
                      >
                        {shown(amountFigure(asset.available, asset.code), showAssets)}
                      </span>
                      <span className={ui.muted}>
                        {value === null ? t('wallet.noPrice') : shown(`≈ ${formatMoney(value, currency)}`, showAssets)}
                      </span>
                    </span>
                  }
                  onClick={() => navigate(href(PATHS.assetDetails, { asset: asset.code }))}
                  testId={`wallet-asset-${asset.code}`}
                />
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function ServicesSection({ currency, onChooseCurrency }: { currency: Currency; onChooseCurrency(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <section className={ui.section} aria-labelledby="wallet-entries-title">
      <h2 className={ui.sectionTitle} id="wallet-entries-title" style={{ margin: '0 4px 8px' }}>
        {t('wallet.services')}
      </h2>
      <div className={ui.list}>
        <ListRow
          icon={<AppstoreOutline />}
          title={t('services.title')}
          testId="me-more-services"
          onClick={() => navigate(PATHS.moreServices)}
        />
        <ListRow
          icon={<BankcardOutline />}
          title={t('payments.title')}
          testId="me-payments"
          onClick={() => navigate(PATHS.payments)}
        />
        <ListRow
          icon={<UnorderedListOutline />}
          title={t('myAsset.title')}
          testId="me-my-asset"
          onClick={() => navigate(PATHS.myAsset)}
        />
        <ListRow
          icon={<LockOutline />}
          title={t('tradePassword.title')}
          testId="me-trade-password"
          onClick={() => navigate(PATHS.traderPassword)}
        />
        <ListRow
          icon={<PayCircleOutline />}
          title={t('currency.label')}
          value={currency}
          testId="me-currency"
          onClick={onChooseCurrency}
        />
      </div>
    </section>
  );
}

function Quick({ icon, label, testId, onClick }: { icon: ReactNode; label: string; testId: string; onClick(): void }) {
  return (
    <button type="button" className={styles.quickButton} onClick={onClick} data-testid={testId}>
      <span className={styles.quickIcon} aria-hidden>
        {icon}
      </span>
      {label}
    </button>
  );
}

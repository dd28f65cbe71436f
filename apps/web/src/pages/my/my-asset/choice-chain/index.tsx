import { CheckOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useChains } from '@/api/wallet.ts';
import { Frame } from '@/app/Frame.tsx';
import { LoadFailed, Loading } from '@/components/QueryState.tsx';
import ui from '@/components/ui.module.css';
import { settingsStore, useSettings } from '@/lib/settings.ts';

/** SPEC §3 chains; the chosen one is settings.chain, the network deposit and transfer pick first. */
export default function ChoiceChainPage() {
  const { t } = useTranslation();
  const current = useSettings((state) => state.chain);
  const chains = useChains();
  return (
    <Frame title={t('chains.title')}>
      <p className={ui.hint} style={{ margin: '0 4px 8px' }}>
        {t('chains.hint')}
      </p>
      {chains.isPending ? (
        <Loading testId="chains-loading" />
      ) : chains.isError ? (
        <LoadFailed onRetry={() => void chains.refetch()} />
      ) : (
        <fieldset className={ui.list} aria-label={t('chains.title')} data-testid="chains-list">
          {chains.data.items.map((chain) => (
            <button
              key={chain.id}
              type="button"
              aria-pressed={chain.id === current}
              className={ui.row}
              disabled={chain.waiting}
              onClick={() => settingsStore.getState().update({ chain: chain.id })}
              data-testid={`chain-${chain.symbol}`}
            >
              <span className={ui.icon} aria-hidden>
                {chain.symbol.slice(0, 3)}
              </span>
              <span className={ui.rowMain}>
                <span className={ui.rowTitle} style={{ display: 'block' }}>
                  {chain.symbol}
                </span>
                <span className={ui.rowSub} style={{ display: 'block' }}>
                  {chain.name}
                </span>
              </span>
              {chain.waiting ? (
                <span className={ui.badge}>{t('deposit.comingSoon')}</span>
              ) : (
                chain.id === current && <CheckOutline color="var(--adm-color-primary)" aria-hidden />
              )}
            </button>
          ))}
        </fieldset>
      )}
    </Frame>
  );
}

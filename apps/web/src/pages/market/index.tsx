import type { MarketTicker } from '@polaris/contract';
import { PullToRefresh } from 'antd-mobile';
import { type CSSProperties, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { marketErrorText, marketKeys, useTickers } from '@/api/market.ts';
import { Frame } from '@/app/Frame.tsx';
import { href, PATHS } from '@/app/paths.ts';
import { LoadFailed, Loading } from '@/components/QueryState.tsx';
import { Refreshable } from '@/components/Refreshable.tsx';
import { SearchField } from '@/components/SearchField.tsx';
import ui from '@/components/ui.module.css';
import { AssetRow } from '@/components/wallet/AssetRow.tsx';
import { DemoBadge } from '@/components/wallet/DemoBadge.tsx';
import { formatChange, formatUsd } from '@/lib/market-format.ts';
import { useDebounced } from '@/lib/useDebounced.ts';

/** Price list in USD with the 24 h change, search, pull-to-refresh and the demo label. */
export default function MarketPage() {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const q = useDebounced(query.trim(), 300);
  const tickers = useTickers(q);
  return (
    <Frame title={t('market.title')}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 8, marginBottom: 12 }}>
        <SearchField
          placeholder={t('market.search')}
          value={query}
          onChange={setQuery}
          aria-label={t('market.search')}
          data-testid="market-search"
          style={{ flex: 1, '--background': 'var(--px-surface)', '--height': '40px' } as CSSProperties}
        />
        <DemoBadge source={tickers.data?.source} testId="market-demo" />
      </div>
      <Refreshable pull={PullToRefresh} refresh={[marketKeys.all]}>
        {tickers.isPending ? (
          <Loading testId="market-loading" />
        ) : tickers.isError ? (
          <LoadFailed
            onRetry={() => void tickers.refetch()}
            message={marketErrorText(tickers.error, t('market.unknownError'))}
            testId="market-error"
          />
        ) : tickers.data.items.length === 0 ? (
          <p className={ui.center} data-testid="market-empty">
            {t('market.none', { q })}
          </p>
        ) : (
          <>
            <div className={ui.sectionHead} aria-hidden>
              <span className={ui.muted}>{t('market.coin')}</span>
              <span className={ui.muted}>{t('market.priceAndChange')}</span>
            </div>
            <ul className={ui.list} style={{ margin: 0, padding: 0, listStyle: 'none' }} data-testid="market-list">
              {tickers.data.items.map((ticker) => (
                <TickerRow key={ticker.symbol} ticker={ticker} />
              ))}
            </ul>
          </>
        )}
      </Refreshable>
    </Frame>
  );
}

function TickerRow({ ticker }: { ticker: MarketTicker }) {
  const navigate = useNavigate();
  const change = formatChange(ticker.change24h);
  return (
    <li>
      <AssetRow
        code={ticker.symbol}
        icon={ticker.icon}
        detail={ticker.name}
        end={
          <span className={ui.rowEnd}>
            <span className={ui.figure} style={{ display: 'block' }}>
              {formatUsd(ticker.priceUsd)}
            </span>
            <span
              className={change.tone === 'up' ? ui.up : change.tone === 'down' ? ui.down : ui.muted}
              style={{ fontSize: 13, fontWeight: 600 }}
            >
              {change.text}
            </span>
          </span>
        }
        onClick={() => navigate(href(PATHS.marketDetail, { symbol: ticker.symbol }))}
        testId={`market-row-${ticker.symbol}`}
      />
    </li>
  );
}

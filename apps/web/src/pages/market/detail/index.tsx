import { MARKET_CANDLE_DAYS, type MarketCandle, type MarketCandleDays, MarketDetailInput } from '@polaris/contract';
import {
  CandlestickSeries,
  ColorType,
  createChart,
  type IChartApi,
  type ISeriesApi,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { marketErrorText, useMarketDetail } from '@/api/market.ts';
import { Frame } from '@/app/Frame.tsx';
import { PageNotFound } from '@/app/PageState.tsx';
import { LoadFailed, Loading } from '@/components/QueryState.tsx';
import ui from '@/components/ui.module.css';
import { AssetIcon } from '@/components/wallet/AssetIcon.tsx';
import { DemoBadge } from '@/components/wallet/DemoBadge.tsx';
import { isNotFound } from '@/lib/api-error.ts';
import { formatDateAndTime } from '@/lib/format.ts';
import { formatChange, formatCompactUsd, formatUsd } from '@/lib/market-format.ts';
import { useSettings } from '@/lib/settings.ts';
import styles from './detail.module.css';

export default function MarketDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const symbol = (params.get('symbol') ?? '').toUpperCase();
  const valid = MarketDetailInput.shape.symbol.safeParse(symbol).success;
  const [days, setDays] = useState<MarketCandleDays>(30);
  const language = useSettings((state) => state.language);
  const detail = useMarketDetail(valid ? symbol : '', days);

  const body = () => {
    if (!valid || isNotFound(detail.error, 'symbol')) {
      return <PageNotFound title={t('notFound.coinTitle')} body={t('notFound.coinBody')} />;
    }
    if (detail.isPending) return <Loading testId="market-detail-loading" />;
    if (detail.isError) {
      return (
        <LoadFailed
          onRetry={() => void detail.refetch()}
          message={marketErrorText(detail.error, t('market.unknownError'))}
          testId="market-detail-error"
        />
      );
    }
    const data = detail.data;
    const change = formatChange(data.change24h);
    return (
      <>
        <section className={ui.card}>
          <div className={styles.head}>
            <AssetIcon code={data.symbol} src={data.icon} />
            <div className={ui.rowMain}>
              <h2 className={ui.rowTitle}>{data.symbol}</h2>
              <p className={ui.rowSub}>{data.name}</p>
            </div>
            <DemoBadge source={data.source} testId="market-detail-demo" />
          </div>
          <p className={styles.price} data-testid="market-detail-price">
            {formatUsd(data.priceUsd)}
          </p>
          <p
            className={change.tone === 'up' ? ui.up : change.tone === 'down' ? ui.down : ui.muted}
            style={{ margin: 0, fontWeight: 600 }}
          >
            {t('market.change24h', { change: change.text })}
          </p>
          <dl className={ui.kvList} style={{ marginTop: 8 }}>
            <div className={ui.kv}>
              <dt>{t('market.volume')}</dt>
              <dd>{formatCompactUsd(data.volume24hUsd, language)}</dd>
            </div>
            <div className={ui.kv}>
              <dt>{t('market.marketCap')}</dt>
              <dd>{formatCompactUsd(data.marketCapUsd, language)}</dd>
            </div>
            <div className={ui.kv}>
              <dt>{t('market.updated')}</dt>
              <dd>{formatDateAndTime(data.updatedAt, language)}</dd>
            </div>
          </dl>
        </section>
        <section className={ui.card} aria-label={t('market.chart')}>
          <fieldset className={ui.chips} aria-label={t('market.range')}>
            {MARKET_CANDLE_DAYS.map((value) => (
              <button
                key={value}
                type="button"
                aria-pressed={value === days}
                className={ui.chip}
                onClick={() => setDays(value)}
                data-testid={`market-range-${value}`}
              >
                {t('market.days', { n: value })}
              </button>
            ))}
          </fieldset>
          <CandleChart candles={data.candles} label={t('market.chartLabel', { symbol: data.symbol, n: days })} />
        </section>
      </>
    );
  };

  return <Frame title={valid ? symbol : t('market.title')}>{body()}</Frame>;
}

/** lightweight-charts draws on a canvas; the figures become numbers only here, for drawing. */
function CandleChart({ candles, label }: { candles: MarketCandle[]; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const series = useRef<ISeriesApi<'Candlestick'> | null>(null);

  useEffect(() => {
    if (!box.current) return;
    const created = createChart(box.current, {
      autoSize: true,
      layout: { background: { type: ColorType.Solid, color: '#ffffff' }, textColor: '#4b5565', attributionLogo: false },
      grid: { vertLines: { color: '#f0f2f6' }, horzLines: { color: '#f0f2f6' } },
      timeScale: { timeVisible: true, secondsVisible: false, borderColor: '#e3e7ee' },
      rightPriceScale: { borderColor: '#e3e7ee' },
      handleScroll: false,
      handleScale: false,
    });
    series.current = created.addSeries(CandlestickSeries, {
      upColor: '#1a7f4b',
      downColor: '#c0262d',
      borderVisible: false,
      wickUpColor: '#1a7f4b',
      wickDownColor: '#c0262d',
    });
    chart.current = created;
    return () => {
      created.remove();
      chart.current = null;
      series.current = null;
    };
  }, []);

  useEffect(() => {
    series.current?.setData(
      candles.map((candle) => ({
        time: candle.time as UTCTimestamp,
        open: Number(candle.open),
        high: Number(candle.high),
        low: Number(candle.low),
        close: Number(candle.close),
      })),
    );
    chart.current?.timeScale().fitContent();
  }, [candles]);

  return <div ref={box} className={styles.chart} role="img" aria-label={label} data-testid="market-chart" />;
}

import { PullToRefresh } from 'antd-mobile';
import { PieOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { masterKeys, type StatKind, useMasterCount, useMasterEarnings, useMasterInfo } from '@/api/master.ts';
import { Frame } from '@/app/Frame.tsx';
import { PATHS } from '@/app/paths.ts';
import { EmptyState } from '@/components/EmptyState.tsx';
import { BarChart } from '@/components/earnings/BarChart.tsx';
import { LoadFailed, Loading } from '@/components/QueryState.tsx';
import { Refreshable } from '@/components/Refreshable.tsx';
import { RequireLogin } from '@/components/RequireLogin.tsx';
import ui from '@/components/ui.module.css';
import { sumAmounts } from '@/lib/earnings.ts';
import { formatMonthDay } from '@/lib/format.ts';
import { useSettings } from '@/lib/settings.ts';
import { amountFigure, assetAmount } from '@/lib/wallet.ts';

const RANGES = [7, 30] as const;
const MAX_PLACES = 30;

/** SPEC §2 creatorStatistics: activities, sign-ups and earnings by day, from the server's ledger-backed sums. */
export default function CreatorStatisticsPage() {
  const { t } = useTranslation();
  return (
    <Frame title={t('earnings.statsTitle')}>
      <RequireLogin>
        <Statistics />
      </RequireLogin>
    </Frame>
  );
}

function Statistics() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const info = useMasterInfo();
  const [days, setDays] = useState<number>(7);
  if (info.isPending) return <Loading testId="stats-loading" />;
  if (info.isError) return <LoadFailed onRetry={() => void info.refetch()} message={info.error.message} />;
  if (info.data === null) {
    return (
      <EmptyState
        testId="stats-not-creator"
        icon={<PieOutline />}
        title={t('earnings.notCreatorTitle')}
        body={t('earnings.notCreatorBody')}
      />
    );
  }
  const earned = info.data.balances;
  return (
    <Refreshable pull={PullToRefresh} refresh={[masterKeys.all]}>
      <div className={ui.card} data-testid="stats-totals">
        <dl style={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 8, margin: 0 }}>
          <Total label={t('earnings.activities')} value={String(info.data.activities)} testId="stats-activities" />
          <Total label={t('earnings.signups')} value={String(info.data.signups)} testId="stats-signups" />
          <Total
            label={t('earnings.earned')}
            value={earned.length === 0 ? '0' : earned.map((b) => assetAmount(b.earned, b.asset)).join('\n')}
            testId="stats-earned"
          />
        </dl>
      </div>
      <div className={ui.section}>
        <fieldset className={ui.chips} style={{ border: 0, padding: 0, margin: 0 }}>
          {RANGES.map((range) => (
            <button
              key={range}
              type="button"
              aria-pressed={days === range}
              className={ui.chip}
              onClick={() => setDays(range)}
              data-testid={`stats-range-${range}`}
            >
              {t('earnings.days', { count: range })}
            </button>
          ))}
        </fieldset>
      </div>
      <CountChart kind="count" days={days} />
      <CountChart kind="signup-count" days={days} />
      {(earned.length === 0 ? ['USDT'] : earned.map((b) => b.asset)).map((asset) => (
        <EarningsChart key={asset} asset={asset} days={days} />
      ))}
      <p className={ui.hint} style={{ margin: '12px 4px' }}>
        {t('earnings.utcNote')}
      </p>
      <button
        type="button"
        className={ui.sectionLink}
        onClick={() => navigate(PATHS.distribution)}
        data-testid="stats-to-distribution"
      >
        {t('earnings.toDistribution')}
      </button>
    </Refreshable>
  );
}

function Total({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div style={{ textAlign: 'center', minWidth: 0 }}>
      <dt className={ui.muted}>{label}</dt>
      <dd className={ui.figure} style={{ margin: '4px 0 0', whiteSpace: 'pre-line' }} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function useDayLabel() {
  const language = useSettings((state) => state.language);
  return (day: string) => formatMonthDay(`${day}T00:00:00Z`, language);
}

function ChartCard({ title, summary, children }: { title: string; summary?: string; children: React.ReactNode }) {
  return (
    <section className={ui.section}>
      <div className={ui.sectionHead}>
        <h2 className={ui.sectionTitle}>{title}</h2>
        {summary && <span className={ui.muted}>{summary}</span>}
      </div>
      <div className={ui.card}>{children}</div>
    </section>
  );
}

function CountChart({ kind, days }: { kind: StatKind; days: number }) {
  const { t } = useTranslation();
  const dayLabel = useDayLabel();
  const counts = useMasterCount(kind, days);
  const title = t(kind === 'count' ? 'earnings.activitiesChart' : 'earnings.signupsChart');
  const valueLabel = (count: number) => t(kind === 'count' ? 'earnings.countValue' : 'earnings.signupValue', { count });
  if (counts.isPending) return <Loading />;
  if (counts.isError) return <LoadFailed onRetry={() => void counts.refetch()} />;
  const total = counts.data.days.reduce((sum, d) => sum + d.count, 0);
  return (
    <ChartCard title={title} summary={t('earnings.inRange', { value: valueLabel(total) })}>
      <BarChart
        testId={`stats-chart-${kind}`}
        label={title}
        days={counts.data.days.map((d) => ({ day: d.day, value: d.count, text: String(d.count) }))}
        dayLabel={dayLabel}
        valueLabel={(text) => valueLabel(Number(text))}
      />
    </ChartCard>
  );
}

function EarningsChart({ asset, days }: { asset: string; days: number }) {
  const { t } = useTranslation();
  const dayLabel = useDayLabel();
  const earnings = useMasterEarnings(days, asset);
  const title = t('earnings.earningsChart', { asset });
  if (earnings.isPending) return <Loading />;
  if (earnings.isError) return <LoadFailed onRetry={() => void earnings.refetch()} />;
  // Exact for any asset: the server's strings never carry more places than the contract's amounts allow.
  const total = sumAmounts(
    earnings.data.days.map((d) => d.amount),
    MAX_PLACES,
  );
  return (
    <ChartCard
      title={title}
      summary={t('earnings.inRange', {
        value: t('earnings.amountValue', { amount: amountFigure(total, asset), asset }),
      })}
    >
      <BarChart
        testId={`stats-chart-earnings-${asset}`}
        label={title}
        days={earnings.data.days.map((d) => ({ day: d.day, value: Number(d.amount), text: d.amount }))}
        dayLabel={dayLabel}
        valueLabel={(amount) => t('earnings.amountValue', { amount: amountFigure(amount, asset), asset })}
      />
    </ChartCard>
  );
}

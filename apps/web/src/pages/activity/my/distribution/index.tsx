import { PullToRefresh, Tabs, Toast } from 'antd-mobile';
import { PieOutline } from 'antd-mobile-icons';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import {
  type MasterBalance,
  masterKeys,
  useActivityEarnings,
  useMasterBalances,
  useMasterInfo,
  useWithdraw,
  useWithdrawals,
} from '@/api/master.ts';
import { useAsset } from '@/api/wallet.ts';
import { Frame } from '@/app/Frame.tsx';
import { href, PATHS } from '@/app/paths.ts';
import { Button } from '@/components/Button.tsx';
import { SplitList } from '@/components/distribution/SplitList.tsx';
import { EmptyState } from '@/components/EmptyState.tsx';
import { MoreLoader } from '@/components/MoreLoader.tsx';
import { LoadFailed, Loading } from '@/components/QueryState.tsx';
import { Refreshable } from '@/components/Refreshable.tsx';
import { RequireLogin } from '@/components/RequireLogin.tsx';
import { useSecondFactor } from '@/components/SecondFactorField.tsx';
import { Sheet } from '@/components/Sheet.tsx';
import { TextField } from '@/components/TextField.tsx';
import { TradePasswordPrompt } from '@/components/TradePasswordPrompt.tsx';
import { tradeErrorOf, tradePasswordMissing } from '@/components/trade-errors.ts';
import ui from '@/components/ui.module.css';
import { isApiError } from '@/lib/api-error.ts';
import { checkWithdrawal } from '@/lib/earnings.ts';
import { formatDateAndTime } from '@/lib/format.ts';
import { useSettings } from '@/lib/settings.ts';
import { amountFigure, assetAmount, newIdempotencyKey } from '@/lib/wallet.ts';

const TOAST_MS = 3000;
const TABS = ['activities', 'withdrawals', 'splits'] as const;
type Tab = (typeof TABS)[number];
const PART_KEYS = { cohost: 'distribution.roleCohost', referrer: 'distribution.roleReferrer' } as const;

/**
 * SPEC §2 distribution: how ticket income is split, what is frozen in the payout hold and what is withdrawable per
 * asset, the withdrawal to the wallet, the per-activity earnings and withdrawals, and per activity the split rule
 * and my part (where the organizer edits the shares).
 */
export default function DistributionPage() {
  const { t } = useTranslation();
  return (
    <Frame title={t('earnings.distributionTitle')}>
      <RequireLogin>
        <Distribution />
      </RequireLogin>
    </Frame>
  );
}

function Distribution() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const info = useMasterInfo();
  const [tab, setTab] = useState<Tab>('activities');
  if (info.isPending) return <Loading testId="distribution-loading" />;
  if (info.isError) return <LoadFailed onRetry={() => void info.refetch()} message={info.error.message} />;
  if (info.data === null) {
    return (
      <EmptyState
        testId="distribution-not-creator"
        icon={<PieOutline />}
        title={t('earnings.notCreatorTitle')}
        body={t('earnings.notCreatorBody')}
      />
    );
  }
  return (
    <Refreshable pull={PullToRefresh} refresh={[masterKeys.all]}>
      <p className={ui.hint} style={{ margin: '0 4px 12px' }} data-testid="distribution-split">
        {t('earnings.split')}
      </p>
      <Balances />
      <button
        type="button"
        className={ui.sectionLink}
        style={{ marginTop: 8 }}
        onClick={() => navigate(PATHS.creatorStatistics)}
        data-testid="distribution-to-stats"
      >
        {t('earnings.toStatistics')}
      </button>
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(TABS.find((known) => known === key) ?? 'activities')}
        style={{ marginTop: 8 }}
      >
        <Tabs.Tab
          key="activities"
          title={<span data-testid="distribution-tab-activities">{t('earnings.tabActivities')}</span>}
        />
        <Tabs.Tab
          key="withdrawals"
          title={<span data-testid="distribution-tab-withdrawals">{t('earnings.tabWithdrawals')}</span>}
        />
        <Tabs.Tab key="splits" title={<span data-testid="distribution-tab-splits">{t('distribution.tab')}</span>} />
      </Tabs>
      {tab === 'activities' && <ActivityEarningsList />}
      {tab === 'withdrawals' && <WithdrawalList />}
      {tab === 'splits' && <SplitList />}
    </Refreshable>
  );
}

function Balances() {
  const { t } = useTranslation();
  const balances = useMasterBalances();
  const [withdrawing, setWithdrawing] = useState<MasterBalance | null>(null);
  if (balances.isPending) return <Loading />;
  if (balances.isError) return <LoadFailed onRetry={() => void balances.refetch()} />;
  if (balances.data.balances.length === 0) {
    return (
      <p className={`${ui.card} ${ui.muted}`} data-testid="distribution-no-balances">
        {t('earnings.noBalances')}
      </p>
    );
  }
  return (
    <>
      {balances.data.balances.map((balance) => (
        <section key={balance.asset} className={ui.card} data-testid="distribution-balance" data-asset={balance.asset}>
          <div className={ui.sectionHead} style={{ margin: '0 0 8px' }}>
            <h2 className={ui.rowTitle}>{balance.asset}</h2>
            <span className={ui.muted}>
              {t('earnings.earned')} {amountFigure(balance.earned, balance.asset)}
            </span>
          </div>
          <dl className={ui.kvList}>
            <div className={ui.kv}>
              <dt>{t('earnings.frozen')}</dt>
              <dd data-testid="balance-frozen">{amountFigure(balance.frozen, balance.asset)}</dd>
            </div>
            <div className={ui.kv}>
              <dt>{t('earnings.withdrawable')}</dt>
              <dd data-testid="balance-withdrawable">{amountFigure(balance.withdrawable, balance.asset)}</dd>
            </div>
            <div className={ui.kv}>
              <dt>{t('earnings.withdrawn')}</dt>
              <dd data-testid="balance-withdrawn">{amountFigure(balance.withdrawn, balance.asset)}</dd>
            </div>
          </dl>
          <Button
            variant="primary"
            block
            style={{ marginTop: 12 }}
            disabled={Number(balance.withdrawable) <= 0}
            onClick={() => setWithdrawing(balance)}
            data-testid="balance-withdraw"
          >
            {t('earnings.withdraw')}
          </Button>
        </section>
      ))}
      {withdrawing && <WithdrawSheet balance={withdrawing} onClose={() => setWithdrawing(null)} />}
    </>
  );
}

/** Amount (checked here and again by the server), then the trade password; one idempotency key per attempt. */
function WithdrawSheet({ balance, onClose }: { balance: MasterBalance; onClose(): void }) {
  const { t } = useTranslation();
  const decimals = useAsset(balance.asset).data?.decimals;
  const withdraw = useWithdraw();
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string>();
  const [tradeError, setTradeError] = useState<string>();
  const [step, setStep] = useState<'amount' | 'password'>('amount');
  const secondFactor = useSecondFactor('/open/master/withdraw');
  const key = useRef(newIdempotencyKey());

  const next = (event: FormEvent) => {
    event.preventDefault();
    if (decimals === undefined) return;
    const problem = checkWithdrawal(amount, balance.withdrawable, decimals, balance.asset);
    if (problem) return setError(t(problem.key, problem.params ?? {}));
    setError(undefined);
    setStep('password');
  };

  const send = (password: string, totp?: string) => {
    setTradeError(undefined);
    withdraw.mutate(
      { asset: balance.asset, amount: amount.trim(), tradePassword: password, idempotencyKey: key.current, totp },
      {
        onSuccess: (result) => {
          Toast.show({
            content: t('earnings.withdrawDone', {
              amount: amountFigure(result.withdrawal.amount, result.withdrawal.asset),
              asset: result.withdrawal.asset,
            }),
            duration: TOAST_MS,
          });
          onClose();
        },
        onError: (failure) => {
          if (secondFactor.handle(failure)) return;
          const trade = tradeErrorOf(failure);
          if (trade?.kind === 'wrong') return setTradeError(trade.message);
          if (trade?.kind === 'notSet') return tradePasswordMissing();
          // Anything else ends this attempt: the next one is a new request with a new key.
          key.current = newIdempotencyKey();
          setStep('amount');
          if (isApiError(failure) && failure.unreported) setError(failure.message);
        },
      },
    );
  };

  return (
    <>
      <Sheet visible={step === 'amount'} onClose={onClose}>
        <form className={ui.sheet} onSubmit={next} noValidate data-testid="withdraw-sheet">
          <h2 className={ui.sheetTitle}>{t('earnings.withdrawTitle', { asset: balance.asset })}</h2>
          <div className={ui.form}>
            <TextField
              id="withdraw-amount"
              testId="withdraw-amount"
              label={t('earnings.amount')}
              inputMode="decimal"
              value={amount}
              onChange={(value) => {
                setAmount(value);
                setError(undefined);
              }}
              error={error}
              suffix={
                <button
                  type="button"
                  className={ui.sectionLink}
                  onClick={() => setAmount(balance.withdrawable)}
                  data-testid="withdraw-all"
                >
                  {t('earnings.all')}
                </button>
              }
            />
          </div>
          {!error && (
            <p className={ui.hint}>
              {t('earnings.maxHint', {
                amount: amountFigure(balance.withdrawable, balance.asset),
                asset: balance.asset,
              })}
            </p>
          )}
          <div className={ui.actions}>
            <Button onClick={onClose}>{t('common.cancel')}</Button>
            <Button variant="primary" type="submit" disabled={decimals === undefined} data-testid="withdraw-next">
              {t('earnings.withdraw')}
            </Button>
          </div>
        </form>
      </Sheet>
      <TradePasswordPrompt
        visible={step === 'password'}
        title={t('tradePassword.enterTitle')}
        summary={t('earnings.promptSummary', { amount: amount.trim(), asset: balance.asset })}
        pending={withdraw.isPending}
        error={tradeError}
        secondFactor={secondFactor}
        onClose={() => setStep('amount')}
        onSubmit={send}
      />
    </>
  );
}

function ActivityEarningsList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const language = useSettings((state) => state.language);
  const earnings = useActivityEarnings();
  if (earnings.isPending) return <Loading />;
  if (earnings.isError) return <LoadFailed onRetry={() => void earnings.refetch()} />;
  const items = earnings.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <p className={ui.center} data-testid="activity-earnings-empty">
        {t('earnings.noActivityEarnings')}
      </p>
    );
  }
  return (
    <>
      <div className={ui.list} data-testid="activity-earnings">
        {items.map((item) => (
          <button
            type="button"
            key={`${item.activity.id}-${item.asset}-${item.role}`}
            className={ui.row}
            onClick={() => navigate(href(PATHS.activityDetails, { id: item.activity.id }))}
            data-testid="activity-earning"
          >
            <div className={ui.rowMain}>
              <p className={ui.rowTitle}>
                {item.activity.title}
                {item.role !== 'organizer' && (
                  <span className={`${ui.badge} ${ui.success}`} style={{ marginLeft: 6 }} data-testid="earning-role">
                    {t(PART_KEYS[item.role])}
                  </span>
                )}
              </p>
              <p className={ui.rowSub}>
                {item.releasedAt
                  ? t('earnings.released', { time: formatDateAndTime(item.releasedAt, language) })
                  : t('earnings.releaseAt', { time: formatDateAndTime(item.releaseAt, language) })}
              </p>
              {item.discounts.map((line) => (
                <p key={line.code} className={ui.rowSub} data-testid="earning-discount">
                  {t('earnings.discountLine', {
                    code: line.code,
                    count: line.tickets,
                    discount: assetAmount(line.discount, item.asset),
                  })}
                </p>
              ))}
            </div>
            <div className={ui.rowEnd}>
              <p className={ui.figure}>{assetAmount(item.amount, item.asset)}</p>
              <p className={ui.muted}>{item.releasedAt ? t('earnings.releasedState') : t('earnings.frozen')}</p>
            </div>
          </button>
        ))}
      </div>
      <MoreLoader query={earnings} end={t('earnings.endOfList')} />
    </>
  );
}

function WithdrawalList() {
  const { t } = useTranslation();
  const language = useSettings((state) => state.language);
  const withdrawals = useWithdrawals();
  if (withdrawals.isPending) return <Loading />;
  if (withdrawals.isError) return <LoadFailed onRetry={() => void withdrawals.refetch()} />;
  const items = withdrawals.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <p className={ui.center} data-testid="withdrawals-empty">
        {t('earnings.noWithdrawals')}
      </p>
    );
  }
  return (
    <>
      <div className={ui.list} data-testid="withdrawals">
        {items.map((item) => (
          <div key={item.id} className={ui.row} data-testid="withdrawal">
            <div className={ui.rowMain}>
              <p className={ui.rowTitle}>{t('earnings.withdraw')}</p>
              <p className={ui.rowSub}>{formatDateAndTime(item.at, language)}</p>
            </div>
            <div className={ui.rowEnd}>
              <p className={`${ui.figure} ${ui.up}`}>{assetAmount(item.amount, item.asset, { signed: true })}</p>
            </div>
          </div>
        ))}
      </div>
      <MoreLoader query={withdrawals} end={t('earnings.endOfList')} />
    </>
  );
}

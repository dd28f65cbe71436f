import { TOAST_DURATION_MS, VIP_PERIODS, type VipPeriod, type VipTierCode } from '@polaris/contract';
import { Selector, Toast } from 'antd-mobile';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useUpgradePrice,
  useVipOrders,
  useVipPurchase,
  useVipTiers,
  type VipMembership,
  type VipTier,
} from '@/api/vip.ts';
import { Frame } from '@/app/Frame.tsx';
import { alert } from '@/app/overlays.ts';
import { Button } from '@/components/Button.tsx';
import { MoreLoader } from '@/components/MoreLoader.tsx';
import { LoadFailed, Loading } from '@/components/QueryState.tsx';
import { RequireLogin } from '@/components/RequireLogin.tsx';
import { TradePasswordPrompt } from '@/components/TradePasswordPrompt.tsx';
import { tradeErrorOf, tradePasswordMissing } from '@/components/trade-errors.ts';
import ui from '@/components/ui.module.css';
import { VipBadge } from '@/components/VipBadge.tsx';
import { isApiError } from '@/lib/api-error.ts';
import { formatDateAndTime, formatFullDate } from '@/lib/format.ts';
import { useSession } from '@/lib/session.ts';
import { useSettings } from '@/lib/settings.ts';
import { daysLeft, offerFor, priceFor, type VipOffer } from '@/lib/vip.ts';
import { amountFigure, assetAmount, newIdempotencyKey } from '@/lib/wallet.ts';

/** Membership: my tier and its end, the three tiers to buy, renew or upgrade to, and my purchases. */
export default function VipPage() {
  const { t } = useTranslation();
  return (
    <Frame title={t('vip.title')}>
      <RequireLogin>
        <Membership />
      </RequireLogin>
    </Frame>
  );
}

interface Pending {
  tier: VipTier;
  offer: Exclude<VipOffer, 'lower'>;
  price: string;
}

function Membership() {
  const { t } = useTranslation();
  const language = useSettings((state) => state.language);
  const vip = useSession((state) => state.userInfo?.vip ?? null);
  const tiers = useVipTiers();
  const purchase = useVipPurchase();
  const [period, setPeriod] = useState<VipPeriod>('month');
  const [pending, setPending] = useState<Pending | null>(null);
  const [tradeError, setTradeError] = useState<string>();
  const idempotencyKey = useRef('');

  if (tiers.isPending) return <Loading testId="vip-loading" />;
  if (tiers.isError) return <LoadFailed onRetry={() => void tiers.refetch()} message={tiers.error.message} />;
  const items = tiers.data.items;
  const now = new Date();

  const choose = (next: Pending) => {
    idempotencyKey.current = newIdempotencyKey();
    setTradeError(undefined);
    setPending(next);
  };

  const submit = (tradePassword: string) => {
    if (!pending || purchase.isPending) return;
    const request =
      pending.offer === 'renew' && vip
        ? { action: 'renew' as const, tier: vip.tier, period, endsAt: vip.endsAt }
        : pending.offer === 'upgrade'
          ? { action: 'buy' as const, tier: pending.tier.code, period, price: pending.price }
          : { action: 'buy' as const, tier: pending.tier.code, period };
    purchase.mutate(
      { ...request, tradePassword, idempotencyKey: idempotencyKey.current },
      {
        onSuccess: (result) => {
          setPending(null);
          const tier = t(`vip.tier.${result.vip.tier}`);
          const date = formatFullDate(result.vip.endsAt, language);
          Toast.show({ content: t(`vip.done.${pending.offer}`, { tier, date }), duration: TOAST_DURATION_MS });
        },
        onError: (error) => {
          const trade = tradeErrorOf(error);
          if (trade?.kind === 'wrong') return setTradeError(trade.message);
          if (trade?.kind === 'notSet') return tradePasswordMissing();
          setPending(null);
          if (isApiError(error) && error.unreported) {
            void alert({ content: error.message, confirmText: t('common.confirm') });
          }
        },
      },
    );
  };

  const summary = pending
    ? t(`vip.summary.${pending.offer}`, {
        tier: t(`vip.tier.${pending.tier.code}`),
        period: t(`vip.unit.${period}`),
        price: amountFigure(pending.price, pending.tier.asset),
        asset: pending.tier.asset,
        date: vip ? formatFullDate(vip.endsAt, language) : '',
      })
    : undefined;

  return (
    <>
      <Current vip={vip} />
      <section className={ui.section} aria-labelledby="vip-tiers">
        <div className={ui.sectionHead}>
          <h2 className={ui.sectionTitle} id="vip-tiers">
            {t('vip.tiers')}
          </h2>
        </div>
        <Selector
          style={{ marginBottom: 12 }}
          options={VIP_PERIODS.map((value) => ({ label: t(`vip.period.${value}`), value }))}
          value={[period]}
          onChange={(values) => values[0] && setPeriod(values[0])}
          data-testid="vip-period"
        />
        {items.map((tier) => (
          <TierCard
            key={tier.code}
            tier={tier}
            period={period}
            offer={offerFor(tier, vip, items, now)}
            onChoose={choose}
          />
        ))}
        {vip?.status === 'active' && <p className={ui.hint}>{t('vip.upgradeHint')}</p>}
      </section>
      <Orders />
      <TradePasswordPrompt
        visible={pending !== null}
        title={t('tradePassword.enterTitle')}
        summary={summary}
        pending={purchase.isPending}
        error={tradeError}
        onClose={() => {
          if (!purchase.isPending) setPending(null);
          setTradeError(undefined);
        }}
        onSubmit={submit}
      />
    </>
  );
}

function Current({ vip }: { vip: VipMembership | null }) {
  const { t } = useTranslation();
  const language = useSettings((state) => state.language);
  const now = new Date();
  const left = daysLeft(vip, now);
  const tier = vip ? t(`vip.tier.${vip.tier}`) : '';
  const date = vip ? formatFullDate(vip.endsAt, language) : '';
  return (
    <section className={ui.card} aria-labelledby="vip-current" data-testid="vip-current">
      {!vip ? (
        <>
          <h2 className={ui.rowTitle} id="vip-current">
            {t('vip.current.none')}
          </h2>
          <p className={ui.hint}>{t('vip.current.noneHint')}</p>
        </>
      ) : left > 0 ? (
        <>
          <h2 className={ui.rowTitle} id="vip-current">
            <VipBadge vip={vip} /> {t('vip.current.active', { tier })}
          </h2>
          <p className={ui.hint} data-testid="vip-until">
            {t('vip.current.until', { date, count: left })}
          </p>
        </>
      ) : (
        <>
          <h2 className={ui.rowTitle} id="vip-current">
            {t('vip.current.ended', { tier, date })}
          </h2>
          <p className={ui.hint}>{t('vip.current.endedHint')}</p>
        </>
      )}
    </section>
  );
}

function TierCard({
  tier,
  period,
  offer,
  onChoose,
}: {
  tier: VipTier;
  period: VipPeriod;
  offer: VipOffer;
  onChoose(pending: Pending): void;
}) {
  const { t } = useTranslation();
  const upgrade = useUpgradePrice(tier.code as VipTierCode, offer === 'upgrade');
  const name = t(`vip.tier.${tier.code}`);
  const price = priceFor(tier, period);
  const upgradePrice = upgrade.data?.upgradePrice ?? null;
  return (
    <article className={ui.card} aria-labelledby={`vip-tier-${tier.code}`} data-testid={`vip-tier-${tier.code}`}>
      <h3 className={ui.rowTitle} id={`vip-tier-${tier.code}`}>
        {name}
      </h3>
      <p className={ui.figure} data-testid={`vip-price-${tier.code}`}>
        {t(`vip.per.${period}`, { price: amountFigure(price, tier.asset), asset: tier.asset })}
      </p>
      <ul className={ui.hint} style={{ paddingLeft: 18, margin: '4px 0 12px' }}>
        <li>{t('vip.perks.redPacket', { times: tier.redPacketMultiplier })}</li>
        <li>{t('vip.perks.withdrawFee', { percent: tier.withdrawFeeDiscount })}</li>
        <li>{t('vip.perks.badge', { tier: name })}</li>
      </ul>
      {offer === 'lower' ? (
        <Button block disabled data-testid={`vip-action-${tier.code}`} data-offer={offer}>
          {t('vip.action.lower')}
        </Button>
      ) : offer === 'upgrade' ? (
        <Button
          variant="primary"
          block
          loading={upgrade.isPending}
          disabled={upgradePrice === null}
          onClick={() => {
            if (upgradePrice) onChoose({ tier, offer, price: upgradePrice });
          }}
          data-testid={`vip-action-${tier.code}`}
          data-offer={offer}
        >
          {upgradePrice
            ? t('vip.action.upgrade', { price: amountFigure(upgradePrice, tier.asset), asset: tier.asset })
            : t('vip.action.upgradeLoading')}
        </Button>
      ) : (
        <Button
          variant="primary"
          block
          onClick={() => onChoose({ tier, offer, price })}
          data-testid={`vip-action-${tier.code}`}
          data-offer={offer}
        >
          {offer === 'renew' ? t('vip.action.renew') : t('vip.action.buy')}
        </Button>
      )}
    </article>
  );
}

function Orders() {
  const { t } = useTranslation();
  const language = useSettings((state) => state.language);
  const orders = useVipOrders();
  const items = orders.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section className={ui.section} aria-labelledby="vip-records">
      <div className={ui.sectionHead}>
        <h2 className={ui.sectionTitle} id="vip-records">
          {t('vip.records')}
        </h2>
      </div>
      {orders.isPending ? (
        <Loading />
      ) : orders.isError ? (
        <LoadFailed onRetry={() => void orders.refetch()} />
      ) : items.length === 0 ? (
        <p className={ui.hint} data-testid="vip-records-empty">
          {t('vip.recordsEmpty')}
        </p>
      ) : (
        <ul className={ui.list} style={{ margin: 0, padding: 0, listStyle: 'none' }} data-testid="vip-records">
          {items.map((order) => (
            <li key={order.id} className={ui.row} data-testid="vip-record" data-kind={order.kind}>
              <div className={ui.rowMain}>
                <p className={ui.rowTitle}>
                  {t(`vip.kind.${order.kind}`, { tier: t(`vip.tier.${order.tier}`) })}
                  {order.period && ` · ${t(`vip.period.${order.period}`)}`}
                </p>
                <p className={ui.rowSub}>{formatDateAndTime(order.createdAt, language)}</p>
              </div>
              <span className={`${ui.rowEnd} ${ui.down}`}>-{assetAmount(order.amount, order.asset)}</span>
            </li>
          ))}
        </ul>
      )}
      <MoreLoader query={orders} enabled={items.length > 0} />
    </section>
  );
}

import type { Activity, PromoCode } from '@polaris/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useDisablePromo, usePromoCodes } from '@/api/activity-promo.ts';
import { confirm } from '@/app/overlays.ts';
import { formatWhen } from '@/components/activity/time.ts';
import { Button } from '@/components/Button.tsx';
import { toastUnreported } from '@/components/form-errors.ts';
import styles from '@/components/host/host.module.css';
import { LoadFailed, Loading } from '@/components/QueryState.tsx';
import { useSettings } from '@/lib/settings.ts';
import { assetAmount } from '@/lib/wallet.ts';

/** "20 % off", "3 USDT off", "Free". */
function promoOffText(promo: PromoCode, t: TFunction) {
  if (promo.kind === 'percent') return t('promo.off.percent', { n: promo.percentOff });
  if (promo.kind === 'amount')
    return t('promo.off.amount', { amount: assetAmount(promo.amountOff ?? '0', promo.asset ?? '') });
  return t('promo.off.free');
}

/** The activity's codes, each with what it gives, for which types, its uses of the maximum, its window. */
export function PromoCodeList({ activity }: { activity: Activity }) {
  const { t } = useTranslation();
  const codes = usePromoCodes(activity.id);
  if (codes.isPending) return <Loading />;
  if (codes.isError) return <LoadFailed onRetry={() => void codes.refetch()} message={codes.error.message} />;
  return (
    <section className={styles.section} aria-labelledby="promo-list-title">
      <h2 className={styles.sectionTitle} id="promo-list-title">
        {t('promo.title')}
      </h2>
      {codes.data.items.length === 0 ? (
        <p className={styles.hint} data-testid="promo-empty">
          {t('promo.empty')}
        </p>
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} data-testid="promo-list">
          {codes.data.items.map((promo) => (
            <PromoRow key={promo.id} activity={activity} promo={promo} />
          ))}
        </ul>
      )}
    </section>
  );
}

function PromoRow({ activity, promo }: { activity: Activity; promo: PromoCode }) {
  const { t } = useTranslation();
  const language = useSettings((state) => state.language);
  const disable = useDisablePromo(activity.id);
  const typeNames =
    promo.ticketTypeIds.length === 0
      ? t('promo.allTypes')
      : promo.ticketTypeIds.map((id) => activity.ticketTypes.find((type) => type.id === id)?.name ?? id).join(', ');
  const window = [
    promo.validFrom && t('promo.from', { date: formatWhen(promo.validFrom, activity.timezone, language) }),
    promo.validUntil && t('promo.until', { date: formatWhen(promo.validUntil, activity.timezone, language) }),
  ].filter(Boolean);
  const ask = async () => {
    const ok = await confirm({
      title: t('promo.disableTitle', { code: promo.code }),
      content: t('promo.disableBody'),
      confirmText: t('promo.disable'),
      cancelText: t('common.cancel'),
      danger: true,
    });
    if (ok) disable.mutate(promo.id, { onError: (error) => toastUnreported(error) });
  };
  return (
    <li
      className={styles.person}
      id={`promo-${promo.id}`}
      tabIndex={-1}
      data-testid="promo-row"
      data-code={promo.code}
      data-disabled={promo.disabled}
    >
      <div className={styles.personMain}>
        <div className={styles.personName}>
          {promo.code}
          {promo.disabled ? ` · ${t('promo.disabled')}` : ''}
        </div>
        <div className={styles.personMeta}>
          {promoOffText(promo, t)} · {typeNames}
        </div>
        <div className={styles.personMeta} data-testid="promo-uses">
          {t('promo.uses', { uses: promo.uses, max: promo.maxUses })}
          {window.length > 0 ? ` · ${window.join(' ')}` : ''}
        </div>
      </div>
      {!promo.disabled && (
        <Button size="small" variant="danger" onClick={() => void ask()} data-testid="promo-disable">
          {t('promo.disable')}
        </Button>
      )}
    </li>
  );
}

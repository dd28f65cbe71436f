import type { Activity } from '@polaris/contract';
import { useTranslation } from 'react-i18next';
import ui from '@/components/activity/activity.module.css';
import { assetAmount } from '@/lib/wallet.ts';
import styles from './details.module.css';
import { PromoCodeField } from './PromoCodeField.tsx';
import { isZeroAmount, promoPriceOf } from './promo-pricing.ts';
import { liveRegistration, priceText, type SignUpFlow } from './useSignUpFlow.ts';

/** The ticket types with price and what is left; one is chosen for signing up (none while I hold a ticket). */
export function TicketTypes({ activity, flow }: { activity: Activity; flow: SignUpFlow }) {
  const { t } = useTranslation();
  const live = liveRegistration(activity);
  // Hosts do not sign up to their own activity: the types are shown, none chosen.
  const ticket = activity.can.manage ? null : flow.ticket;
  if (flow.types.length === 0) return null;
  return (
    <section className={ui.section}>
      <h2 className={ui.sectionTitle} style={{ margin: '0 4px 8px' }}>
        {t('activity.tickets')}
      </h2>
      <fieldset style={{ border: 0, margin: 0, padding: 0 }}>
        {flow.types.map((type) => {
          const promoPrice = promoPriceOf(flow.promo, type.id);
          const left = type.capacity === null ? null : Math.max(0, type.capacity - type.sold);
          return (
            <button
              key={type.id}
              type="button"
              aria-pressed={ticket?.id === type.id}
              disabled={!type.onSale || !!live}
              className={`${styles.ticket} ${ticket?.id === type.id && !live ? styles.ticketOn : ''}`}
              onClick={() => flow.choose(type.id)}
              data-testid={`ticket-type-${type.id}`}
            >
              <span>
                <strong>{type.name}</strong>
                {type.hidden && <span className={ui.muted}> · {t('promo.hiddenTag')}</span>}
                <br />
                <span className={ui.muted}>
                  {!type.onSale
                    ? t('activity.notOnSale')
                    : left === null
                      ? t('activity.open')
                      : left === 0
                        ? t('activity.soldOut')
                        : t('activity.left', { count: left })}
                </span>
              </span>
              <span className={ui.price} data-testid="ticket-price">
                {promoPrice && !isZeroAmount(promoPrice.discount) ? (
                  <>
                    <s className={styles.strike}>{priceText(type, t)}</s>
                    {type.asset ? assetAmount(promoPrice.pay, type.asset) : promoPrice.pay}
                  </>
                ) : (
                  priceText(type, t)
                )}
              </span>
            </button>
          );
        })}
      </fieldset>
      {!activity.can.manage && !live && activity.can.signUp && <PromoCodeField flow={flow} />}
    </section>
  );
}

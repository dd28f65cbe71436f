import { useTranslation } from 'react-i18next';
import { useSecurityHolds } from '@/api/money-gates.ts';
import { formatDateAndTime } from '@/lib/format.ts';
import { useSettings } from '@/lib/settings.ts';
import styles from './money-gates.module.css';

/**
 * Why money cannot leave the account now and until when (docs/security-centre.md, "Holds after security changes"),
 * before the user types anything: on the transfer page and in the security centre. Nothing when nothing holds it.
 */
export function HoldNotice() {
  const { t } = useTranslation();
  const language = useSettings((state) => state.language);
  const holds = useSecurityHolds();
  if (!holds.data || holds.data.holds.length === 0) return null;
  return (
    <div className={styles.notice} role="status" data-testid="hold-notice">
      <strong>{t('moneyGates.heldTitle')}</strong>
      {holds.data.frozen ? (
        <p>{t('moneyGates.frozen')}</p>
      ) : (
        holds.data.holds.map((hold) => (
          <p key={`${hold.reason}-${hold.since}`} data-testid="hold-line">
            {t('moneyGates.heldUntil', {
              time: formatDateAndTime(hold.until, language),
              reason: t(`moneyGates.reason.${hold.reason}`),
            })}
          </p>
        ))
      )}
    </div>
  );
}

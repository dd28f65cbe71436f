import type { DepositTerms, DepositView } from '@polaris/contract';
import { useTranslation } from 'react-i18next';
import { useDeposit } from '@/api/deposit.ts';
import styles from '@/components/activity/details/details.module.css';
import { formatWhen } from '@/components/activity/time.ts';
import { useSettings } from '@/lib/settings.ts';
import { assetAmount } from '@/lib/wallet.ts';
import { depositRule, myDepositKey } from './deposit-text.ts';

/** The deposit and its rule, said before anyone signs up (the sign-up sheet) and on the ticket. */
export function DepositNotice({ terms, timezone, testId }: { terms: DepositTerms; timezone: string; testId: string }) {
  const { t } = useTranslation();
  const language = useSettings((state) => state.language);
  const amount = assetAmount(terms.amount, terms.asset);
  return (
    <p className={styles.notice} data-testid={testId} data-forfeit={terms.forfeit}>
      <strong>{t('noShowDeposit.title')}</strong>{' '}
      {depositRule(terms, t, amount, formatWhen(terms.cancelBy, timezone, language))}
    </p>
  );
}

/** On my ticket: the activity's deposit rule and where my own deposit is now. */
export function MyDeposit({ activityId, timezone }: { activityId: string; timezone: string }) {
  const deposit = useDeposit(activityId);
  if (!deposit.data?.deposit) return null;
  return (
    <>
      <DepositNotice terms={deposit.data.deposit} timezone={timezone} testId="ticket-deposit-rule" />
      {deposit.data.mine && <MyDepositState mine={deposit.data.mine} />}
    </>
  );
}

function MyDepositState({ mine }: { mine: NonNullable<DepositView['mine']> }) {
  const { t } = useTranslation();
  return (
    <p className={styles.notice} role="status" data-testid="ticket-deposit-state" data-state={mine.state}>
      {t(myDepositKey(mine), { amount: assetAmount(mine.amount, mine.asset) })}
    </p>
  );
}

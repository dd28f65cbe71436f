import { useTranslation } from 'react-i18next';
import { type Bounty, useBountySubmissions } from '@/api/bounty.ts';
import ui from '@/components/ui.module.css';
import { RecordLink } from '@/components/wallet/RecordLink.tsx';
import { formatDateAndTime } from '@/lib/format.ts';
import { useSettings } from '@/lib/settings.ts';
import { assetAmount } from '@/lib/wallet.ts';
import { SubmissionBadge } from '../BountyBits.tsx';
import styles from '../bounty.module.css';

/**
 * Where my latest submission stands: waiting for review, paid (the amount and the payout's ledger entry), or
 * rejected with the creator's reason (the form below then offers another try while the bounty is open).
 */
export function MySubmission({ bounty }: { bounty: Bounty }) {
  const { t } = useTranslation();
  const language = useSettings((state) => state.language);
  const mine = bounty.mySubmission;
  const submissions = useBountySubmissions(mine ? bounty.id : '');
  if (!mine) return null;
  const detail = submissions.data?.pages.flatMap((page) => page.items).find((item) => item.id === mine.id);
  return (
    <section className={ui.card} data-testid="bounty-my-submission" data-state={mine.state}>
      <div className={styles.cardHead}>
        <h2 className={styles.panelTitle} style={{ margin: 0 }}>
          {t('bounty.mine.mySubmission')}
        </h2>
        <SubmissionBadge state={mine.state} />
      </div>
      <p className={ui.hint} style={{ marginTop: 8 }}>
        {t(`bounty.mine.explain.${mine.state}`)}
      </p>
      {mine.state === 'rejected' && mine.reason && (
        <p className={styles.notice} style={{ marginTop: 8 }} data-testid="bounty-my-reason">
          {t('bounty.mine.reason', { reason: mine.reason })}
        </p>
      )}
      {detail && (
        <dl className={ui.kvList} style={{ marginTop: 8 }}>
          {detail.amount && (
            <div className={ui.kv}>
              <dt>{t('bounty.mine.paid')}</dt>
              <dd className={ui.up} data-testid="bounty-my-amount">
                {assetAmount(detail.amount, bounty.asset, { signed: true })}
              </dd>
            </div>
          )}
          {detail.entryId && (
            <div className={ui.kv}>
              <dt>{t('bounty.entry')}</dt>
              <dd>
                <RecordLink asset={bounty.asset} reference={detail.entryId} testId="bounty-my-entry" />
              </dd>
            </div>
          )}
          <div className={ui.kv}>
            <dt>{t('bounty.mine.submittedAt')}</dt>
            <dd>{formatDateAndTime(detail.createdAt, language)}</dd>
          </div>
        </dl>
      )}
    </section>
  );
}

import { FileOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { type MineItem, type MineRole, useMyBounties } from '@/api/bounty.ts';
import { href, PATHS } from '@/app/paths.ts';
import { Button } from '@/components/Button.tsx';
import { EmptyState } from '@/components/EmptyState.tsx';
import { MoreLoader } from '@/components/MoreLoader.tsx';
import { LoadFailed, Loading } from '@/components/QueryState.tsx';
import ui from '@/components/ui.module.css';
import { amountFigure } from '@/lib/wallet.ts';
import { SubmissionBadge } from './BountyBits.tsx';
import { BountyCard } from './BountyCard.tsx';
import styles from './bounty.module.css';

/** My bounties: those I created (with what waits for review) or those I submitted to (with my submission's state). */
export function MineList({ role }: { role: MineRole }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mine = useMyBounties(role);
  if (mine.isPending) return <Loading testId="bounty-mine-loading" />;
  if (mine.isError) return <LoadFailed onRetry={() => void mine.refetch()} message={mine.error.message} />;
  const items = mine.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <EmptyState
        testId={`bounty-mine-empty-${role}`}
        icon={<FileOutline />}
        title={t(`bounty.mine.empty.${role}Title`)}
        body={t(`bounty.mine.empty.${role}Body`)}
        action={
          <Button
            variant="primary"
            onClick={() => navigate(role === 'created' ? PATHS.bountyCreate : PATHS.bountyList)}
          >
            {role === 'created' ? t('bounty.home.postOne') : t('bounty.home.browse')}
          </Button>
        }
      />
    );
  }
  return (
    <>
      <ul className={styles.list} data-testid={`bounty-mine-${role}`}>
        {items.map((item) => (
          <MineRow key={`${item.bounty.id}-${item.submission?.id ?? ''}`} item={item} role={role} />
        ))}
      </ul>
      <MoreLoader query={mine} />
    </>
  );
}

function MineRow({ item, role }: { item: MineItem; role: MineRole }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { bounty, submission } = item;
  return (
    <li className={styles.mineItem} data-testid="bounty-mine-item" data-id={bounty.id}>
      <BountyCard bounty={bounty} />
      {role === 'created' && (bounty.pendingCount > 0 || bounty.paidCount > 0) && (
        <div className={styles.mineFoot}>
          <span className={ui.hint}>
            {t('bounty.mine.createdSummary', { pending: bounty.pendingCount, paid: bounty.paidCount })}
          </span>
          {bounty.pendingCount > 0 && (
            <button
              type="button"
              className={ui.link}
              onClick={() => navigate(href(PATHS.bountyManage, { id: bounty.id }))}
              data-testid="bounty-mine-review"
            >
              {t('bounty.mine.review')}
            </button>
          )}
        </div>
      )}
      {role === 'submitted' && submission && (
        <div className={styles.mineFoot}>
          <span className={ui.hint}>
            {submission.state === 'approved' && submission.amount
              ? t('bounty.mine.earned', { amount: amountFigure(submission.amount, bounty.asset), asset: bounty.asset })
              : submission.state === 'rejected' && submission.reason
                ? t('bounty.mine.reason', { reason: submission.reason })
                : t(`bounty.mine.explain.${submission.state}`)}
          </span>
          <SubmissionBadge state={submission.state} />
        </div>
      )}
    </li>
  );
}

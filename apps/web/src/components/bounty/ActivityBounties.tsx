import type { Activity } from '@polaris/contract';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useBountyList } from '@/api/bounty.ts';
import { href, PATHS } from '@/app/paths.ts';
import activityUi from '@/components/activity/activity.module.css';
import ui from '@/components/ui.module.css';
import { assetAmount } from '@/lib/wallet.ts';
import styles from './bounty.module.css';

/**
 * The activity details page's "Bounties": for those taking part (a registration) and its organizers, up to three
 * of the activity's open bounties as one line each (title, reward), each opening its detail. Nothing at all when
 * there are none, so the page of an activity without bounties is unchanged.
 */
export function ActivityBounties({ activity }: { activity: Activity }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const involved = activity.myRegistration !== null || activity.can.manage;
  const list = useBountyList({ activityId: activity.id, state: 'open' }, 3, involved);
  const items = involved ? (list.data?.pages[0]?.items ?? []).slice(0, 3) : [];
  if (items.length === 0) return null;
  return (
    <section className={activityUi.section} data-testid="activity-bounties">
      <h2 className={activityUi.sectionTitle} style={{ margin: '0 4px 8px' }}>
        {t('bounty.activity.section')}
      </h2>
      <ul className={ui.list} style={{ margin: 0, padding: 0, listStyle: 'none' }}>
        {items.map((bounty) => (
          <li key={bounty.id} className={ui.row} style={{ minHeight: 52, padding: 0 }}>
            <button
              type="button"
              className={ui.row}
              onClick={() => navigate(href(PATHS.bountyDetail, { id: bounty.id }))}
              data-testid="activity-bounty"
              data-id={bounty.id}
            >
              <span className={`${ui.rowMain} ${styles.oneLine}`}>{bounty.title}</span>
              <span className={styles.rowReward} title={t('bounty.fields.perWinner')}>
                {assetAmount(bounty.perWinner, bounty.asset)}
              </span>
              <RightOutline aria-hidden style={{ color: 'var(--adm-color-light)' }} />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

import type { Activity } from '@polaris/contract';
import { useTranslation } from 'react-i18next';
import { useBountyList } from '@/api/bounty.ts';
import ui from '@/components/activity/activity.module.css';
import { BountyCard } from './BountyCard.tsx';
import styles from './bounty.module.css';

/**
 * The activity details page's "Bounties": for those taking part (a registration) and its organizers, the
 * activity's open bounties, each opening its detail. Nothing at all when there are none.
 */
export function ActivityBounties({ activity }: { activity: Activity }) {
  const { t } = useTranslation();
  const involved = activity.myRegistration !== null || activity.abilities.manage;
  const list = useBountyList({ activityId: activity.id, state: 'open' }, 3, involved);
  const items = involved ? (list.data?.pages[0]?.items ?? []) : [];
  if (items.length === 0) return null;
  return (
    <section className={ui.section} data-testid="activity-bounties">
      <h2 className={ui.sectionTitle} style={{ margin: '0 4px 8px' }}>
        {t('bounty.activity.section')}
      </h2>
      <ul className={styles.list}>
        {items.map((bounty) => (
          <li key={bounty.id}>
            <BountyCard bounty={bounty} />
          </li>
        ))}
      </ul>
    </section>
  );
}

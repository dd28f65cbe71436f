import type { Activity } from '@polaris/contract';
import { PullToRefresh } from 'antd-mobile';
import { AddOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { bountyKeys } from '@/api/bounty.ts';
import { href, PATHS } from '@/app/paths.ts';
import { Button } from '@/components/Button.tsx';
import { BountyList } from '@/components/bounty/BountyList.tsx';
import styles from '@/components/bounty/bounty.module.css';
import { ManageShell } from '@/components/host/ManageShell.tsx';
import { Refreshable } from '@/components/Refreshable.tsx';
import ui from '@/components/ui.module.css';

/**
 * /pages/activity/manage/assembly/overview/task-bounty/index?id= — the activity's bounties, every state, and
 * "add a bounty" (for its checked-in attendees by default). Back goes to the manage page (ManageShell).
 */
export default function TaskBountyPage() {
  const { t } = useTranslation();
  return (
    <ManageShell title={t('bounty.activity.title')}>{(activity) => <TaskBounty activity={activity} />}</ManageShell>
  );
}

function TaskBounty({ activity }: { activity: Activity }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const add = () => navigate(href(PATHS.bountyCreate, { activityId: activity.id }));
  return (
    <Refreshable pull={PullToRefresh} refresh={[bountyKeys.all]}>
      <section className={ui.card} style={{ marginBottom: 12 }}>
        <h2 className={styles.panelTitle} data-testid="task-bounty-activity">
          {activity.title}
        </h2>
        <p className={ui.hint} style={{ marginBottom: 12 }}>
          {t('bounty.activity.intro')}
        </p>
        <Button variant="primary" block onClick={add} data-testid="task-bounty-add">
          <AddOutline aria-hidden /> {t('bounty.activity.add')}
        </Button>
      </section>
      <BountyList
        filter={{ activityId: activity.id, state: 'all' }}
        testId="task-bounty-list"
        empty={{ title: t('bounty.activity.emptyTitle'), body: t('bounty.activity.emptyBody') }}
      />
    </Refreshable>
  );
}

import { Button } from 'antd-mobile';
import { AddCircleOutline, CalendarOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Frame } from '@/app/Frame.tsx';
import { useCreateActivity } from '@/app/useCreateActivity.ts';
import { EmptyState } from '@/components/EmptyState.tsx';
import { formatMonthDay, formatWeekday } from '@/lib/format.ts';
import { useSettings } from '@/lib/settings.ts';
import styles from './home.module.css';

/** Activity home (tab 0). Discovery arrives with the activity issue; until then, an honest empty state. */
export default function ActivityHomePage() {
  const { t } = useTranslation();
  const language = useSettings((state) => state.language);
  const createActivity = useCreateActivity();
  const now = new Date();
  return (
    <Frame title={t('activityHome.title')} back={false}>
      <div className={styles.hero}>
        <p className={styles.date}>
          {t('activityHome.today', { date: formatMonthDay(now, language), weekday: formatWeekday(now, language) })}
        </p>
        <p className={styles.title}>
          <span className={styles.accent}>{t('app.name')}</span> · {t('activityHome.title')}
        </p>
      </div>
      <EmptyState
        testId="activity-empty"
        icon={<CalendarOutline />}
        title={t('activityHome.emptyTitle')}
        body={t('activityHome.emptyBody')}
        action={
          <Button color="primary" shape="rounded" onClick={createActivity} data-testid="activity-create">
            <AddCircleOutline aria-hidden /> {t('activityHome.create')}
          </Button>
        }
      />
    </Frame>
  );
}

import { CalendarOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useActivityList } from '@/api/activity.ts';
import type { ListFilter } from '@/api/activity-requests.ts';
import { EmptyState } from '@/components/EmptyState.tsx';
import { MoreLoader } from '@/components/MoreLoader.tsx';
import { LoadFailed, Loading } from '@/components/QueryState.tsx';
import { ActivityCard } from './ActivityCard.tsx';
import styles from './activity.module.css';

/** How many cards a 390 × 844 phone shows before scrolling: their covers load at once, the others lazily. */
const FIRST_VISIBLE_CARDS = 4;

/** The public list for a filter, page by page over the server's cursor, with loading, failure and empty states. */
export function ActivityList({ filter, empty }: { filter: ListFilter; empty?: ReactNode }) {
  const { t } = useTranslation();
  const list = useActivityList(filter);
  if (list.isPending) return <Loading testId="activity-loading" />;
  if (list.isError) return <LoadFailed onRetry={() => void list.refetch()} message={list.error.message} />;
  const items = list.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      empty ?? (
        <EmptyState
          testId="activity-list-empty"
          icon={<CalendarOutline />}
          title={t('activity.emptyTitle')}
          body={t('activity.emptyBody')}
        />
      )
    );
  }
  return (
    <>
      <ul className={styles.list} data-testid="activity-list" style={{ opacity: list.isPlaceholderData ? 0.5 : 1 }}>
        {items.map((item, index) => (
          <li key={item.id}>
            <ActivityCard activity={item} priority={index < FIRST_VISIBLE_CARDS} />
          </li>
        ))}
      </ul>
      <MoreLoader query={list} end={t('activity.end')} endTestId="activity-list-end" />
    </>
  );
}

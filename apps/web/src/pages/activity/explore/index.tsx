import type { ActivitySummary } from '@polaris/contract';
import { PullToRefresh } from 'antd-mobile';
import { CalendarOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { activityKeys, useExplore } from '@/api/activity.ts';
import { Frame } from '@/app/Frame.tsx';
import { href, PATHS } from '@/app/paths.ts';
import { ActivityCard } from '@/components/activity/ActivityCard.tsx';
import ui from '@/components/activity/activity.module.css';
import { Chip } from '@/components/activity/Chip.tsx';
import { usePrefs } from '@/components/activity/city-store.ts';
import { EmptyState } from '@/components/EmptyState.tsx';
import { LoadFailed, Loading } from '@/components/QueryState.tsx';
import { Refreshable } from '@/components/Refreshable.tsx';
import { cityLabel } from '@/lib/city-name.ts';

/** Explore: featured, this week, free, and the categories with upcoming activities in the preferred city. */
export default function ExplorePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const city = usePrefs((state) => state.city);
  const cityNames = usePrefs((state) => state.cityNames);
  const explore = useExplore(city);
  const section = (key: string, title: string, items: ActivitySummary[], more?: string) =>
    items.length > 0 && (
      <section className={ui.section} data-testid={`explore-${key}`}>
        <div className={ui.sectionHead}>
          <h2 className={ui.sectionTitle}>{title}</h2>
          {more && (
            <button type="button" className={ui.link} onClick={() => navigate(more)}>
              {t('activity.more')}
            </button>
          )}
        </div>
        <ul className={ui.list}>
          {items.map((item) => (
            <li key={item.id}>
              <ActivityCard activity={item} />
            </li>
          ))}
        </ul>
      </section>
    );
  return (
    <Frame title={t('activity.explore')}>
      <Refreshable pull={PullToRefresh} refresh={[activityKeys.all]}>
        <p className={ui.muted}>
          {t('activity.inCity', { city: cityLabel(city, cityNames) || t('activity.allCities') })}
        </p>
        {explore.isPending ? (
          <Loading testId="explore-loading" />
        ) : explore.isError ? (
          <LoadFailed onRetry={() => void explore.refetch()} message={explore.error.message} />
        ) : explore.data.categories.length === 0 ? (
          <EmptyState
            testId="explore-empty"
            icon={<CalendarOutline />}
            title={t('activity.emptyTitle')}
            body={t('activity.emptyBody')}
          />
        ) : (
          <>
            <div className={ui.chips} data-testid="explore-categories">
              {explore.data.categories
                .filter((item) => item.count > 0)
                .map((item) => (
                  <Chip
                    key={item.category}
                    on={false}
                    onClick={() => navigate(href(PATHS.categoryBrowse, { category: item.category }))}
                    testId={`explore-category-${item.category}`}
                  >
                    {t(`activity.category.${item.category}`)} {item.count}
                  </Chip>
                ))}
            </div>
            {section('featured', t('activity.featured'), explore.data.featured)}
            {section(
              'week',
              t('activity.thisWeek'),
              explore.data.thisWeek,
              href(PATHS.categoryBrowse, { when: 'week' }),
            )}
            {section('free', t('activity.freeOnes'), explore.data.free, href(PATHS.categoryBrowse, { free: 1 }))}
          </>
        )}
      </Refreshable>
    </Frame>
  );
}

import { ACTIVITY_CATEGORIES, type ActivityCategory } from '@polaris/contract';
import {
  AddCircleOutline,
  AppstoreOutline,
  CalendarOutline,
  DownOutline,
  EnvironmentOutline,
  GiftOutline,
  UnorderedListOutline,
} from 'antd-mobile-icons';
import { type CSSProperties, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { activityKeys, useCities } from '@/api/activity.ts';
import { homeListFilter } from '@/api/activity-requests.ts';
import { Frame } from '@/app/Frame.tsx';
import { PATHS } from '@/app/paths.ts';
import { useCreateActivity } from '@/app/useCreateActivity.ts';
import { ActivityList } from '@/components/activity/ActivityList.tsx';
import ui from '@/components/activity/activity.module.css';
import { Chip } from '@/components/activity/Chip.tsx';
import { usePrefs } from '@/components/activity/city-store.ts';
import { Button } from '@/components/Button.tsx';
import { DeferredPullToRefresh } from '@/components/DeferredPullToRefresh.tsx';
import { EmptyState } from '@/components/EmptyState.tsx';
import { Refreshable } from '@/components/Refreshable.tsx';
import { SearchField } from '@/components/SearchField.tsx';
import { cityLabel } from '@/lib/city-name.ts';
import { formatMonthDay, formatWeekday } from '@/lib/format.ts';
import { useSettings } from '@/lib/settings.ts';
import { useDebounced } from '@/lib/useDebounced.ts';
import styles from './home.module.css';

const SHORTCUTS = [
  { path: PATHS.explore, testId: 'home-explore', Icon: AppstoreOutline, label: 'activity.explore' },
  { path: PATHS.myActivities, testId: 'home-my-activities', Icon: UnorderedListOutline, label: 'tickets.title' },
  { path: PATHS.myCalendar, testId: 'home-calendar', Icon: CalendarOutline, label: 'calendar.title' },
  { path: PATHS.myNft, testId: 'home-nft', Icon: GiftOutline, label: 'nft.title' },
] as const;

/** Activity home (tab 0): upcoming activities in the preferred city, category chips, this week / free, search. */
export default function ActivityHomePage() {
  const { t } = useTranslation();
  const language = useSettings((state) => state.language);
  const createActivity = useCreateActivity();
  const navigate = useNavigate();
  const city = usePrefs((state) => state.city);
  const cityNames = usePrefs((state) => state.cityNames);
  const chosen = usePrefs((state) => state.chosen);
  const cities = useCities();
  const [category, setCategory] = useState<ActivityCategory>();
  const [week, setWeek] = useState(false);
  const [free, setFree] = useState(false);
  const [query, setQuery] = useState('');
  const q = useDebounced(query.trim(), 300);
  const now = new Date();
  const filter = homeListFilter({ city, category, week, free, q });
  const unfiltered = !category && !week && !free && !q;
  const nothingAnywhere = cities.data?.items.length === 0;

  return (
    <Frame title={t('activityHome.title')} back={false}>
      <div className={styles.hero} data-testid="home-hero">
        <p className={styles.date}>
          {t('activityHome.today', { date: formatMonthDay(now, language), weekday: formatWeekday(now, language) })}
        </p>
        <p className={styles.title}>
          <span className={styles.accent}>{t('app.name')}</span> · {t('activityHome.title')}
        </p>
        <div className={styles.heroRow}>
          <button
            type="button"
            className={styles.cityButton}
            onClick={() => navigate(PATHS.preferredCity)}
            data-testid="home-city"
            data-city={city}
          >
            <EnvironmentOutline aria-hidden /> {cityLabel(city, cityNames) || t('activity.allCities')}{' '}
            <DownOutline aria-hidden />
          </button>
          <Button
            variant="primary"
            size="small"
            className={styles.createButton}
            onClick={createActivity}
            data-testid="activity-create"
          >
            <AddCircleOutline aria-hidden /> {t('activityHome.create')}
          </Button>
        </div>
      </div>
      <nav className={styles.shortcuts} aria-label={t('activity.shortcuts')}>
        {SHORTCUTS.map(({ path, testId, Icon, label }) => (
          <button
            key={testId}
            type="button"
            className={styles.shortcut}
            onClick={() => navigate(path)}
            data-testid={testId}
          >
            <Icon aria-hidden />
            {t(label)}
          </button>
        ))}
      </nav>
      {!chosen && !nothingAnywhere && (
        <div className={styles.prompt} data-testid="home-city-prompt">
          <span>{t('activity.chooseCityPrompt')}</span>
          <Button
            variant="primary"
            size="small"
            onClick={() => navigate(PATHS.preferredCity)}
            data-testid="home-choose-city"
          >
            {t('activity.chooseCity')}
          </Button>
        </div>
      )}
      <SearchField
        placeholder={t('activity.search')}
        value={query}
        onChange={setQuery}
        aria-label={t('activity.search')}
        data-testid="home-search"
        style={{ '--background': 'var(--px-surface)', '--height': '40px' } as CSSProperties}
      />
      <div className={ui.chips} role="toolbar" aria-label={t('activity.filters')}>
        <Chip on={week} onClick={() => setWeek(!week)} testId="home-filter-week">
          {t('activity.thisWeek')}
        </Chip>
        <Chip on={free} onClick={() => setFree(!free)} testId="home-filter-free">
          {t('activity.free')}
        </Chip>
        <Chip on={!category} onClick={() => setCategory(undefined)} testId="home-category-all">
          {t('activity.allCategories')}
        </Chip>
        {ACTIVITY_CATEGORIES.map((item) => (
          <Chip key={item} on={category === item} onClick={() => setCategory(item)} testId={`home-category-${item}`}>
            {t(`activity.category.${item}`)}
          </Chip>
        ))}
      </div>
      <Refreshable pull={DeferredPullToRefresh} refresh={[activityKeys.all]}>
        <ActivityList
          filter={filter}
          empty={
            unfiltered && (nothingAnywhere || !city) ? (
              <EmptyState
                testId="activity-empty"
                icon={<CalendarOutline />}
                title={t('activityHome.emptyTitle')}
                body={t('activityHome.emptyBody')}
              />
            ) : undefined
          }
        />
      </Refreshable>
    </Frame>
  );
}

import { ACTIVITY_CATEGORIES, type ActivityCategory } from '@polaris/contract';
import { PullToRefresh } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { activityKeys, useCategories } from '@/api/activity.ts';
import type { ListFilter } from '@/api/activity-requests.ts';
import { Frame } from '@/app/Frame.tsx';
import { ActivityList } from '@/components/activity/ActivityList.tsx';
import ui from '@/components/activity/activity.module.css';
import { Chip } from '@/components/activity/Chip.tsx';
import { usePrefs } from '@/components/activity/city-store.ts';
import { Refreshable } from '@/components/Refreshable.tsx';
import { cityLabel } from '@/lib/city-name.ts';

/** Lists by category (kept in the query string), in the preferred city, with the counts of each category. */
export default function CategoryBrowsePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const city = usePrefs((state) => state.city);
  const cityNames = usePrefs((state) => state.cityNames);
  const categories = useCategories(city);
  const raw = params.get('category') ?? '';
  const category = (ACTIVITY_CATEGORIES as readonly string[]).includes(raw) ? (raw as ActivityCategory) : undefined;
  const when = params.get('when') === 'week' ? 'week' : undefined;
  const free = params.get('free') === '1' ? true : undefined;
  const filter: ListFilter = { city: city || undefined, category, when, free };
  const set = (key: string, value: string | undefined) => {
    const next = new URLSearchParams(params);
    if (value === undefined) next.delete(key);
    else next.set(key, value);
    setParams(next, { replace: true });
  };
  const count = (item: ActivityCategory) => categories.data?.items.find((entry) => entry.category === item)?.count ?? 0;
  return (
    <Frame title={category ? t(`activity.category.${category}`) : t('activity.categories')}>
      <p className={ui.muted} style={{ margin: '0 4px' }}>
        {t('activity.inCity', { city: cityLabel(city, cityNames) || t('activity.allCities') })}
      </p>
      <div className={ui.chips}>
        <Chip on={when === 'week'} onClick={() => set('when', when ? undefined : 'week')} testId="browse-filter-week">
          {t('activity.thisWeek')}
        </Chip>
        <Chip on={free === true} onClick={() => set('free', free ? undefined : '1')} testId="browse-filter-free">
          {t('activity.free')}
        </Chip>
        <Chip on={!category} onClick={() => set('category', undefined)} testId="browse-category-all">
          {t('activity.allCategories')}
        </Chip>
        {ACTIVITY_CATEGORIES.map((item) => (
          <Chip
            key={item}
            on={category === item}
            onClick={() => set('category', item)}
            testId={`browse-category-${item}`}
          >
            {t(`activity.category.${item}`)}
            {count(item) > 0 ? ` ${count(item)}` : ''}
          </Chip>
        ))}
      </div>
      <Refreshable pull={PullToRefresh} refresh={[activityKeys.all]}>
        <ActivityList filter={filter} />
      </Refreshable>
    </Frame>
  );
}

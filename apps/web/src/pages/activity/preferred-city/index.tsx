import type { CityNames } from '@polaris/contract';
import { CheckOutline, EnvironmentOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useCities } from '@/api/activity.ts';
import { Frame } from '@/app/Frame.tsx';
import { prefsStore, usePrefs } from '@/components/activity/city-store.ts';
import { LoadFailed, Loading } from '@/components/QueryState.tsx';
import ui from '@/components/ui.module.css';
import { cityLabel } from '@/lib/city-name.ts';
import { useSettings } from '@/lib/settings.ts';

/** Choose the preferred city of the activity home: every city with upcoming public activities, or all cities. */
export default function PreferredCityPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const current = usePrefs((state) => state.city);
  const language = useSettings((state) => state.language);
  const cities = useCities();
  const choose = (city: string, names: CityNames | null) => {
    prefsStore.getState().setCity(city, names);
    navigate(-1);
  };
  const row = (city: string, names: CityNames | null, label: string, count: number | null) => (
    <button
      key={city || '*'}
      type="button"
      className={ui.row}
      onClick={() => choose(city, names)}
      aria-pressed={current === city}
      data-testid={city ? `city-${city}` : 'city-all'}
    >
      <EnvironmentOutline aria-hidden />
      <span className={ui.rowMain}>
        <span className={ui.rowTitle}>{label}</span>
        {count !== null && <span className={ui.rowSub}> · {t('activity.cityCount', { count })}</span>}
      </span>
      {current === city && (
        <CheckOutline aria-label={t('activity.selected')} style={{ color: 'var(--adm-color-primary)' }} />
      )}
    </button>
  );
  return (
    <Frame title={t('activity.preferredCity')}>
      <p className={ui.muted} style={{ margin: '0 4px 12px' }}>
        {t('activity.preferredCityHint')}
      </p>
      {cities.isPending ? (
        <Loading testId="cities-loading" />
      ) : cities.isError ? (
        <LoadFailed onRetry={() => void cities.refetch()} message={cities.error.message} />
      ) : (
        <div className={ui.list} data-testid="city-list">
          {row('', null, t('activity.allCities'), null)}
          {cities.data.items.map((item) =>
            row(item.city, item.cityNames, cityLabel(item.city, item.cityNames, language), item.count),
          )}
        </div>
      )}
    </Frame>
  );
}

import type { Place } from '@polaris/contract';
import { EnvironmentOutline, SearchOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlaceSearch } from '@/api/places.ts';
import ui from '@/components/ui.module.css';
import styles from './host.module.css';

/**
 * The location picker's address search: cities, venues and addresses from GET /places/search, with who answered
 * said under the results (the geocoding service, or the built-in list when no service is configured).
 */
export function PlaceSearch({ onPick }: { onPick(place: Place): void }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const search = usePlaceSearch(typed);
  const items = typed.trim() ? (search.data?.items ?? []) : [];
  return (
    <div className={styles.field} data-testid="place-search">
      <label className={styles.label} htmlFor="place-search-input">
        <SearchOutline aria-hidden /> {t('location.search')}
      </label>
      <input
        id="place-search-input"
        className={styles.input}
        type="search"
        value={typed}
        maxLength={100}
        autoComplete="off"
        placeholder={t('location.searchPlaceholder')}
        onChange={(event) => setTyped(event.target.value)}
        data-testid="place-search-input"
      />
      {typed.trim() && search.isError && (
        <p className={styles.hint} role="status">
          {t('location.searchFailed')}
        </p>
      )}
      {typed.trim() && search.data && items.length === 0 && !search.isFetching && (
        <p className={styles.hint} role="status" data-testid="place-search-none">
          {t('location.searchNone')}
        </p>
      )}
      {items.length > 0 && (
        <>
          <div className={ui.list} data-testid="place-search-results">
            {items.map((place) => (
              <button
                key={`${place.kind}-${place.lat}-${place.lon}-${place.label}`}
                type="button"
                className={ui.row}
                onClick={() => {
                  onPick(place);
                  setTyped('');
                }}
                data-testid="place-search-result"
                data-kind={place.kind}
              >
                <EnvironmentOutline aria-hidden />
                <span className={ui.rowMain}>
                  <span className={ui.rowTitle} style={{ display: 'block' }}>
                    {place.name}
                  </span>
                  {place.label !== place.name && (
                    <span className={ui.rowSub} style={{ display: 'block' }}>
                      {place.label}
                    </span>
                  )}
                </span>
              </button>
            ))}
          </div>
          <p className={styles.hint} data-testid="place-search-source" data-source={search.data?.source}>
            {search.data?.source === 'geocoder' ? t('location.sourceGeocoder') : t('location.sourceGazetteer')}
          </p>
        </>
      )}
    </div>
  );
}

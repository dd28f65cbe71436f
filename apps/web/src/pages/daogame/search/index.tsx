import { type CSSProperties, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useDaogameHome, useDaogameList } from '@/api/daogame.ts';
import { Frame } from '@/app/Frame.tsx';
import { DaogameDemoBadge, DaogameFailed } from '@/components/daogame/DaogameState.tsx';
import styles from '@/components/daogame/daogame.module.css';
import { GameList } from '@/components/daogame/GameRow.tsx';
import { MoreLoader } from '@/components/MoreLoader.tsx';
import { Loading } from '@/components/QueryState.tsx';
import { SearchField } from '@/components/SearchField.tsx';
import ui from '@/components/ui.module.css';
import { clearSearches, recentSearches, rememberSearch } from '@/lib/recent-searches.ts';
import { useDebounced } from '@/lib/useDebounced.ts';

/**
 * Search by name or tagline; the query lives in the URL (`?q=`) so back returns to the same results. Before anything
 * is typed: the user's recent searches (this device, clearable) and the popular games (the rank's top five).
 * A search is remembered when it is submitted or one of its results is opened.
 */
export default function DaogameSearchPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const q = useDebounced(query.trim(), 300);
  const list = useDaogameList({ q }, q !== '');
  const games = list.data?.pages.flatMap((page) => page.items) ?? [];
  const [recent, setRecent] = useState(() => recentSearches('daogame'));
  const setQuery = (value: string) => setParams(value ? { q: value } : {}, { replace: true });
  const remember = () => setRecent(rememberSearch('daogame', query));
  return (
    <Frame title={t('daogame.searchTitle')}>
      <div className={styles.toolbar}>
        <SearchField
          placeholder={t('daogame.searchHint')}
          value={query}
          onChange={setQuery}
          onSearch={remember}
          aria-label={t('daogame.search')}
          data-testid="daogame-search"
          style={{ flex: 1, '--background': 'var(--px-surface)', '--height': '40px' } as CSSProperties}
        />
      </div>
      {query.trim() === '' ? (
        <BeforeTyping
          recent={recent}
          onPick={setQuery}
          onClear={() => {
            clearSearches('daogame');
            setRecent([]);
          }}
        />
      ) : q === '' ? null : list.isPending ? (
        <Loading testId="daogame-search-loading" />
      ) : list.isError && games.length === 0 ? (
        <DaogameFailed error={list.error} onRetry={() => void list.refetch()} testId="daogame-search-error" />
      ) : games.length === 0 ? (
        <p className={ui.center} data-testid="daogame-search-empty">
          {t('daogame.noResults', { q })}
        </p>
      ) : (
        // Opening a result keeps the search among the recent ones (the row navigates; the click bubbles here first).
        <div onClickCapture={remember}>
          <GameList games={games} testId="daogame-search-list" />
          <MoreLoader query={list} />
        </div>
      )}
    </Frame>
  );
}

function BeforeTyping({ recent, onPick, onClear }: { recent: string[]; onPick(query: string): void; onClear(): void }) {
  const { t } = useTranslation();
  const home = useDaogameHome();
  return (
    <>
      {recent.length > 0 && (
        <section aria-labelledby="daogame-recent-title" data-testid="daogame-recent">
          <div className={ui.sectionHead}>
            <h2 className={ui.sectionTitle} id="daogame-recent-title">
              {t('daogame.recent')}
            </h2>
            <button type="button" className={ui.sectionLink} onClick={onClear} data-testid="daogame-recent-clear">
              {t('daogame.clearRecent')}
            </button>
          </div>
          <ul className={ui.chips} style={{ margin: 0, padding: 0, listStyle: 'none' }}>
            {recent.map((item) => (
              <li key={item}>
                <button
                  type="button"
                  className={ui.chip}
                  onClick={() => onPick(item)}
                  data-testid="daogame-recent-item"
                >
                  {item}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section className={recent.length > 0 ? ui.section : undefined} aria-labelledby="daogame-popular-title">
        <div className={ui.sectionHead}>
          <h2 className={ui.sectionTitle} id="daogame-popular-title">
            {t('daogame.popular')}
          </h2>
          <DaogameDemoBadge source={home.data?.source} />
        </div>
        {home.isPending ? (
          <Loading testId="daogame-popular-loading" />
        ) : home.isError ? (
          <DaogameFailed error={home.error} onRetry={() => void home.refetch()} testId="daogame-popular-error" />
        ) : (
          <GameList games={home.data.top} testId="daogame-popular" />
        )}
      </section>
    </>
  );
}

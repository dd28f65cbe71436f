import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useDaogameList } from '@/api/daogame.ts';
import { Frame } from '@/app/Frame.tsx';
import { DaogameFailed } from '@/components/daogame/DaogameState.tsx';
import styles from '@/components/daogame/daogame.module.css';
import { GameList } from '@/components/daogame/GameRow.tsx';
import { MoreLoader } from '@/components/MoreLoader.tsx';
import { Loading } from '@/components/QueryState.tsx';
import { SearchField } from '@/components/SearchField.tsx';
import ui from '@/components/ui.module.css';
import { useDebounced } from '@/lib/useDebounced.ts';

/** Search by name or tagline; the query lives in the URL (`?q=`) so back returns to the same results. */
export default function DaogameSearchPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const q = useDebounced(query.trim(), 300);
  const list = useDaogameList({ q }, q !== '');
  const games = list.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Frame title={t('daogame.searchTitle')}>
      <div className={styles.toolbar}>
        <SearchField
          placeholder={t('daogame.searchHint')}
          value={query}
          onChange={(value) => setParams(value ? { q: value } : {}, { replace: true })}
          aria-label={t('daogame.search')}
          data-testid="daogame-search"
          style={{ flex: 1, '--background': 'var(--px-surface)', '--height': '40px' } as CSSProperties}
        />
      </div>
      {q === '' ? null : list.isPending ? (
        <Loading testId="daogame-search-loading" />
      ) : list.isError && games.length === 0 ? (
        <DaogameFailed error={list.error} onRetry={() => void list.refetch()} testId="daogame-search-error" />
      ) : games.length === 0 ? (
        <p className={ui.center} data-testid="daogame-search-empty">
          {t('daogame.noResults', { q })}
        </p>
      ) : (
        <>
          <GameList games={games} testId="daogame-search-list" />
          <MoreLoader query={list} />
        </>
      )}
    </Frame>
  );
}

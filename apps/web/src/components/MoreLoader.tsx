import { InfiniteScroll } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import ui from './ui.module.css';

/** What MoreLoader needs of an infinite query (TanStack's `useInfiniteQuery` result fits). */
export interface PagedQuery {
  hasNextPage: boolean;
  fetchNextPage(): Promise<{ isError: boolean; error: unknown }>;
}

/**
 * The foot of every growing list: antd-mobile's InfiniteScroll over an infinite query, in the app's words:
 * "loading" while there is more, a retry after a failure, and what the end says (nothing when `end` is left out).
 */
export function MoreLoader({
  query,
  enabled = true,
  end,
  endTestId,
}: {
  query: PagedQuery;
  /** False for a short list that never loads more (a home page's first few). */
  enabled?: boolean;
  end?: string;
  endTestId?: string;
}) {
  const { t } = useTranslation();
  return (
    <InfiniteScroll
      hasMore={enabled && query.hasNextPage}
      loadMore={async () => {
        const result = await query.fetchNextPage();
        // Throwing lets InfiniteScroll show its retry instead of asking again in a loop.
        if (result.isError) throw result.error;
      }}
    >
      {(hasMore, failed, retry) =>
        failed ? (
          <button type="button" className={ui.sectionLink} onClick={() => void retry()}>
            {t('activity.loadMoreFailed')}
          </button>
        ) : hasMore ? (
          <span className={ui.muted}>{t('app.loading')}</span>
        ) : end ? (
          <span className={ui.muted} data-testid={endTestId}>
            {end}
          </span>
        ) : null
      }
    </InfiniteScroll>
  );
}

import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import type { PullToRefreshProps } from 'antd-mobile';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A page's content, refreshed by pulling it down: the queries under the `refresh` keys are fetched again, with
 * the app's labels. `pull` is antd-mobile's PullToRefresh, or on the first screen DeferredPullToRefresh, which
 * keeps that code out of the first screen's JavaScript until the first touch (docs/performance.md "First screen").
 */
export function Refreshable({
  pull: Pull,
  refresh,
  children,
}: {
  pull: ComponentType<PullToRefreshProps>;
  refresh: readonly QueryKey[];
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return (
    <Pull
      onRefresh={() => Promise.all(refresh.map((queryKey) => queryClient.invalidateQueries({ queryKey })))}
      pullingText={t('refresh.pulling')}
      canReleaseText={t('refresh.release')}
      refreshingText={t('refresh.refreshing')}
      completeText={t('refresh.done')}
    >
      {children}
    </Pull>
  );
}

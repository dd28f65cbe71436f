import { PullToRefresh } from 'antd-mobile';
import { VideoOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { liveKeys, useStagesOnAir } from '@/api/live.ts';
import { Frame } from '@/app/Frame.tsx';
import { EmptyState } from '@/components/EmptyState.tsx';
import css from '@/components/live/live.module.css';
import { StageCard } from '@/components/live/StageCard.tsx';
import { LoadFailed, Loading } from '@/components/QueryState.tsx';
import { Refreshable } from '@/components/Refreshable.tsx';

/** The live list: every stage on air that anyone with the link may watch, latest started first. */
export default function LiveListPage() {
  const { t } = useTranslation();
  const stages = useStagesOnAir();
  return (
    <Frame title={t('live.listTitle')}>
      <Refreshable pull={PullToRefresh} refresh={[liveKeys.all]}>
        {stages.isPending ? (
          <Loading testId="live-list-loading" />
        ) : !stages.data ? (
          <LoadFailed onRetry={() => void stages.refetch()} message={stages.error?.message} testId="live-list-error" />
        ) : stages.data.items.length === 0 ? (
          <EmptyState
            testId="live-list-empty"
            icon={<VideoOutline />}
            title={t('live.listEmptyTitle')}
            body={t('live.listEmptyBody')}
          />
        ) : (
          <div className={css.grid} data-testid="live-list">
            {stages.data.items.map((stage) => (
              <StageCard key={stage.id} stage={stage} />
            ))}
          </div>
        )}
      </Refreshable>
    </Frame>
  );
}

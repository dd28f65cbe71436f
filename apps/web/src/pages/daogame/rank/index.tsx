import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useDaogameHome, useDaogameRank } from '@/api/daogame.ts';
import { Frame } from '@/app/Frame.tsx';
import { DaogameDemoBadge, DaogameFailed } from '@/components/daogame/DaogameState.tsx';
import { GameList } from '@/components/daogame/GameRow.tsx';
import { Loading } from '@/components/QueryState.tsx';
import { Segmented } from '@/components/Segmented.tsx';
import ui from '@/components/ui.module.css';

/** The best-scored games, overall or per category (`?category=`). */
export default function DaogameRankPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const category = params.get('category') ?? '';
  const home = useDaogameHome();
  const rank = useDaogameRank(category);
  const tabs = [{ id: '', name: t('daogame.all') }, ...(home.data?.categories ?? [])];
  return (
    <Frame title={t('daogame.rankTitle')}>
      <Segmented
        label={t('daogame.rankTitle')}
        value={category}
        options={tabs.map((tab) => ({ value: tab.id, label: tab.name }))}
        onChange={(key) => setParams(key ? { category: key } : {}, { replace: true })}
        scroll
        testId="daogame-rank-tabs"
      />
      {rank.isPending ? (
        <Loading testId="daogame-rank-loading" />
      ) : rank.isError ? (
        <DaogameFailed error={rank.error} onRetry={() => void rank.refetch()} testId="daogame-rank-error" />
      ) : rank.data.items.length === 0 ? (
        <p className={ui.center} data-testid="daogame-rank-empty">
          {t('daogame.empty')}
        </p>
      ) : (
        <>
          <div className={ui.sectionHead}>
            <span />
            <DaogameDemoBadge source={rank.data.source} />
          </div>
          <GameList games={rank.data.items} ranked testId="daogame-rank-list" />
        </>
      )}
    </Frame>
  );
}

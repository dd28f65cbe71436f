import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useDaogameHome, useDaogameList } from '@/api/daogame.ts';
import { Frame } from '@/app/Frame.tsx';
import { DaogameDemoBadge, DaogameFailed } from '@/components/daogame/DaogameState.tsx';
import { GameList } from '@/components/daogame/GameRow.tsx';
import { MoreLoader } from '@/components/MoreLoader.tsx';
import { Loading } from '@/components/QueryState.tsx';
import ui from '@/components/ui.module.css';

/** One category's games (`?id=`), most played first; without an id, every game. */
export default function DaogameCategoryPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const category = params.get('id') ?? '';
  const home = useDaogameHome();
  const name = home.data?.categories.find((entry) => entry.id === category)?.name;
  const list = useDaogameList({ category });
  const games = list.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Frame title={name ?? (category ? t('daogame.category') : t('daogame.all'))}>
      {list.isPending ? (
        <Loading testId="daogame-category-loading" />
      ) : list.isError && games.length === 0 ? (
        <DaogameFailed error={list.error} onRetry={() => void list.refetch()} testId="daogame-category-error" />
      ) : games.length === 0 ? (
        <p className={ui.center} data-testid="daogame-category-empty">
          {t('daogame.empty')}
        </p>
      ) : (
        <>
          <div className={ui.sectionHead}>
            <span />
            <DaogameDemoBadge source={list.data?.pages[0]?.source} />
          </div>
          <GameList games={games} testId="daogame-category-list" />
          <MoreLoader query={list} end={t('daogame.end')} />
        </>
      )}
    </Frame>
  );
}

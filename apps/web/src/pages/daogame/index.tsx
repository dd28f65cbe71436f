import type { DaogameGame } from '@polaris/contract';
import { PullToRefresh } from 'antd-mobile';
import { SearchOutline, UnorderedListOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { daogameKeys, useDaogameHome } from '@/api/daogame.ts';
import { Frame } from '@/app/Frame.tsx';
import { href, PATHS } from '@/app/paths.ts';
import { DaogameDemoBadge, DaogameFailed } from '@/components/daogame/DaogameState.tsx';
import styles from '@/components/daogame/daogame.module.css';
import { GameIcon, GameList } from '@/components/daogame/GameRow.tsx';
import { Loading } from '@/components/QueryState.tsx';
import { Refreshable } from '@/components/Refreshable.tsx';
import ui from '@/components/ui.module.css';

/** The DAO games tab: featured games, categories and the top of the rank; search and the full rank a tap away. */
export default function DaogamePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const home = useDaogameHome();
  const right = (
    <span style={{ display: 'flex', gap: 16, fontSize: 20 }}>
      <button
        type="button"
        className={ui.sectionLink}
        style={{ fontSize: 20 }}
        aria-label={t('daogame.search')}
        onClick={() => navigate(PATHS.daogameSearch)}
        data-testid="daogame-open-search"
      >
        <SearchOutline />
      </button>
    </span>
  );
  return (
    <Frame title={t('daogame.title')} right={right}>
      <Refreshable pull={PullToRefresh} refresh={[daogameKeys.all]}>
        {home.isPending ? (
          <Loading testId="daogame-loading" />
        ) : home.isError ? (
          <DaogameFailed error={home.error} onRetry={() => void home.refetch()} testId="daogame-error" />
        ) : (
          <>
            <div className={ui.sectionHead}>
              <h2 className={ui.sectionTitle}>{t('daogame.featured')}</h2>
              <DaogameDemoBadge source={home.data.source} />
            </div>
            {home.data.featured.length === 0 ? (
              <p className={ui.center}>{t('daogame.empty')}</p>
            ) : (
              <ul className={styles.featured} data-testid="daogame-featured">
                {home.data.featured.map((game) => (
                  <FeaturedCard key={game.id} game={game} />
                ))}
              </ul>
            )}

            <section className={ui.section} aria-labelledby="daogame-categories">
              <div className={ui.sectionHead}>
                <h2 className={ui.sectionTitle} id="daogame-categories">
                  {t('daogame.categories')}
                </h2>
              </div>
              <ul className={styles.categories} data-testid="daogame-categories">
                {home.data.categories.map((category) => (
                  <li key={category.id}>
                    <button
                      type="button"
                      className={styles.category}
                      onClick={() => navigate(href(PATHS.daogameCategory, { id: category.id }))}
                      data-testid={`daogame-category-${category.id}`}
                    >
                      {category.name}
                    </button>
                  </li>
                ))}
              </ul>
            </section>

            <section className={ui.section} aria-labelledby="daogame-top">
              <div className={ui.sectionHead}>
                <h2 className={ui.sectionTitle} id="daogame-top">
                  {t('daogame.top')}
                </h2>
                <button
                  type="button"
                  className={ui.sectionLink}
                  onClick={() => navigate(PATHS.daogameRank)}
                  data-testid="daogame-open-rank"
                >
                  <UnorderedListOutline aria-hidden /> {t('daogame.rank')}
                </button>
              </div>
              <GameList
                games={home.data.top.map((game, index) => ({ ...game, rank: index + 1 }))}
                ranked
                testId="daogame-top"
              />
            </section>
          </>
        )}
      </Refreshable>
    </Frame>
  );
}

function FeaturedCard({ game }: { game: DaogameGame }) {
  const navigate = useNavigate();
  return (
    <li>
      <button
        type="button"
        className={styles.featuredCard}
        onClick={() => navigate(href(PATHS.daogameDetail, { id: game.id }))}
        data-testid={`daogame-featured-${game.id}`}
      >
        <GameIcon game={game} large />
        <span className={styles.featuredName}>{game.name}</span>
        <span className={styles.featuredTag}>{game.tagline}</span>
        <span className={styles.score}>★ {game.score}</span>
      </button>
    </li>
  );
}

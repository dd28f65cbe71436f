import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { isNotFound, useDaogameDetail } from '@/api/daogame.ts';
import { Frame } from '@/app/Frame.tsx';
import { PageNotFound } from '@/app/PageState.tsx';
import { href, PATHS } from '@/app/paths.ts';
import { Button } from '@/components/Button.tsx';
import { DaogameDemoBadge, DaogameFailed } from '@/components/daogame/DaogameState.tsx';
import styles from '@/components/daogame/daogame.module.css';
import { GameIcon } from '@/components/daogame/GameRow.tsx';
import { Loading } from '@/components/QueryState.tsx';
import ui from '@/components/ui.module.css';
import { formatFullDate } from '@/lib/format.ts';
import { useSettings } from '@/lib/settings.ts';

const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** One game (`?id=`): what it is, who makes it, and "play", which opens the game shell in the web-view. */
export default function DaogameDetailPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const language = useSettings((state) => state.language);
  const [params] = useSearchParams();
  const raw = params.get('id') ?? '';
  const id = ID.test(raw) ? raw : '';
  const game = useDaogameDetail(id);
  if (id === '' || (game.isError && isNotFound(game.error))) {
    return (
      <Frame title={t('daogame.title')}>
        <PageNotFound title={t('daogame.notFound')} />
      </Frame>
    );
  }
  return (
    <Frame title={game.data?.name ?? t('daogame.title')}>
      {game.isPending ? (
        <Loading testId="daogame-detail-loading" />
      ) : game.isError ? (
        <DaogameFailed error={game.error} onRetry={() => void game.refetch()} testId="daogame-detail-error" />
      ) : (
        <article data-testid="daogame-detail">
          <div className={`${ui.card} ${styles.head}`}>
            <GameIcon game={game.data} large />
            <div>
              <h1 className={styles.headName}>{game.data.name}</h1>
              <p className={ui.muted} style={{ margin: '0 0 6px' }}>
                {game.data.tagline}
              </p>
              <span className={styles.score}>★ {game.data.score}</span>{' '}
              <span className={ui.muted} style={{ fontSize: 12 }}>
                {t('daogame.players', {
                  count: game.data.players,
                  players: game.data.players.toLocaleString(i18n.language),
                })}
              </span>{' '}
              <DaogameDemoBadge source={game.data.source} />
            </div>
          </div>
          <section className={`${ui.card} ${ui.section}`} aria-labelledby="daogame-about">
            <h2 className={ui.sectionTitle} id="daogame-about" style={{ marginBottom: 8 }}>
              {t('daogame.about')}
            </h2>
            <p className={styles.description}>{game.data.description}</p>
          </section>
          <dl className={`${ui.card} ${ui.section} ${ui.kvList}`}>
            <div className={ui.kv}>
              <dt>{t('daogame.category')}</dt>
              <dd>
                <button
                  type="button"
                  className={ui.sectionLink}
                  onClick={() => navigate(href(PATHS.daogameCategory, { id: game.data.category.id }))}
                >
                  {game.data.category.name}
                </button>
              </dd>
            </div>
            {game.data.developer && (
              <div className={ui.kv}>
                <dt>{t('daogame.developer')}</dt>
                <dd>{game.data.developer}</dd>
              </div>
            )}
            {game.data.releasedAt && (
              <div className={ui.kv}>
                <dt>{t('daogame.released')}</dt>
                <dd>{formatFullDate(game.data.releasedAt, language)}</dd>
              </div>
            )}
          </dl>
          <div className={styles.playBar}>
            <Button
              variant="primary"
              block
              size="large"
              onClick={() => navigate(href(PATHS.webView, { url: game.data.playUrl, title: game.data.name }))}
              data-testid="daogame-play"
            >
              {t('daogame.play')}
            </Button>
          </div>
        </article>
      )}
    </Frame>
  );
}

import type { DaogameGame } from '@polaris/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { href, PATHS } from '@/app/paths.ts';
import ui from '@/components/ui.module.css';
import { apiAsset } from '@/lib/api-origin.ts';
import styles from './daogame.module.css';

/** One game in a list (category, search, rank): icon, name, tagline, rating and players; opens the detail. */
function GameRow({ game, rank }: { game: DaogameGame; rank?: number }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  return (
    <li>
      <button
        type="button"
        className={ui.row}
        onClick={() => navigate(href(PATHS.daogameDetail, { id: game.id }))}
        data-testid={`daogame-row-${game.id}`}
      >
        {rank !== undefined && (
          <span className={`${styles.rankNumber} ${rank <= 3 ? styles.rankTop : ''}`}>{rank}</span>
        )}
        <GameIcon game={game} />
        <span className={ui.rowMain}>
          <span className={ui.rowTitle} style={{ display: 'block' }}>
            {game.name}
          </span>
          <span className={ui.rowSub} style={{ display: 'block' }}>
            {game.tagline}
          </span>
        </span>
        <span className={ui.rowEnd}>
          <span className={styles.score} style={{ display: 'block' }}>
            ★ {game.score}
          </span>
          <span className={ui.muted} style={{ fontSize: 12 }}>
            {t('daogame.players', { count: game.players, players: game.players.toLocaleString(i18n.language) })}
          </span>
        </span>
      </button>
    </li>
  );
}

export function GameIcon({ game, large = false }: { game: Pick<DaogameGame, 'icon'>; large?: boolean }) {
  return <img className={large ? styles.iconLarge : styles.icon} src={apiAsset(game.icon)} alt="" loading="lazy" />;
}

export function GameList({
  games,
  ranked = false,
  testId,
}: {
  games: (DaogameGame & { rank?: number })[];
  ranked?: boolean;
  testId: string;
}) {
  return (
    <ul className={ui.list} style={{ margin: 0, padding: 0, listStyle: 'none' }} data-testid={testId}>
      {games.map((game) => (
        <GameRow key={game.id} game={game} rank={ranked ? game.rank : undefined} />
      ))}
    </ul>
  );
}

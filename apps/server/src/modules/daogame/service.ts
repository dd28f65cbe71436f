import {
  DAOGAME_PAGE_SIZE,
  DAOGAME_RANK_SIZE,
  type DaogameDetail,
  type DaogameGame,
  type DaogameHome,
  type DaogameList,
  type DaogameRank,
  type Language,
  Status,
} from '@polaris/contract';
import { AppError } from '../../platform/errors.ts';
import { HttpDaogameData, type HttpDaogameOptions } from './http.ts';
import { LocalDaogameData } from './local.ts';
import type { DaogameData, SourceGame } from './source.ts';

/** How many games the tab's "top" strip shows. */
const TOP_SIZE = 5;

/** The DAO game API when both its URL and key are configured; otherwise the shipped demo catalogue. */
export function daogameDataFrom(
  config: { daogameApiUrl: string | undefined; daogameApiKey: string | undefined; daogameTimeoutMs: number },
  options: Pick<HttpDaogameOptions, 'now' | 'log' | 'cacheMs'> = {},
): DaogameData {
  if (!config.daogameApiUrl || !config.daogameApiKey) return new LocalDaogameData();
  return new HttpDaogameData({
    ...options,
    baseUrl: config.daogameApiUrl,
    apiKey: config.daogameApiKey,
    timeoutMs: config.daogameTimeoutMs,
  });
}

/** The list fields of a game, whatever else the source carried. */
function listed(game: SourceGame): DaogameGame {
  const { description: _d, developer: _v, releasedAt: _r, ...rest } = game;
  return rest;
}

/** Best score first; among equals, more players first; then by name so the order never flickers. */
function byRank(a: SourceGame, b: SourceGame): number {
  return Number(b.score) - Number(a.score) || b.players - a.players || a.name.localeCompare(b.name);
}

/** Names that start with the query first, then names that contain it, then taglines that do. */
function searchRank(game: SourceGame, needle: string): number {
  const name = game.name.toLowerCase();
  if (name.startsWith(needle)) return 0;
  if (name.includes(needle)) return 1;
  if (game.tagline.toLowerCase().includes(needle)) return 2;
  return -1;
}

export class DaogameService {
  constructor(private readonly deps: { data: DaogameData; shellUrl: string }) {}

  async home(language: Language): Promise<DaogameHome> {
    const { categories, games } = await this.deps.data.catalogue(language);
    return {
      source: this.deps.data.source,
      featured: games.filter((game) => game.featured).map(listed),
      categories,
      top: [...games].sort(byRank).slice(0, TOP_SIZE).map(listed),
    };
  }

  /** A category's games or a search's, most played first (a search puts name matches first), a page at a time. */
  async list(
    language: Language,
    input: { category?: string | undefined; q?: string | undefined; cursor?: string | undefined },
  ): Promise<DaogameList> {
    const { games } = await this.deps.data.catalogue(language);
    const needle = input.q?.toLowerCase() ?? '';
    const matching = games
      .filter((game) => !input.category || game.categoryId === input.category)
      .map((game) => ({ game, rank: needle ? searchRank(game, needle) : 0 }))
      .filter((entry) => entry.rank >= 0)
      .sort((a, b) => a.rank - b.rank || b.game.players - a.game.players || a.game.name.localeCompare(b.game.name))
      .map((entry) => entry.game);
    const start = Number(input.cursor ?? 0);
    const end = start + DAOGAME_PAGE_SIZE;
    return {
      source: this.deps.data.source,
      items: matching.slice(start, end).map(listed),
      nextCursor: end < matching.length ? String(end) : null,
    };
  }

  async rank(language: Language, category: string | undefined): Promise<DaogameRank> {
    const { games } = await this.deps.data.catalogue(language);
    const ranked = games
      .filter((game) => !category || game.categoryId === category)
      .sort(byRank)
      .slice(0, DAOGAME_RANK_SIZE);
    return {
      source: this.deps.data.source,
      items: ranked.map((game, index) => ({ ...listed(game), rank: index + 1 })),
    };
  }

  async detail(language: Language, id: string): Promise<DaogameDetail> {
    const [game, { categories }] = await Promise.all([
      this.deps.data.game(id, language),
      this.deps.data.catalogue(language),
    ]);
    if (!game) throw new AppError(Status.notFound, 'daogame.notFound');
    const category = categories.find((entry) => entry.id === game.categoryId) ?? {
      id: game.categoryId,
      name: game.categoryId,
    };
    return { ...game, source: this.deps.data.source, category, playUrl: this.playUrl(game.id, language) };
  }

  /** The game shell on the configured host, told which game and in which language. */
  playUrl(id: string, language: Language): string {
    const url = new URL(this.deps.shellUrl);
    url.searchParams.set('game', id);
    url.searchParams.set('locale', language);
    return url.href;
  }

  /** What the local demo shell shows: the game's name and icon, or null for a game the source does not know. */
  async shellGame(language: Language, id: string): Promise<SourceGame | null> {
    return this.deps.data.game(id, language);
  }
}

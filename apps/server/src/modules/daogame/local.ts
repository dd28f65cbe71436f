import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { API_BASE, type Language } from '@polaris/contract';
import { type CatalogueGame, DEMO_CATEGORIES, DEMO_GAMES } from './catalogue.ts';
import type { DaogameCatalogue, DaogameData, SourceGame } from './source.ts';

const ICON_DIR = path.join(import.meta.dirname, 'icons');
/** The icon every game without one of its own shows (also the live API's icons from hosts we do not allow). */
export const PLACEHOLDER_ICON = `${API_BASE}/daogame/icons/placeholder.svg`;

const iconUrl = (id: string) => `${API_BASE}/daogame/icons/${id}.svg`;

/** An icon of the demo catalogue, or null for a name it does not have (the route answers 404). */
export async function demoIcon(name: string): Promise<Buffer | null> {
  const id = name.replace(/\.svg$/, '');
  const known = id === 'placeholder' || DEMO_GAMES.some((entry) => entry.id === id);
  if (!known || !name.endsWith('.svg')) return null;
  return readFile(path.join(ICON_DIR, `${id}.svg`));
}

function present(entry: CatalogueGame, language: Language): SourceGame {
  return {
    id: entry.id,
    name: entry.name,
    icon: iconUrl(entry.id),
    categoryId: entry.categoryId,
    score: entry.score,
    players: entry.players,
    tagline: entry.tagline[language],
    featured: entry.featured,
    description: entry.description[language],
    developer: entry.developer,
    releasedAt: entry.releasedAt,
  };
}

/** The shipped demo catalogue (`source: 'demo'`): no network, the same answer every time. */
export class LocalDaogameData implements DaogameData {
  readonly source = 'demo' as const;

  async catalogue(language: Language): Promise<DaogameCatalogue> {
    return {
      categories: DEMO_CATEGORIES.map((category) => ({ id: category.id, name: category.name[language] })),
      games: DEMO_GAMES.map((entry) => present(entry, language)),
    };
  }

  async game(id: string, language: Language): Promise<SourceGame | null> {
    const entry = DEMO_GAMES.find((candidate) => candidate.id === id);
    return entry ? present(entry, language) : null;
  }
}

import type { Language } from '@polaris/contract';
import { z } from 'zod';
import { type JsonAnswer, JsonApi, type JsonApiAdapterOptions } from '../../platform/json-api.ts';
import { PLACEHOLDER_ICON } from './local.ts';
import {
  API_ERROR,
  type DaogameCatalogue,
  type DaogameData,
  DaogameUnavailableError,
  type SourceGame,
} from './source.ts';

const DAOGAME_CACHE_MS = 60_000;
const DAOGAME_TIMEOUT_MS = 8000;

/**
 * The DAO game API's protocol (docs/daogame.md "The DAO game API"): every answer is an envelope
 * `{ code, msg, data }`, `code` 200 on success. What we read is bounded, so a broken or hostile API cannot
 * push megabytes of text into a page.
 */
const id = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
const line = (max: number) => z.string().trim().min(1).max(max);

const UpstreamGame = z.object({
  id,
  name: line(80),
  icon: z.string().max(1000).optional(),
  category: id,
  score: z.number().min(0).max(5),
  players: z.number().int().min(0).max(1e12),
  tagline: z.string().trim().max(200).default(''),
  featured: z.boolean().default(false),
});

const UpstreamDetail = UpstreamGame.extend({
  description: z.string().trim().max(4000).default(''),
  developer: z.string().trim().max(120).default(''),
  releasedAt: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}/)
    .transform((value) => value.slice(0, 10)),
});

const CatalogueData = z.object({
  categories: z.array(z.object({ id, name: line(40) })).max(100),
  games: z.array(UpstreamGame).max(2000),
});

const Envelope = z.object({ code: z.number(), msg: z.string().optional(), data: z.unknown().optional() });

/** The log is told why a call failed: the user only sees the API's message, "request failed" or "API request error". */
export interface HttpDaogameOptions extends JsonApiAdapterOptions {
  baseUrl: string;
}

/**
 * The DAO game API (`source: 'live'`). The key travels in the `x-api-key` header from this server only, never
 * to the browser. Answers are kept for a minute per path and language, concurrent requests share one call,
 * and failures are not kept.
 */
export class HttpDaogameData implements DaogameData {
  readonly source = 'live' as const;
  private readonly baseUrl: string;
  private readonly origin: string;
  private readonly api: JsonApi;

  constructor(options: HttpDaogameOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.origin = new URL(this.baseUrl).origin;
    this.api = new JsonApi({
      baseUrl: this.baseUrl,
      headers: { 'x-api-key': options.apiKey },
      timeoutMs: options.timeoutMs ?? DAOGAME_TIMEOUT_MS,
      cacheMs: options.cacheMs ?? DAOGAME_CACHE_MS,
      now: options.now ?? (() => new Date()),
      // Timeouts and refused connections carry no message of the API's: SPEC §8's "API request error".
      unavailable: (cause) => new DaogameUnavailableError(API_ERROR, { cause }),
      log: options.log,
      logMessage: 'DAO game API call failed',
    });
  }

  catalogue(language: Language): Promise<DaogameCatalogue> {
    return this.api.cached(`games|${language}`, async () => {
      const data = await this.get(`/games?lang=${encodeURIComponent(language)}`, CatalogueData);
      if (data === null) throw new DaogameUnavailableError(API_ERROR, { cause: 'catalogue answered 404' });
      return {
        categories: data.categories,
        games: data.games.map((game) => this.toGame({ ...game, description: '', developer: '', releasedAt: '' })),
      };
    });
  }

  game(gameId: string, language: Language): Promise<SourceGame | null> {
    return this.api.cached(`game|${gameId}|${language}`, async () => {
      const path = `/games/${encodeURIComponent(gameId)}?lang=${encodeURIComponent(language)}`;
      const data = await this.get(path, UpstreamDetail);
      return data === null ? null : this.toGame(data);
    });
  }

  private toGame(game: z.output<typeof UpstreamDetail>): SourceGame {
    return {
      id: game.id,
      name: game.name,
      icon: this.iconOf(game.icon),
      categoryId: game.category,
      score: (Math.round(game.score * 10) / 10).toFixed(1),
      players: game.players,
      tagline: game.tagline,
      featured: game.featured,
      description: game.description,
      developer: game.developer,
      releasedAt: game.releasedAt,
    };
  }

  /** Icons are shown only from the API's own origin, the one image host the CSP adds for this tab. */
  private iconOf(icon: string | undefined): string {
    if (!icon) return PLACEHOLDER_ICON;
    try {
      const url = new URL(icon, `${this.baseUrl}/`);
      return url.origin === this.origin ? url.href : PLACEHOLDER_ICON;
    } catch {
      return PLACEHOLDER_ICON;
    }
  }

  /** The `data` of a successful answer, null for the API's "not found", or a `DaogameUnavailableError`. */
  private get<S extends z.ZodType>(path: string, schema: S): Promise<z.output<S> | null> {
    return this.api.get(path, (answer) => readEnvelope(answer, schema));
  }
}

function readEnvelope<S extends z.ZodType>({ status, ok, body }: JsonAnswer, schema: S): z.output<S> | null {
  const envelope = Envelope.safeParse(body);
  const code = envelope.success ? envelope.data.code : status;
  if (status === 404 || code === 404) return null;
  if (!ok || (envelope.success && code !== 200)) {
    throw DaogameUnavailableError.rejected(envelope.data?.msg, `HTTP ${status}, code ${code}`);
  }
  if (!envelope.success) throw new DaogameUnavailableError(API_ERROR, { cause: 'not an envelope' });
  const parsed = schema.safeParse(envelope.data.data);
  if (!parsed.success) throw new DaogameUnavailableError(API_ERROR, { cause: parsed.error });
  return parsed.data;
}

import type { DaogameCategory, DaogameGame, DaogameSource, Language } from '@polaris/contract';
import { isSafeText, Status } from '@polaris/contract';
import { AppError } from '../../platform/errors.ts';

/** A game as a source knows it, in one language: the list fields plus what only the detail page shows. */
export interface SourceGame extends DaogameGame {
  description: string;
  developer: string;
  releasedAt: string;
}

export interface DaogameCatalogue {
  categories: DaogameCategory[];
  /** Every game the source lists, in the source's own order. */
  games: SourceGame[];
}

/**
 * Where the games come from. The local default serves the catalogue shipped with the server
 * (`source: 'demo'`); the HTTP adapter calls the DAO game API with its key (`source: 'live'`).
 */
export interface DaogameData {
  readonly source: DaogameSource;
  catalogue(language: Language): Promise<DaogameCatalogue>;
  /** One game with its detail, or null when the source does not know it. */
  game(id: string, language: Language): Promise<SourceGame | null>;
}

/** SPEC §8: a non-200 answer without a message of its own. */
export const REQUEST_FAILED = 'daogame.requestFailed';
/** SPEC §8: the API could not be reached or answered something unreadable. */
export const API_ERROR = 'daogame.apiError';

/** The longest message of the API's that is passed on to the user; a longer one is replaced by "request failed". */
const MAX_UPSTREAM_MESSAGE = 200;

/**
 * The DAO game API failed (status 580, one of SPEC §8's quiet statuses). `messageKey` is one of our two
 * catalogue keys, shown in the user's language, or the API's own message, passed on as written. `translate()`
 * returns a text it does not know as a key unchanged.
 */
export class DaogameUnavailableError extends AppError {
  constructor(messageKey: string, options: { cause?: unknown } = {}) {
    super(Status.unavailable, messageKey);
    this.name = 'DaogameUnavailableError';
    if (options.cause !== undefined) this.cause = options.cause;
  }

  /** A non-200 answer: the API's message when it is a short, printable text, else "request failed". */
  static rejected(message: unknown, cause: unknown): DaogameUnavailableError {
    const text = typeof message === 'string' ? message.trim() : '';
    const usable = text !== '' && text.length <= MAX_UPSTREAM_MESSAGE && isSafeText(text) && !text.includes('{{');
    return new DaogameUnavailableError(usable ? text : REQUEST_FAILED, { cause });
  }
}

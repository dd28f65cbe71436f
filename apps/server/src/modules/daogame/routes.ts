import { DaogameDetailInput, EmptyInput, Status } from '@polaris/contract';
import { daogameSchemas } from '@polaris/contract/schemas';
import { z } from 'zod';
import { AppError } from '../../platform/errors.ts';
import type { Router } from '../../platform/router.ts';
import { demoIcon } from './local.ts';
import type { DaogameService } from './service.ts';
import { SHELL_CSP, shellPage } from './shell.ts';

const tags = ['daogame'];

/** The demo shell's query: which game (the language comes from `locale`, as on every route). */
const ShellInput = z.object({ game: DaogameDetailInput.shape.id });

/**
 * The DAO games tab, read through our server so the API key never reaches the browser (docs/daogame.md).
 * Public: browsing games needs no account.
 */
export function daogameRoutes(router: Router, daogame: DaogameService): void {
  router.route({
    ...daogameSchemas.home,
    summary: 'The tab: featured games, categories and the top of the rank',
    tags,
    auth: 'public',
    handler: ({ language }) => daogame.home(language),
  });

  router.route({
    ...daogameSchemas.list,
    summary: "A category's games or a search's, most played first, 20 at a time",
    tags,
    auth: 'public',
    handler: ({ language, input }) => daogame.list(language, input),
  });

  router.route({
    ...daogameSchemas.rank,
    summary: 'The best-scored games, overall or in one category',
    tags,
    auth: 'public',
    handler: ({ language, input }) => daogame.rank(language, input.category),
  });

  router.route({
    ...daogameSchemas.detail,
    summary: 'One game with its description and the URL that plays it',
    tags,
    auth: 'public',
    handler: ({ language, input }) => daogame.detail(language, input.id),
  });

  router.raw({
    method: 'GET',
    path: '/daogame/icons/:name',
    summary: 'An icon of the demo catalogue',
    tags,
    auth: 'public',
    rateLimit: false,
    input: EmptyInput,
    params: { name: 'nebula-miners.svg' },
    produces: 'image/svg+xml',
    handler: async ({ params }) => {
      const icon = /^[a-z0-9-]{1,64}\.svg$/.test(params.name) ? await demoIcon(params.name) : null;
      if (!icon) throw new AppError(Status.notFound, 'http.404');
      return { type: 'image/svg+xml', headers: { 'cache-control': 'public, max-age=86400' }, body: icon };
    },
  });

  router.raw({
    method: 'GET',
    path: '/daogame/shell',
    summary: 'The local demo game shell that "play" opens when no game host is configured',
    tags,
    auth: 'public',
    input: ShellInput,
    params: {},
    produces: 'text/html',
    handler: async ({ language, input }) => ({
      type: 'text/html; charset=utf-8',
      // Framed by our own web-view page, so it relaxes the app's "nobody may frame us" for itself alone.
      headers: { 'content-security-policy': SHELL_CSP, 'cache-control': 'no-store' },
      body: shellPage(await daogame.shellGame(language, input.game), language),
    }),
  });
}

import { API_BASE, type Language } from '@polaris/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { inLane } from '../../db/fair-gate.ts';
import { requestLanguage } from '../../platform/locale.ts';
import { RATE_LIMITS } from '../../platform/rate-limits.ts';
import type { ShareConfig } from './config.ts';
import { notFoundPage, previewPage, robotsTxt } from './presenter.ts';
import type { ShareService } from './service.ts';

/**
 * Link-preview bots and search crawlers, by User-Agent. They get the preview page; everyone else is redirected into
 * the app. A bot missing here gets the redirect, and then the app's index.html with its default description.
 */
const CRAWLER =
  /facebookexternalhit|facebot|twitterbot|slackbot|telegrambot|whatsapp|discordbot|linkedinbot|googlebot|bingbot|applebot|pinterest|redditbot|embedly|skypeuripreview|vkshare|line-poker|kakaotalk|iframely|mastodon|bluesky|yandex|baiduspider|duckduckbot|slurp|ia_archiver|google-inspectiontool|snapchat|viber|signal/i;

const isCrawler = (userAgent: string | undefined) => CRAWLER.test(userAgent ?? '');

const HTML = 'text/html; charset=utf-8';

/**
 * The routes outside the API that the share links and the phones' app-link checks reach (docs/api.md "Short
 * links and app links"): `/s/:code`, `/robots.txt`, `/.well-known/assetlinks.json` and
 * `/.well-known/apple-app-site-association`. Plain Fastify routes: they answer pages and files, not envelopes.
 */
export function shareRoutes(
  app: FastifyInstance,
  deps: { share: ShareService; config: ShareConfig; publicUrl: string; rateLimit: false | { multiplier: number } },
) {
  // The API's default preset (300 a minute per address), scaled like every route by RATE_LIMIT_MULTIPLIER.
  const preset = RATE_LIMITS.default;
  const rateLimit =
    deps.rateLimit === false
      ? false
      : { max: Math.max(1, Math.round(preset.max * deps.rateLimit.multiplier)), timeWindow: preset.timeWindow };
  const notFound = (reply: FastifyReply, language: Language) =>
    reply
      .code(404)
      .type(HTML)
      .header('cache-control', 'no-store')
      .send(notFoundPage({ homeUrl: `${deps.publicUrl}/`, language }));

  app.get<{ Params: { code: string } }>('/s/:code', { config: { rateLimit } }, async (request, reply) => {
    const language = requestLanguage(request);
    // A read: on the embedded database it waits behind writes like every API read (db/fair-gate.ts).
    const resolved = await inLane('read', () => deps.share.resolve(request.params.code, language));
    if (!resolved.found) return notFound(reply, language);
    reply.header('vary', 'user-agent, accept-language');
    if (!isCrawler(request.headers['user-agent'])) {
      return reply.header('cache-control', 'private, no-store').redirect(resolved.appUrl, 302);
    }
    const url = `${deps.config.shortLinkHost}${request.url.split('?')[0]}`;
    return reply
      .type(HTML)
      .header('cache-control', 'public, max-age=300')
      .send(
        previewPage(resolved.preview, {
          url,
          appUrl: resolved.appUrl,
          language,
          siteName: 'Polaris',
        }),
      );
  });

  app.get('/robots.txt', async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robotsTxt(API_BASE)),
  );

  // Android App Links: the app's package and signing certificates may open our links. Unset: 404.
  app.get('/.well-known/assetlinks.json', async (_request, reply) => {
    const android = deps.config.android;
    if (!android) return reply.code(404).type('application/json').send({ error: 'app links are not configured' });
    return reply
      .type('application/json')
      .header('cache-control', 'public, max-age=3600')
      .send([
        {
          relation: ['delegate_permission/common.handle_all_urls'],
          target: {
            namespace: 'android_app',
            package_name: android.packageName,
            sha256_cert_fingerprints: android.fingerprints,
          },
        },
      ]);
  });

  // iOS Universal Links: the app (team id + bundle id) opens the short links. Unset: 404.
  app.get('/.well-known/apple-app-site-association', async (_request, reply) => {
    const apple = deps.config.apple;
    if (!apple) return reply.code(404).type('application/json').send({ error: 'app links are not configured' });
    const appId = `${apple.teamId}.${apple.bundleId}`;
    return reply
      .type('application/json')
      .header('cache-control', 'public, max-age=3600')
      .send({
        applinks: {
          apps: [],
          details: [{ appID: appId, appIDs: [appId], paths: ['/s/*'], components: [{ '/': '/s/*' }] }],
        },
      });
  });
}

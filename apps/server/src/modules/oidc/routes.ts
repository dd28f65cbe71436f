import { API_BASE, OidcCallbackInput, type OidcProvider, toFieldErrors } from '@polaris/contract';
import { oidcSchemas } from '@polaris/contract/schemas';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { inLane } from '../../db/fair-gate.ts';
import { ValidationError } from '../../platform/errors.ts';
import { requestLanguage } from '../../platform/locale.ts';
import { RATE_LIMITS } from '../../platform/rate-limits.ts';
import { type Router, refuseHostile } from '../../platform/router.ts';
import type { OidcService } from './service.ts';

const tags = ['auth'];

/** The app's side: start a sign-in, redeem the callback's ticket, confirm a link. Envelope routes. */
export function oidcRoutes(router: Router, oidc: OidcService): void {
  for (const [provider, spec] of [
    ['google', oidcSchemas.userGoogleLogin],
    ['apple', oidcSchemas.userAppleLogin],
  ] as const) {
    router.route({
      ...spec,
      summary: `Start signing in with ${provider === 'google' ? 'Google' : 'Apple'}: the provider URL to open`,
      tags,
      auth: 'public',
      rateLimit: 'auth',
      handler: () => oidc.start(provider),
    });
  }

  router.route({
    ...oidcSchemas.userOidcTicket,
    summary: 'Redeem the one-time ticket a provider callback handed the app',
    tags,
    auth: 'public',
    rateLimit: 'auth',
    handler: ({ input, request }) => oidc.redeem(input, request.headers['user-agent']),
  });

  router.route({
    ...oidcSchemas.userOidcLink,
    summary:
      "Link a provider account to the existing account with its email, proven by that account's password or code",
    tags,
    auth: 'public',
    rateLimit: 'auth',
    handler: ({ input, request }) =>
      oidc.confirmLink(input, { ip: request.ip, userAgent: request.headers['user-agent'] }),
  });

  router.route({
    ...oidcSchemas.userIdentityProviders,
    summary: 'The Google and Apple accounts linked to mine (signed call)',
    tags,
    auth: 'user',
    handler: async ({ user }) => ({ items: await oidc.linkedProviders(user.id) }),
  });

  router.route({
    ...oidcSchemas.userIdentityProvidersUnlink,
    summary: 'Unlink a Google or Apple account, proven by the password or an emailed login code (signed call)',
    tags,
    auth: 'user',
    rateLimit: 'auth',
    handler: async ({ user, input, request }) => {
      await oidc.unlink(user, input, request.ip);
      return {};
    },
  });
}

/**
 * The provider's side: where the browser comes back. Not router routes, because the authorization code
 * arrives in the URL (which the router refuses for `code`, rightly for our own codes) and Apple posts a form;
 * it answers a redirect to the app, not an envelope. The same checks apply: hostile input and bounds are a 400.
 */
export async function oidcCallbackRoutes(
  app: FastifyInstance,
  oidc: OidcService,
  options: { rateLimit: boolean; rateLimitMultiplier: number },
): Promise<void> {
  const limit = options.rateLimit
    ? { ...RATE_LIMITS.auth, max: Math.max(1, Math.round(RATE_LIMITS.auth.max * options.rateLimitMultiplier)) }
    : false;

  const finish = (provider: OidcProvider) => (request: FastifyRequest, reply: FastifyReply) =>
    inLane('write', async () => {
      const language = requestLanguage(request);
      const raw = refuseHostile(
        { ...((request.query ?? {}) as object), ...((request.body ?? {}) as object) },
        language,
      );
      const parsed = OidcCallbackInput.safeParse(raw);
      if (!parsed.success) throw new ValidationError(toFieldErrors(parsed.error, raw, language));
      // 303: a form post (Apple) becomes a GET of the app.
      return reply.redirect(await oidc.callback(provider, parsed.data), 303);
    });

  app.get(`${API_BASE}/user/google/callback`, { config: { rateLimit: limit } }, finish('google'));

  // Apple answers with response_mode=form_post: a urlencoded body, parsed only in this scope.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    scope.post(`${API_BASE}/user/apple/callback`, { config: { rateLimit: limit } }, finish('apple'));
  });
}

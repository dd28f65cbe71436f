import { captchaSchemas } from '@polaris/contract/schemas';
import type { Captcha } from '../../platform/captcha.ts';
import type { Router } from '../../platform/router.ts';

export function captchaRoutes(router: Router, captcha: Captcha): void {
  router.route({
    ...captchaSchemas.challenge,
    summary: 'A signed proof-of-work challenge for the captcha widget (ALTCHA v2)',
    tags: ['captcha'],
    auth: 'public',
    handler: async ({ reply }) => {
      // Each challenge is single use: no cache may hand one to two clients.
      reply.header('cache-control', 'no-store');
      return captcha.challenge();
    },
  });
}

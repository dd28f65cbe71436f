import { route } from '../api-route.ts';
import type { EmptyInput } from '../auth.ts';
import type { CaptchaChallengeOutput } from '../captcha.ts';

/** The captcha module's calls (apps/server/src/modules/captcha): paths and types only; schemas in captcha.schemas.ts. */
export const captchaApi = {
  challenge: route<typeof EmptyInput, typeof CaptchaChallengeOutput>('GET', '/captcha/challenge'),
};

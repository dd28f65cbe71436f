import { withSchemas } from '../api-route.ts';
import { EmptyInput } from '../auth.ts';
import { CaptchaChallengeOutput } from '../captcha.ts';
import { captchaApi as api } from './captcha.ts';

/** The captcha module's calls with their schemas: what the server registers and development builds parse with. */
export const captchaSchemas = {
  challenge: withSchemas(api.challenge, EmptyInput, CaptchaChallengeOutput),
};

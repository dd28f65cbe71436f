import { authSchemas } from '@polaris/contract/schemas';
import type { Captcha } from '../../platform/captcha.ts';
import type { Router } from '../../platform/router.ts';
import type { AuthService } from './service.ts';

const tags = ['auth'];

export function authRoutes(router: Router, auth: AuthService, captcha: Captcha): void {
  router.route({
    ...authSchemas.userVcodeSend,
    summary: 'Email a 6-digit code for sign-up, login or password reset',
    tags,
    auth: 'public',
    rateLimit: 'code',
    // Mails any address: the captcha is claimed first, so a script cannot use us to flood inboxes.
    handler: async ({ input, language }) => {
      await captcha.verify(input.captcha);
      return auth.sendCode(input.email, input.purpose, language);
    },
  });

  router.route({
    ...authSchemas.userCheckIsBindEmail,
    summary: 'Whether an account exists for this email',
    tags,
    auth: 'public',
    rateLimit: 'auth',
    handler: async ({ input }) => ({ registered: await auth.isRegistered(input.email) }),
  });

  router.route({
    ...authSchemas.userSignup,
    summary: 'Create an account with an emailed code',
    tags,
    auth: 'public',
    rateLimit: 'auth',
    handler: async ({ input, request }) => {
      await captcha.verify(input.captcha);
      return auth.signup(input, request.headers['user-agent']);
    },
  });

  for (const login of [authSchemas.userLogin, authSchemas.userSignin]) {
    router.route({
      ...login,
      summary: 'Log in with email and password (client-hashed)',
      tags,
      auth: 'public',
      rateLimit: 'auth',
      handler: ({ input, request }) =>
        auth.loginWithPassword(input, { ip: request.ip, userAgent: request.headers['user-agent'] }),
    });
  }

  router.route({
    ...authSchemas.userLoginVcode,
    summary: 'Log in with an emailed code',
    tags,
    auth: 'public',
    rateLimit: 'auth',
    handler: ({ input, request }) =>
      auth.loginWithCode(input, { ip: request.ip, userAgent: request.headers['user-agent'] }),
  });

  router.route({
    ...authSchemas.userReset,
    summary: 'Set a new password with an emailed code; ends every session',
    tags,
    auth: 'public',
    rateLimit: 'auth',
    handler: async ({ input }) => {
      await auth.resetPassword(input);
      return {};
    },
  });

  router.route({
    ...authSchemas.userLogout,
    summary: 'End the current session',
    tags,
    auth: 'user',
    successMessage: 'auth.logoutOk',
    handler: async ({ user }) => {
      await auth.logout(user.sessionId);
      return {};
    },
  });
}

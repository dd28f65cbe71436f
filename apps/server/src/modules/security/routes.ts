import { securitySchemas } from '@polaris/contract/schemas';
import type { Router } from '../../platform/router.ts';
import type { AuthService } from '../auth/service.ts';
import type { AntiPhishingService } from './anti-phishing.service.ts';
import type { AccountDeletionService } from './deletion.service.ts';
import type { TradePasswordService } from './service.ts';
import type { TotpService } from './totp.service.ts';

const tags = ['security'];

interface SecurityDeps {
  auth: AuthService;
  trade: TradePasswordService;
  totp: TotpService;
  deletion: AccountDeletionService;
  antiPhishing: AntiPhishingService;
}

/**
 * The security centre: transaction password, sessions, login password, authenticator, anti-phishing code,
 * deleting the account.
 */
export function securityRoutes(router: Router, deps: SecurityDeps): void {
  tradePasswordRoutes(router, deps);
  sessionRoutes(router, deps);
  passwordRoutes(router, deps);
  totpRoutes(router, deps);
  antiPhishingRoutes(router, deps);
  deletionRoutes(router, deps);
}

/** Setting, changing and checking the transaction password. */
function tradePasswordRoutes(router: Router, deps: SecurityDeps): void {
  router.route({
    ...securitySchemas.userIsFdPwdBlank,
    summary: 'Whether the transaction password is still unset, and until when it is locked',
    tags,
    auth: 'user',
    handler: ({ user }) => deps.trade.status(user.id),
  });

  router.route({
    ...securitySchemas.userTradeVcode,
    summary: "Email a code to the user's own address for setting the transaction password",
    tags,
    auth: 'user',
    rateLimit: 'code',
    handler: ({ user, language }) => deps.auth.sendCode(user.email, 'trade', language),
  });

  router.route({
    ...securitySchemas.userTradePassword,
    summary: 'Set or change the transaction password with an emailed code',
    tags,
    auth: 'user',
    rateLimit: 'auth',
    handler: async ({ user, input }) => {
      await deps.trade.set(user, input.vcode, input.password);
      return {};
    },
  });

  router.route({
    ...securitySchemas.userFdPwdValidate,
    summary: 'Check the transaction password (counts wrong tries)',
    tags,
    auth: 'user',
    rateLimit: 'auth',
    handler: async ({ user, input }) => {
      await deps.trade.verify(user.id, input.password);
      return {};
    },
  });
}

/** The account's signed-in sessions, and ending them. */
function sessionRoutes(router: Router, deps: SecurityDeps): void {
  router.route({
    ...securitySchemas.userIdentitySessions,
    summary: 'Active logins of the user (signed call)',
    tags,
    auth: 'user',
    handler: async ({ user }) => ({ items: await deps.auth.activeSessions(user.id, user.sessionId) }),
  });

  router.route({
    ...securitySchemas.userIdentitySessionsRevoke,
    summary: 'End one of the user’s logins (signed call)',
    tags,
    auth: 'user',
    handler: async ({ user, input }) => {
      await deps.auth.revokeSession(user.id, input.id);
      return {};
    },
  });

  router.route({
    ...securitySchemas.userIdentitySessionsRevokeOthers,
    summary: 'End every login of the user but this one: sign out everywhere else (signed call)',
    tags,
    auth: 'user',
    handler: async ({ user }) => {
      await deps.auth.revokeOtherSessions(user.id, user.sessionId);
      return {};
    },
  });
}

/** Changing the login password with an emailed code. */
function passwordRoutes(router: Router, deps: SecurityDeps): void {
  router.route({
    ...securitySchemas.userPasswordVcode,
    summary: "Email a code to the user's own address for changing the login password",
    tags,
    auth: 'user',
    rateLimit: 'code',
    handler: ({ user, language }) => deps.auth.sendCode(user.email, 'reset', language),
  });

  router.route({
    ...securitySchemas.userPasswordChange,
    summary: 'Change the login password with the current one or an emailed code; other logins end',
    tags,
    auth: 'user',
    rateLimit: 'auth',
    handler: async ({ user, input, request }) => {
      await deps.auth.changePassword(user, input, request.ip);
      return {};
    },
  });
}

/** Google Authenticator: status, enrolment, confirmation, turning it off. */
function totpRoutes(router: Router, deps: SecurityDeps): void {
  router.route({
    ...securitySchemas.userGauthStatus,
    summary: 'Whether Google Authenticator is on, and how many recovery codes are left',
    tags,
    auth: 'user',
    handler: ({ user }) => deps.totp.status(user.id),
  });

  router.route({
    ...securitySchemas.userGauthEnrol,
    summary: 'Start Google Authenticator: a new secret and its otpauth URI (replaces an unfinished setup)',
    tags,
    auth: 'user',
    rateLimit: 'auth',
    handler: ({ user }) => deps.totp.enrol(user),
  });

  router.route({
    ...securitySchemas.userGauthConfirm,
    summary: 'Switch Google Authenticator on with its first code; answers the recovery codes once',
    tags,
    auth: 'user',
    rateLimit: 'auth',
    handler: ({ user, input }) => deps.totp.confirm(user.id, input.totp),
  });

  router.route({
    ...securitySchemas.userGauthDisable,
    summary: 'Switch Google Authenticator off with a code or a recovery code',
    tags,
    auth: 'user',
    rateLimit: 'auth',
    handler: async ({ user }) => {
      await deps.totp.disable(user.id);
      return {};
    },
  });
}

/** The anti-phishing code: whether one is set (masked), the mailed code that proves a change, the change. */
function antiPhishingRoutes(router: Router, deps: SecurityDeps): void {
  router.route({
    ...securitySchemas.userAntiPhishingStatus,
    summary: 'Whether an anti-phishing code is set, shown partly masked',
    tags,
    auth: 'user',
    handler: ({ user }) => deps.antiPhishing.status(user.id),
  });

  router.route({
    ...securitySchemas.userAntiPhishingVcode,
    summary: "Email a code to the user's own address for setting the anti-phishing code",
    tags,
    auth: 'user',
    rateLimit: 'code',
    handler: ({ user, language }) => deps.antiPhishing.sendCode(user, language),
  });

  router.route({
    ...securitySchemas.userAntiPhishingChange,
    summary: 'Set, change or remove (code: null) the anti-phishing code with an emailed code',
    tags,
    auth: 'user',
    rateLimit: 'auth',
    handler: async ({ user, input }) => {
      await deps.antiPhishing.change(user, input);
      return {};
    },
  });
}

/** Deleting the account: what stands in the way, the code, the deletion. */
function deletionRoutes(router: Router, deps: SecurityDeps): void {
  router.route({
    ...securitySchemas.userDeleteAccountCheck,
    summary: 'What must be settled before the account can be deleted',
    tags,
    auth: 'user',
    handler: ({ user }) => deps.deletion.check(user.id),
  });

  router.route({
    ...securitySchemas.userDeleteAccountVcode,
    summary: "Email a code to the user's own address for deleting the account",
    tags,
    auth: 'user',
    rateLimit: 'code',
    handler: ({ user, language }) => deps.auth.sendCode(user.email, 'delete', language),
  });

  router.route({
    ...securitySchemas.userDeleteAccount,
    summary: 'Delete the account: refused while anything is left to settle; wipes personal data, ends every login',
    tags,
    auth: 'user',
    rateLimit: 'auth',
    handler: async ({ user, input, request, language }) => {
      await deps.deletion.delete(user, input, { ip: request.ip, language });
      return {};
    },
  });
}

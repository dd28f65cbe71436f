import {
  ActiveSessionsOutput,
  ChangePasswordInput,
  DeleteAccountInput,
  DeletionCheckOutput,
  EmptyInput,
  EmptyOutput,
  RevokeOtherSessionsInput,
  RevokeSessionInput,
  SendCodeOutput,
  SetTradePasswordInput,
  TotpConfirmInput,
  TotpConfirmOutput,
  TotpDisableInput,
  TotpEnrolOutput,
  TotpStatusOutput,
  TradePasswordStatusOutput,
  ValidateTradePasswordInput,
} from '@polaris/contract';
import type { Router } from '../../platform/router.ts';
import type { AuthService } from '../auth/service.ts';
import type { AccountDeletionService } from './deletion.service.ts';
import type { TradePasswordService } from './service.ts';
import type { TotpService } from './totp.service.ts';

const tags = ['security'];

interface SecurityDeps {
  auth: AuthService;
  trade: TradePasswordService;
  totp: TotpService;
  deletion: AccountDeletionService;
}

/** The security centre: transaction password, sessions, login password, authenticator, deleting the account. */
export function securityRoutes(router: Router, deps: SecurityDeps): void {
  tradePasswordRoutes(router, deps);
  sessionRoutes(router, deps);
  passwordRoutes(router, deps);
  totpRoutes(router, deps);
  deletionRoutes(router, deps);
}

/** Setting, changing and checking the transaction password. */
function tradePasswordRoutes(router: Router, deps: SecurityDeps): void {
  router.route({
    method: 'POST',
    path: '/user/isFdPwdBlank',
    summary: 'Whether the transaction password is still unset, and until when it is locked',
    tags,
    auth: 'user',
    input: EmptyInput,
    output: TradePasswordStatusOutput,
    handler: ({ user }) => deps.trade.status(user.id),
  });

  router.route({
    method: 'POST',
    path: '/user/trade/vcode',
    summary: "Email a code to the user's own address for setting the transaction password",
    tags,
    auth: 'user',
    rateLimit: 'code',
    input: EmptyInput,
    output: SendCodeOutput,
    handler: ({ user, language }) => deps.auth.sendCode(user.email, 'trade', language),
  });

  router.route({
    method: 'POST',
    path: '/user/trade/password',
    summary: 'Set or change the transaction password with an emailed code',
    tags,
    auth: 'user',
    rateLimit: 'auth',
    input: SetTradePasswordInput,
    output: EmptyOutput,
    handler: async ({ user, input }) => {
      await deps.trade.set(user, input.vcode, input.password);
      return {};
    },
  });

  router.route({
    method: 'POST',
    path: '/user/fdPwd/validate',
    summary: 'Check the transaction password (counts wrong tries)',
    tags,
    auth: 'user',
    rateLimit: 'auth',
    input: ValidateTradePasswordInput,
    output: EmptyOutput,
    handler: async ({ user, input }) => {
      await deps.trade.verify(user.id, input.password);
      return {};
    },
  });
}

/** The account's signed-in sessions, and ending them. */
function sessionRoutes(router: Router, deps: SecurityDeps): void {
  router.route({
    method: 'GET',
    path: '/user/identity/sessions',
    summary: 'Active logins of the user (signed call)',
    tags,
    auth: 'user',
    input: EmptyInput,
    output: ActiveSessionsOutput,
    handler: async ({ user }) => ({ items: await deps.auth.activeSessions(user.id, user.sessionId) }),
  });

  router.route({
    method: 'POST',
    path: '/user/identity/sessions/revoke',
    summary: 'End one of the user’s logins (signed call)',
    tags,
    auth: 'user',
    input: RevokeSessionInput,
    output: EmptyOutput,
    handler: async ({ user, input }) => {
      await deps.auth.revokeSession(user.id, input.id);
      return {};
    },
  });

  router.route({
    method: 'POST',
    path: '/user/identity/sessions/revokeOthers',
    summary: 'End every login of the user but this one: sign out everywhere else (signed call)',
    tags,
    auth: 'user',
    input: RevokeOtherSessionsInput,
    output: EmptyOutput,
    handler: async ({ user }) => {
      await deps.auth.revokeOtherSessions(user.id, user.sessionId);
      return {};
    },
  });
}

/** Changing the login password with an emailed code. */
function passwordRoutes(router: Router, deps: SecurityDeps): void {
  router.route({
    method: 'POST',
    path: '/user/password/vcode',
    summary: "Email a code to the user's own address for changing the login password",
    tags,
    auth: 'user',
    rateLimit: 'code',
    input: EmptyInput,
    output: SendCodeOutput,
    handler: ({ user, language }) => deps.auth.sendCode(user.email, 'reset', language),
  });

  router.route({
    method: 'POST',
    path: '/user/password/change',
    summary: 'Change the login password with the current one or an emailed code; other logins end',
    tags,
    auth: 'user',
    rateLimit: 'auth',
    input: ChangePasswordInput,
    output: EmptyOutput,
    handler: async ({ user, input, request }) => {
      await deps.auth.changePassword(user, input, request.ip);
      return {};
    },
  });
}

/** Google Authenticator: status, enrolment, confirmation, turning it off. */
function totpRoutes(router: Router, deps: SecurityDeps): void {
  router.route({
    method: 'GET',
    path: '/user/gauth/status',
    summary: 'Whether Google Authenticator is on, and how many recovery codes are left',
    tags,
    auth: 'user',
    input: EmptyInput,
    output: TotpStatusOutput,
    handler: ({ user }) => deps.totp.status(user.id),
  });

  router.route({
    method: 'POST',
    path: '/user/gauth/enrol',
    summary: 'Start Google Authenticator: a new secret and its otpauth URI (replaces an unfinished setup)',
    tags,
    auth: 'user',
    rateLimit: 'auth',
    input: EmptyInput,
    output: TotpEnrolOutput,
    handler: ({ user }) => deps.totp.enrol(user),
  });

  router.route({
    method: 'POST',
    path: '/user/gauth/confirm',
    summary: 'Switch Google Authenticator on with its first code; answers the recovery codes once',
    tags,
    auth: 'user',
    rateLimit: 'auth',
    input: TotpConfirmInput,
    output: TotpConfirmOutput,
    handler: ({ user, input }) => deps.totp.confirm(user.id, input.totp),
  });

  router.route({
    method: 'POST',
    path: '/user/gauth/disable',
    summary: 'Switch Google Authenticator off with a code or a recovery code',
    tags,
    auth: 'user',
    rateLimit: 'auth',
    input: TotpDisableInput,
    output: EmptyOutput,
    handler: async ({ user }) => {
      await deps.totp.disable(user.id);
      return {};
    },
  });
}

/** Deleting the account: what stands in the way, the code, the deletion. */
function deletionRoutes(router: Router, deps: SecurityDeps): void {
  router.route({
    method: 'GET',
    path: '/user/deleteAccount/check',
    summary: 'What must be settled before the account can be deleted',
    tags,
    auth: 'user',
    input: EmptyInput,
    output: DeletionCheckOutput,
    handler: ({ user }) => deps.deletion.check(user.id),
  });

  router.route({
    method: 'POST',
    path: '/user/deleteAccount/vcode',
    summary: "Email a code to the user's own address for deleting the account",
    tags,
    auth: 'user',
    rateLimit: 'code',
    input: EmptyInput,
    output: SendCodeOutput,
    handler: ({ user, language }) => deps.auth.sendCode(user.email, 'delete', language),
  });

  router.route({
    method: 'POST',
    path: '/user/deleteAccount',
    summary: 'Delete the account: refused while anything is left to settle; wipes personal data, ends every login',
    tags,
    auth: 'user',
    rateLimit: 'auth',
    input: DeleteAccountInput,
    output: EmptyOutput,
    handler: async ({ user, input, request, language }) => {
      await deps.deletion.delete(user, input, { ip: request.ip, language });
      return {};
    },
  });
}

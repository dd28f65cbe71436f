import {
  ActiveSessionsOutput,
  EmptyInput,
  EmptyOutput,
  RevokeSessionInput,
  SendCodeOutput,
  SetTradePasswordInput,
  TradePasswordStatusOutput,
  ValidateTradePasswordInput,
} from '@polaris/contract';
import type { Router } from '../../platform/router.ts';
import type { AuthService } from '../auth/service.ts';
import type { TradePasswordService } from './service.ts';

const tags = ['security'];

export function securityRoutes(router: Router, deps: { auth: AuthService; trade: TradePasswordService }): void {
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
}

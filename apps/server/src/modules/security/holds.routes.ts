import { securitySchemas } from '@polaris/contract/schemas';
import { operatorGuard } from '../../platform/operator-guard.ts';
import type { Router } from '../../platform/router.ts';
import type { SecurityHoldService } from './holds.service.ts';

const tags = ['security'];

/** The security centre's holds on money leaving the account, and "Freeze my account". */
export function holdRoutes(router: Router, deps: { holds: SecurityHoldService }): void {
  router.route({
    ...securitySchemas.userSecurityHolds,
    summary: 'What holds money in the account now: holds after security changes, until when, and the freeze',
    tags,
    auth: 'user',
    handler: ({ user }) => deps.holds.holds(user.id),
  });

  router.route({
    ...securitySchemas.userSecurityFreeze,
    summary:
      'Freeze the account at once (login password): no withdrawals, transfers or sign-ins until support lifts it',
    tags,
    auth: 'user',
    rateLimit: 'auth',
    handler: async ({ user, input, request }) => {
      await deps.holds.freeze(user, input.password, request.ip);
      return {};
    },
  });
}

/**
 * Lifting a freeze (`npm run security:frozen`, `npm run security:unfreeze`), answered only on this machine with the
 * token in DATA_DIR/admin.token, like the other operator routes.
 */
export function holdOperatorRoutes(router: Router, deps: { holds: SecurityHoldService; adminToken: string }): void {
  const guard = operatorGuard(deps.adminToken);
  router.route({
    ...securitySchemas.adminSecurityFrozen,
    summary: 'Accounts frozen by their owners, oldest first (operator token)',
    tags: ['operator'],
    auth: 'public',
    handler: async ({ request }) => {
      guard(request);
      return deps.holds.frozen();
    },
  });

  router.route({
    ...securitySchemas.adminSecurityUnfreeze,
    summary: "Unfreeze an account after checking its owner's identity, with what was checked (operator token)",
    tags: ['operator'],
    auth: 'public',
    handler: async ({ request, input }) => {
      guard(request);
      return deps.holds.unfreeze(input);
    },
  });
}

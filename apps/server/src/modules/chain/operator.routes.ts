import { ChainCancelInput, ChainCancelOutput, Status } from '@polaris/contract';
import { AppError } from '../../platform/errors.ts';
import { operatorGuard } from '../../platform/operator-guard.ts';
import type { Router } from '../../platform/router.ts';
import type { ChainService } from './service.ts';

/** The chain module's operator routes (loopback and the admin token, as wallet/operator.routes.ts). */
export function chainOperatorRoutes(router: Router, deps: { chains: ChainService; adminToken: string }) {
  const guard = operatorGuard(deps.adminToken);

  router.route({
    method: 'POST',
    path: '/admin/chain/cancel',
    summary: 'Cancel a withdrawal not yet mined, by our own transaction at its nonce (operator token)',
    tags: ['operator'],
    auth: 'public',
    input: ChainCancelInput,
    output: ChainCancelOutput,
    handler: async ({ input, request }) => {
      guard(request);
      const cancel = await deps.chains.cancelWithdrawal(input.withdrawal);
      if (!cancel) throw new AppError(Status.conflict, 'wallet.cancelNotPossible');
      return { hash: cancel.hash, nonce: String(cancel.nonce), attempt: cancel.attempt };
    },
  });
}

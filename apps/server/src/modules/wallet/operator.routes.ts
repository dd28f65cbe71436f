import { walletSchemas } from '@polaris/contract/schemas';
import { operatorGuard } from '../../platform/operator-guard.ts';
import type { Router } from '../../platform/router.ts';
import type { DepositService } from './deposits.service.ts';
import type { WithdrawalReviewService } from './review.service.ts';
import type { WalletService } from './service.ts';

/**
 * Operator routes for the local setup, answered only to a caller on this machine (loopback, not proxied) with
 * the token the server writes to DATA_DIR/admin.token at
 * start (readable only by whoever can read the data folder). The CLI commands use them while the server runs,
 * because the embedded database takes one process at a time.
 */
export function operatorRoutes(
  router: Router,
  deps: { wallet: WalletService; deposits: DepositService; reviews: WithdrawalReviewService; adminToken: string },
) {
  const guard = operatorGuard(deps.adminToken);

  router.route({
    ...walletSchemas.localChainDeposit,
    summary: 'LOCAL SIMULATOR: credit a deposit as if it arrived on a chain (operator token)',
    tags: ['operator'],
    auth: 'public',
    handler: async ({ input, request }) => {
      guard(request);
      return deps.deposits.simulateDeposit(input);
    },
  });

  router.route({
    ...walletSchemas.adminLedgerCheck,
    summary: 'Verify every ledger invariant over the whole database (operator token)',
    tags: ['operator'],
    auth: 'public',
    handler: async ({ request }) => {
      guard(request);
      return deps.wallet.ledgerCheck();
    },
  });

  router.route({
    ...walletSchemas.adminWithdrawalReviews,
    summary: 'Withdrawals above the review threshold waiting for a decision, oldest first (operator token)',
    tags: ['operator'],
    auth: 'public',
    handler: async ({ request }) => {
      guard(request);
      return deps.reviews.pending();
    },
  });

  router.route({
    ...walletSchemas.adminWithdrawalReview,
    summary:
      'Approve a withdrawal under review (it goes to the chain) or reject it (its money unfreezes) (operator token)',
    tags: ['operator'],
    auth: 'public',
    handler: async ({ request, input }) => {
      guard(request);
      return deps.reviews.decide(input);
    },
  });
}

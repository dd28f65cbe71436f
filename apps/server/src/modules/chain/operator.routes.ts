import { Status } from '@polaris/contract';
import { chainSchemas } from '@polaris/contract/schemas';
import { AppError } from '../../platform/errors.ts';
import { operatorGuard } from '../../platform/operator-guard.ts';
import type { Router } from '../../platform/router.ts';
import { FundingRefused } from './funding.service.ts';
import { NftDeployRefused } from './nft.service.ts';
import type { ChainService } from './service.ts';

/** The chain module's operator routes (loopback and the admin token, as wallet/operator.routes.ts). */
export function chainOperatorRoutes(router: Router, deps: { chains: ChainService; adminToken: string }) {
  const guard = operatorGuard(deps.adminToken);

  router.route({
    ...chainSchemas.adminChainCancel,
    summary: 'Cancel a withdrawal not yet mined, by our own transaction at its nonce (operator token)',
    tags: ['operator'],
    auth: 'public',
    handler: async ({ input, request }) => {
      guard(request);
      const cancel = await deps.chains.cancelWithdrawal(input.withdrawal);
      if (!cancel) throw new AppError(Status.conflict, 'wallet.cancelNotPossible');
      return { hash: cancel.hash, nonce: String(cancel.nonce), attempt: cancel.attempt };
    },
  });

  router.route({
    ...chainSchemas.adminChainReconcile,
    summary: 'What each chain on a node holds against the records (operator token)',
    tags: ['operator'],
    auth: 'public',
    handler: async ({ request }) => {
      guard(request);
      const lines = await deps.chains.reconcile();
      return { ok: lines.every((line) => line.unexplained === '0'), lines };
    },
  });

  router.route({
    ...chainSchemas.adminChainHot,
    summary: 'Where the hot wallet stands against its target and ceiling, per chain and asset (operator token)',
    tags: ['operator'],
    auth: 'public',
    handler: async ({ request }) => {
      guard(request);
      return { lines: await deps.chains.hotLevels() };
    },
  });

  router.route({
    ...chainSchemas.adminChainFund,
    summary: "Record an operator's transaction to or from the hot wallet (operator token)",
    tags: ['operator'],
    auth: 'public',
    handler: async ({ input, request }) => {
      guard(request);
      try {
        return { lines: await deps.chains.fund(input.chain, input.tx) };
      } catch (error) {
        if (error instanceof FundingRefused)
          throw new AppError(Status.conflict, 'wallet.fundingRefused', { reason: error.message });
        throw error;
      }
    },
  });

  router.route({
    ...chainSchemas.adminChainNftDeploy,
    summary:
      'Sign the attendance NFT contract deployment from the hot wallet, its owner, with the next database nonce (operator token)',
    tags: ['operator'],
    auth: 'public',
    handler: async ({ input, request }) => {
      guard(request);
      try {
        return await deps.chains.deployNft(input.chain, {
          name: 'Polaris Attendance',
          symbol: 'PATT',
          baseUri: input.baseUri,
        });
      } catch (error) {
        if (error instanceof NftDeployRefused)
          throw new AppError(Status.conflict, 'activity.nftDeployRefused', { reason: error.message });
        throw error;
      }
    },
  });
}

import type { ChainNftDeployInput, ChainNftDeployOutput } from '../activity/nft-chain.ts';
import { route } from '../api-route.ts';
import type { EmptyInput } from '../auth.ts';
import type * as s from '../wallet.ts';

/** The chain module's calls (apps/server/src/modules/chain): paths and types only; schemas in chain.schemas.ts. */
export const chainApi = {
  adminChainCancel: route<typeof s.ChainCancelInput, typeof s.ChainCancelOutput>('POST', '/admin/chain/cancel'),
  adminChainReconcile: route<typeof EmptyInput, typeof s.ChainReconcileOutput>('GET', '/admin/chain/reconcile'),
  adminChainHot: route<typeof EmptyInput, typeof s.ChainHotOutput>('GET', '/admin/chain/hot'),
  adminChainFund: route<typeof s.ChainFundInput, typeof s.ChainFundOutput>('POST', '/admin/chain/fund'),
  adminChainNftDeploy: route<typeof ChainNftDeployInput, typeof ChainNftDeployOutput>(
    'POST',
    '/admin/chain/nft-deploy',
  ),
};

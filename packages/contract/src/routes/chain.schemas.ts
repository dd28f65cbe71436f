import { ChainNftDeployInput, ChainNftDeployOutput } from '../activity/nft-chain.ts';
import { withSchemas } from '../api-route.ts';
import { EmptyInput } from '../auth.ts';
import * as s from '../wallet.ts';
import { chainApi as api } from './chain.ts';

/** The chain module's calls with their schemas: what the server registers and development builds parse with. */
export const chainSchemas = {
  adminChainCancel: withSchemas(api.adminChainCancel, s.ChainCancelInput, s.ChainCancelOutput),
  adminChainReconcile: withSchemas(api.adminChainReconcile, EmptyInput, s.ChainReconcileOutput),
  adminChainHot: withSchemas(api.adminChainHot, EmptyInput, s.ChainHotOutput),
  adminChainFund: withSchemas(api.adminChainFund, s.ChainFundInput, s.ChainFundOutput),
  adminChainNftDeploy: withSchemas(api.adminChainNftDeploy, ChainNftDeployInput, ChainNftDeployOutput),
};

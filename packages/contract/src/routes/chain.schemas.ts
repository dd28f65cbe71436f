import { ChainNftDeployInput, ChainNftDeployOutput } from '../activity/nft-chain.ts';
import { withSchemas } from '../api-route.ts';
import { EmptyInput } from '../auth.ts';
import {
  ChainCancelInput,
  ChainCancelOutput,
  ChainFundInput,
  ChainFundOutput,
  ChainReconcileOutput,
} from '../wallet.ts';
import { chainApi as api } from './chain.ts';

/** The chain module's calls with their schemas: what the server registers and development builds parse with. */
export const chainSchemas = {
  adminChainCancel: withSchemas(api.adminChainCancel, ChainCancelInput, ChainCancelOutput),
  adminChainReconcile: withSchemas(api.adminChainReconcile, EmptyInput, ChainReconcileOutput),
  adminChainFund: withSchemas(api.adminChainFund, ChainFundInput, ChainFundOutput),
  adminChainNftDeploy: withSchemas(api.adminChainNftDeploy, ChainNftDeployInput, ChainNftDeployOutput),
};

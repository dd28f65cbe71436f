import {
  AirdropCreateInput,
  AirdropCreateOutput,
  AirdropDetailOutput,
  AirdropIdInput,
  AirdropListInput,
  AirdropListOutput,
  AirdropSignupOutput,
} from '../airdrop.ts';
import { withSchemas } from '../api-route.ts';
import { airdropApi as api } from './airdrop.ts';

/** The airdrop module's calls with their schemas: what the server registers and development builds parse with. */
export const airdropSchemas = {
  list: withSchemas(api.list, AirdropListInput, AirdropListOutput),
  detail: withSchemas(api.detail, AirdropIdInput, AirdropDetailOutput),
  signup: withSchemas(api.signup, AirdropIdInput, AirdropSignupOutput),
  adminAirdropCreate: withSchemas(api.adminAirdropCreate, AirdropCreateInput, AirdropCreateOutput),
};

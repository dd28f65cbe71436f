import * as s from '../airdrop.ts';
import { withSchemas } from '../api-route.ts';
import { airdropApi as api } from './airdrop.ts';

/** The airdrop module's calls with their schemas: what the server registers and development builds parse with. */
export const airdropSchemas = {
  list: withSchemas(api.list, s.AirdropListInput, s.AirdropListOutput),
  detail: withSchemas(api.detail, s.AirdropIdInput, s.AirdropDetailOutput),
  signup: withSchemas(api.signup, s.AirdropIdInput, s.AirdropSignupOutput),
  adminAirdropCreate: withSchemas(api.adminAirdropCreate, s.AirdropCreateInput, s.AirdropCreateOutput),
};

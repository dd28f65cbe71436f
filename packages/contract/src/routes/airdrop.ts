import type * as s from '../airdrop.ts';
import { route } from '../api-route.ts';

/** The airdrop module's calls (apps/server/src/modules/airdrop): paths and types only; schemas in airdrop.schemas.ts. */
export const airdropApi = {
  list: route<typeof s.AirdropListInput, typeof s.AirdropListOutput>('GET', '/airdrop/list'),
  detail: route<typeof s.AirdropIdInput, typeof s.AirdropDetailOutput>('GET', '/airdrop/detail'),
  signup: route<typeof s.AirdropIdInput, typeof s.AirdropSignupOutput>('POST', '/airdrop/signup'),
  adminAirdropCreate: route<typeof s.AirdropCreateInput, typeof s.AirdropCreateOutput>('POST', '/admin/airdrop/create'),
};

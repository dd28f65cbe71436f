import type {
  AirdropCreateInput,
  AirdropCreateOutput,
  AirdropDetailOutput,
  AirdropIdInput,
  AirdropListInput,
  AirdropListOutput,
  AirdropSignupOutput,
} from '../airdrop.ts';
import { route } from '../api-route.ts';

/** The airdrop module's calls (apps/server/src/modules/airdrop): paths and types only; schemas in airdrop.schemas.ts. */
export const airdropApi = {
  list: route<typeof AirdropListInput, typeof AirdropListOutput>('GET', '/airdrop/list'),
  detail: route<typeof AirdropIdInput, typeof AirdropDetailOutput>('GET', '/airdrop/detail'),
  signup: route<typeof AirdropIdInput, typeof AirdropSignupOutput>('POST', '/airdrop/signup'),
  adminAirdropCreate: route<typeof AirdropCreateInput, typeof AirdropCreateOutput>('POST', '/admin/airdrop/create'),
};

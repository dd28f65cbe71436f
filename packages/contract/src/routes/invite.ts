import { route } from '../api-route.ts';
import type * as s from '../invite.ts';

/** The invite module's calls (apps/server/src/modules/invite): paths and types only; schemas in invite.schemas.ts. */
export const inviteApi = {
  userGetInvitedInfo: route<typeof s.InvitedInfoInput, typeof s.InvitedInfoOutput>('POST', '/user/getInvitedInfo'),
  userInviteBind: route<typeof s.InviteBindInput, typeof s.InviteBindOutput>('POST', '/user/invite/bind'),
  adminInviteFund: route<typeof s.InviteFundInput, typeof s.InviteFundOutput>('POST', '/admin/invite/fund'),
};

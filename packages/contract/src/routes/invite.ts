import { route } from '../api-route.ts';
import type {
  InviteBindInput,
  InviteBindOutput,
  InvitedInfoInput,
  InvitedInfoOutput,
  InviteFundInput,
  InviteFundOutput,
} from '../invite.ts';

/** The invite module's calls (apps/server/src/modules/invite): paths and types only; schemas in invite.schemas.ts. */
export const inviteApi = {
  userGetInvitedInfo: route<typeof InvitedInfoInput, typeof InvitedInfoOutput>('POST', '/user/getInvitedInfo'),
  userInviteBind: route<typeof InviteBindInput, typeof InviteBindOutput>('POST', '/user/invite/bind'),
  adminInviteFund: route<typeof InviteFundInput, typeof InviteFundOutput>('POST', '/admin/invite/fund'),
};

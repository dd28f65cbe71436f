import { withSchemas } from '../api-route.ts';
import * as s from '../invite.ts';
import { inviteApi as api } from './invite.ts';

/** The invite module's calls with their schemas: what the server registers and development builds parse with. */
export const inviteSchemas = {
  userGetInvitedInfo: withSchemas(api.userGetInvitedInfo, s.InvitedInfoInput, s.InvitedInfoOutput),
  userInviteBind: withSchemas(api.userInviteBind, s.InviteBindInput, s.InviteBindOutput),
  adminInviteFund: withSchemas(api.adminInviteFund, s.InviteFundInput, s.InviteFundOutput),
};

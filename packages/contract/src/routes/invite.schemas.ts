import { withSchemas } from '../api-route.ts';
import {
  InviteBindInput,
  InviteBindOutput,
  InvitedInfoInput,
  InvitedInfoOutput,
  InviteFundInput,
  InviteFundOutput,
} from '../invite.ts';
import { inviteApi as api } from './invite.ts';

/** The invite module's calls with their schemas: what the server registers and development builds parse with. */
export const inviteSchemas = {
  userGetInvitedInfo: withSchemas(api.userGetInvitedInfo, InvitedInfoInput, InvitedInfoOutput),
  userInviteBind: withSchemas(api.userInviteBind, InviteBindInput, InviteBindOutput),
  adminInviteFund: withSchemas(api.adminInviteFund, InviteFundInput, InviteFundOutput),
};

import { withSchemas } from '../api-route.ts';
import { EmptyInput } from '../auth.ts';
import * as s from '../redpacket.ts';
import { redpacketApi as api } from './redpacket.ts';

/** The redpacket module's calls with their schemas: what the server registers and development builds parse with. */
export const redpacketSchemas = {
  send: withSchemas(api.send, s.RedPacketSendInput, s.RedPacketOutput),
  detail: withSchemas(api.detail, s.RedPacketRefInput, s.RedPacketOutput),
  claim: withSchemas(api.claim, s.RedPacketClaimInput, s.RedPacketClaimResultOutput),
  claims: withSchemas(api.claims, s.RedPacketClaimsInput, s.RedPacketClaimsOutput),
  mine: withSchemas(api.mine, s.RedPacketMineInput, s.RedPacketMineOutput),
  openRedpacketMyInfo: withSchemas(api.openRedpacketMyInfo, EmptyInput, s.RedPacketMyInfoOutput),
};

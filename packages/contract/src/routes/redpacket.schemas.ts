import { withSchemas } from '../api-route.ts';
import { EmptyInput } from '../auth.ts';
import {
  RedPacketClaimInput,
  RedPacketClaimResultOutput,
  RedPacketClaimsInput,
  RedPacketClaimsOutput,
  RedPacketMineInput,
  RedPacketMineOutput,
  RedPacketMyInfoOutput,
  RedPacketOutput,
  RedPacketRefInput,
  RedPacketSendInput,
} from '../redpacket.ts';
import { redpacketApi as api } from './redpacket.ts';

/** The redpacket module's calls with their schemas: what the server registers and development builds parse with. */
export const redpacketSchemas = {
  send: withSchemas(api.send, RedPacketSendInput, RedPacketOutput),
  detail: withSchemas(api.detail, RedPacketRefInput, RedPacketOutput),
  claim: withSchemas(api.claim, RedPacketClaimInput, RedPacketClaimResultOutput),
  claims: withSchemas(api.claims, RedPacketClaimsInput, RedPacketClaimsOutput),
  mine: withSchemas(api.mine, RedPacketMineInput, RedPacketMineOutput),
  openRedpacketMyInfo: withSchemas(api.openRedpacketMyInfo, EmptyInput, RedPacketMyInfoOutput),
};

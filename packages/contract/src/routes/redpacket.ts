import { route } from '../api-route.ts';
import type { EmptyInput } from '../auth.ts';
import type * as s from '../redpacket.ts';

/** The redpacket module's calls (apps/server/src/modules/redpacket): paths and types only; schemas in redpacket.schemas.ts. */
export const redpacketApi = {
  send: route<typeof s.RedPacketSendInput, typeof s.RedPacketOutput>('POST', '/redpacket/send'),
  detail: route<typeof s.RedPacketRefInput, typeof s.RedPacketOutput>('GET', '/redpacket/detail'),
  claim: route<typeof s.RedPacketClaimInput, typeof s.RedPacketClaimResultOutput>('POST', '/redpacket/claim'),
  claims: route<typeof s.RedPacketClaimsInput, typeof s.RedPacketClaimsOutput>('GET', '/redpacket/claims'),
  mine: route<typeof s.RedPacketMineInput, typeof s.RedPacketMineOutput>('GET', '/redpacket/mine'),
  openRedpacketMyInfo: route<typeof EmptyInput, typeof s.RedPacketMyInfoOutput>('GET', '/open/redpacket/my/info'),
};

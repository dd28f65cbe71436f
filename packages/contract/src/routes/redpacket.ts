import { route } from '../api-route.ts';
import type { EmptyInput } from '../auth.ts';
import type {
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

/** The redpacket module's calls (apps/server/src/modules/redpacket): paths and types only; schemas in redpacket.schemas.ts. */
export const redpacketApi = {
  send: route<typeof RedPacketSendInput, typeof RedPacketOutput>('POST', '/redpacket/send'),
  detail: route<typeof RedPacketRefInput, typeof RedPacketOutput>('GET', '/redpacket/detail'),
  claim: route<typeof RedPacketClaimInput, typeof RedPacketClaimResultOutput>('POST', '/redpacket/claim'),
  claims: route<typeof RedPacketClaimsInput, typeof RedPacketClaimsOutput>('GET', '/redpacket/claims'),
  mine: route<typeof RedPacketMineInput, typeof RedPacketMineOutput>('GET', '/redpacket/mine'),
  openRedpacketMyInfo: route<typeof EmptyInput, typeof RedPacketMyInfoOutput>('GET', '/open/redpacket/my/info'),
};

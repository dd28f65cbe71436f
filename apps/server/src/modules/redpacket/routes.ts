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
} from '@polaris/contract';
import { z } from 'zod';
import type { Router } from '../../platform/router.ts';
import type { RedPacketService } from './service.ts';

const tags = ['redpacket'];

export function redPacketRoutes(router: Router, packets: RedPacketService): void {
  router.route({
    method: 'POST',
    path: '/redpacket/send',
    summary: 'Send a red packet: its amount leaves the available balance into escrow (trade password, idempotent)',
    tags,
    auth: 'user',
    region: 'gated',
    input: RedPacketSendInput,
    output: RedPacketOutput,
    handler: ({ input, user }) => packets.send(user, input),
  });
  router.route({
    method: 'GET',
    path: '/redpacket/detail',
    summary: 'A red packet as its viewer sees it: sender, greeting, state, and the viewer’s share',
    tags,
    auth: 'optional',
    input: RedPacketRefInput,
    output: RedPacketOutput,
    handler: ({ input, user }) => packets.detail(input.redpacketCode, user?.id ?? null),
  });
  router.route({
    method: 'POST',
    path: '/redpacket/claim',
    summary: 'Open a red packet: one share per person, into the available balance at once',
    tags,
    auth: 'user',
    region: 'gated',
    input: RedPacketClaimInput,
    output: RedPacketClaimResultOutput,
    handler: ({ input, user }) =>
      packets.claim(user.id, { code: input.redpacketCode, password: input.password, captcha: input.captcha }),
  });
  router.route({
    method: 'GET',
    path: '/redpacket/claims',
    summary: 'Who opened a red packet and what they got; the luckiest once it is finished',
    tags,
    auth: 'optional',
    input: RedPacketClaimsInput,
    output: RedPacketClaimsOutput,
    handler: ({ input, user }) => packets.claims(input.redpacketCode, user?.id ?? null, input),
  });
  router.route({
    method: 'GET',
    path: '/redpacket/mine',
    summary: 'The red packets I sent, or those I received with my share',
    tags,
    auth: 'user',
    input: RedPacketMineInput,
    output: RedPacketMineOutput,
    handler: ({ input, user }) => packets.mine(user.id, input),
  });
  router.route({
    method: 'GET',
    path: '/open/redpacket/my/info',
    summary: 'What I sent and received in red packets, counted and summed per asset',
    tags,
    auth: 'user',
    input: z.object({}),
    output: RedPacketMyInfoOutput,
    handler: ({ user }) => packets.myInfo(user.id),
  });
}

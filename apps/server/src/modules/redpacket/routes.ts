import { redpacketSchemas } from '@polaris/contract/schemas';
import type { Router } from '../../platform/router.ts';
import type { RedPacketService } from './service.ts';

const tags = ['redpacket'];

export function redPacketRoutes(router: Router, packets: RedPacketService): void {
  router.route({
    ...redpacketSchemas.send,
    summary: 'Send a red packet: its amount leaves the available balance into escrow (trade password, idempotent)',
    tags,
    auth: 'user',
    region: 'gated',
    handler: ({ input, user }) => packets.send(user, input),
  });
  router.route({
    ...redpacketSchemas.detail,
    summary: 'A red packet as its viewer sees it: sender, greeting, state, and the viewer’s share',
    tags,
    auth: 'optional',
    handler: ({ input, user }) => packets.detail(input.redpacketCode, user?.id ?? null),
  });
  router.route({
    ...redpacketSchemas.claim,
    summary: 'Open a red packet: one share per person, into the available balance at once',
    tags,
    auth: 'user',
    region: 'gated',
    handler: ({ input, user }) =>
      packets.claim(user.id, { code: input.redpacketCode, password: input.password, captcha: input.captcha }),
  });
  router.route({
    ...redpacketSchemas.claims,
    summary: 'Who opened a red packet and what they got; the luckiest once it is finished',
    tags,
    auth: 'optional',
    handler: ({ input, user }) => packets.claims(input.redpacketCode, user?.id ?? null, input),
  });
  router.route({
    ...redpacketSchemas.mine,
    summary: 'The red packets I sent, or those I received with my share',
    tags,
    auth: 'user',
    handler: ({ input, user }) => packets.mine(user.id, input),
  });
  router.route({
    ...redpacketSchemas.openRedpacketMyInfo,
    summary: 'What I sent and received in red packets, counted and summed per asset',
    tags,
    auth: 'user',
    handler: ({ user }) => packets.myInfo(user.id),
  });
}

import { airdropSchemas } from '@polaris/contract/schemas';
import type { FastifyRequest } from 'fastify';
import type { Router } from '../../platform/router.ts';
import type { AirdropService } from './service.ts';

const tags = ['airdrop'];

export function airdropRoutes(router: Router, airdrops: AirdropService): void {
  router.route({
    ...airdropSchemas.list,
    summary: 'Current (not yet distributed) or past airdrops, newest first, with the caller’s sign-up',
    tags,
    auth: 'optional',
    handler: ({ input, user }) => airdrops.list(user?.id ?? null, input),
  });
  router.route({
    ...airdropSchemas.detail,
    summary: 'One airdrop; for a logged-in caller, their sign-up and whether they meet each rule now',
    tags,
    auth: 'optional',
    handler: ({ input, user }) => airdrops.detail(user?.id ?? null, Number(input.id)),
  });
  router.route({
    ...airdropSchemas.signup,
    summary: 'Sign up for an airdrop during its window, if the caller meets its rules (once per person)',
    tags,
    auth: 'user',
    region: 'gated',
    handler: ({ input, user }) => airdrops.signup(user.id, Number(input.id)),
  });
}

/** `npm run airdrop:create` (docs/airdrops.md), behind the operator token like the wallet's operator routes. */
export function airdropOperatorRoutes(
  router: Router,
  airdrops: AirdropService,
  guard: (request: FastifyRequest) => void,
): void {
  router.route({
    ...airdropSchemas.adminAirdropCreate,
    summary: 'Create an airdrop and fund its pool (operator token)',
    tags: ['operator'],
    auth: 'public',
    handler: async ({ input, request }) => {
      guard(request);
      return airdrops.create(input);
    },
  });
}

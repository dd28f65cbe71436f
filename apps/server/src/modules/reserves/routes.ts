import { reservesSchemas } from '@polaris/contract/schemas';
import { requireOperator } from '../../platform/operator-guard.ts';
import type { Router } from '../../platform/router.ts';
import type { ReservesService } from './service.ts';

const tags = ['reserves'];

export function reservesRoutes(router: Router, reserves: ReservesService): void {
  router.route({
    ...reservesSchemas.reservesLatest,
    summary:
      'The latest proof-of-reserves snapshot: its root, and per asset what is owed, what custody holds, the ratio',
    tags,
    auth: 'user',
    handler: () => reserves.latest(),
  });
  router.route({
    ...reservesSchemas.reservesMine,
    summary: 'My leaf in the latest proof-of-reserves snapshot and its path to the root (the proof file)',
    tags,
    auth: 'user',
    handler: ({ user }) => reserves.mine(user),
  });
}

/** Operator route (local machine, admin token): take and publish a snapshot (`npm run reserves:publish`). */
export function reservesOperatorRoutes(router: Router, deps: { reserves: ReservesService; adminToken: string }): void {
  router.route({
    ...reservesSchemas.adminReservesPublish,
    summary: 'Take a proof-of-reserves snapshot: the ledger at one moment, custody on the chains (operator token)',
    tags: ['operator'],
    auth: 'public',
    handler: async ({ request }) => {
      requireOperator(request, deps.adminToken);
      return deps.reserves.publish();
    },
  });
}

import { FILE_PATHS } from '@polaris/contract';
import { activitySchemas } from '@polaris/contract/schemas';
import { z } from 'zod';
import type { Router } from '../../platform/router.ts';
import type { WalletPassService } from './wallet-pass.service.ts';

const tags = ['activity'];

/** A confirmed ticket for Apple Wallet (a file) and Google Wallet (a link) (docs/activities.md "Wallet passes"). */
export function walletPassRoutes(router: Router, { walletPasses }: { walletPasses: WalletPassService }): void {
  router.raw({
    method: 'GET',
    path: FILE_PATHS.applePass,
    summary: "The caller's confirmed ticket as a signed Apple Wallet pass (only where a pass certificate is set)",
    tags,
    auth: 'user',
    input: z.object({ activityId: z.string().min(1).max(40) }),
    params: {},
    produces: 'application/vnd.apple.pkpass',
    handler: async ({ input, user, language }) => ({
      type: 'application/vnd.apple.pkpass',
      headers: { 'content-disposition': 'attachment; filename="ticket.pkpass"' },
      body: await walletPasses.applePass(user.id, input.activityId, language),
    }),
  });

  router.route({
    ...activitySchemas.ticketGoogleWallet,
    summary: "The caller's confirmed ticket as a 'save to Google Wallet' link (only where a service account is set)",
    tags,
    auth: 'user',
    handler: ({ input, user, language }) => walletPasses.googleWallet(user.id, input.activityId, language),
  });
}

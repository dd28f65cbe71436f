import { KYC_DOCUMENTS, text } from '@polaris/contract';
import { identitySchemas } from '@polaris/contract/schemas';
import { z } from 'zod';
import { operatorGuard } from '../../platform/operator-guard.ts';
import type { Router } from '../../platform/router.ts';
import type { KycService } from './kyc.service.ts';

/** `owner` is the user's uid: the query's own `uid` is the caller's (SPEC §7 appends it to every call). */
const DocumentInput = z.object({
  owner: text().regex(/^\d{1,15}$/, { error: 'validation.invalid' }),
  kind: z.enum(KYC_DOCUMENTS, { error: 'identity.documentKindInvalid' }),
});

/**
 * Identity review for the operator (`npm run kyc:review`), answered only on this machine with the token in
 * DATA_DIR/admin.token, like the wallet's operator routes.
 */
export function kycOperatorRoutes(router: Router, deps: { kyc: KycService; adminToken: string }) {
  const guard = operatorGuard(deps.adminToken);
  const tags = ['operator'];

  router.route({
    ...identitySchemas.adminKycPending,
    summary: 'Identity checks waiting for review, oldest first, ID numbers opened (operator token)',
    tags,
    auth: 'public',
    handler: async ({ request }) => {
      guard(request);
      return deps.kyc.pending();
    },
  });

  router.raw({
    method: 'GET',
    path: '/admin/kyc/document',
    summary: 'One document photo of a check, as JPEG (operator token)',
    tags,
    auth: 'public',
    input: DocumentInput,
    params: {},
    produces: 'image/jpeg',
    handler: async ({ request, input }) => {
      guard(request);
      return {
        type: 'image/jpeg',
        headers: { 'cache-control': 'no-store' },
        body: await deps.kyc.document(Number(input.owner), input.kind),
      };
    },
  });

  router.route({
    ...identitySchemas.adminKycReview,
    summary: 'Approve or reject (with a reason) a pending identity check (operator token)',
    tags,
    auth: 'public',
    handler: async ({ request, input }) => {
      guard(request);
      return deps.kyc.review(input);
    },
  });
}

import { FILE_PATHS, KYC_DOCUMENT_MAX_BYTES, Kyc2Input, KycStatusOutput } from '@polaris/contract';
import { identitySchemas } from '@polaris/contract/schemas';
import type { Router } from '../../platform/router.ts';
import type { KycService } from './kyc.service.ts';
import type { PhoneService } from './phone.service.ts';

const tags = ['identity'];

export function identityRoutes(router: Router, deps: { phones: PhoneService; kyc: KycService }): void {
  const { phones, kyc } = deps;

  router.route({
    ...identitySchemas.openCheckPhone,
    summary: 'Whether a phone number is valid for its area code, and free (not bound to any account)',
    tags,
    auth: 'optional',
    rateLimit: 'code',
    handler: ({ input }) => phones.check(input),
  });

  router.route({
    ...identitySchemas.userBindingPhoneVcode,
    summary: 'Text a 6-digit code to a valid, free number, for binding it (once a minute)',
    tags,
    auth: 'user',
    rateLimit: 'code',
    handler: ({ input, user, language }) => phones.sendCode(user.id, input, language),
  });

  router.route({
    ...identitySchemas.userBindingPhone,
    summary: 'Bind (or change) the phone with the texted code; five wrong codes per 15 minutes',
    tags,
    auth: 'user',
    rateLimit: 'auth',
    handler: ({ input, user }) => phones.bind(user.id, input),
  });

  router.route({
    ...identitySchemas.userVerification,
    summary: 'The bound phone (masked) and the state of identity verification',
    tags,
    auth: 'user',
    handler: async ({ user }) => ({ phone: await phones.phoneOf(user.id), kyc: await kyc.status(user.id) }),
  });

  router.route({
    ...identitySchemas.userSelectAuthLevel,
    summary: 'Choose the verification level to apply for: 1 (details) or 2 (details, phone and document photos)',
    tags,
    auth: 'user',
    handler: ({ input, user }) => kyc.selectLevel(user.id, input.level),
  });

  router.route({
    ...identitySchemas.userKyc1,
    summary: 'Save the legal name, country, ID type and ID number (the number is sealed at rest)',
    tags,
    auth: 'user',
    rateLimit: 'auth',
    handler: ({ input, user }) => kyc.saveDetails(user.id, input),
  });

  router.raw({
    method: 'POST',
    path: FILE_PATHS.kycDocumentUpload,
    summary: 'Upload one document photo (`kind`: front, back or selfie; JPEG, PNG or WebP, at most 5 MB) for level 2',
    tags,
    auth: 'user',
    rateLimit: 'auth',
    input: Kyc2Input,
    params: {},
    multipart: {
      fileSize: KYC_DOCUMENT_MAX_BYTES,
      files: 1,
      fields: 5,
      parts: 6,
      missing: 'identity.documentMissing',
      tooLarge: 'identity.documentTooLarge',
    },
    output: KycStatusOutput,
    handler: ({ upload, user, input }) => kyc.saveDocument(user.id, input.kind, upload!.bytes),
  });

  router.route({
    ...identitySchemas.userSubmitUserInfo,
    summary: 'Submit the verification for review once everything its level needs is there',
    tags,
    auth: 'user',
    handler: ({ user, language }) => kyc.submit(user.id, language),
  });
}

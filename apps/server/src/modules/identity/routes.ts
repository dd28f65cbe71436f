import {
  BindPhoneInput,
  BoundPhoneOutput,
  CheckPhoneOutput,
  EmptyInput,
  KYC_DOCUMENT_MAX_BYTES,
  Kyc1Input,
  Kyc2Input,
  KycStatusOutput,
  PhoneInput,
  SelectAuthLevelInput,
  SendCodeOutput,
  VerificationOutput,
} from '@polaris/contract';
import type { Router } from '../../platform/router.ts';
import type { KycService } from './kyc.service.ts';
import type { PhoneService } from './phone.service.ts';

const tags = ['identity'];

export function identityRoutes(router: Router, deps: { phones: PhoneService; kyc: KycService }): void {
  const { phones, kyc } = deps;

  router.route({
    method: 'POST',
    path: '/open/check/phone',
    summary: 'Whether a phone number is valid for its area code, and free (not bound to any account)',
    tags,
    auth: 'optional',
    rateLimit: 'code',
    input: PhoneInput,
    output: CheckPhoneOutput,
    handler: ({ input }) => phones.check(input),
  });

  router.route({
    method: 'POST',
    path: '/user/binding/phone/vcode',
    summary: 'Text a 6-digit code to a valid, free number, for binding it (once a minute)',
    tags,
    auth: 'user',
    rateLimit: 'code',
    input: PhoneInput,
    output: SendCodeOutput,
    handler: ({ input, user, language }) => phones.sendCode(user.id, input, language),
  });

  router.route({
    method: 'POST',
    path: '/user/binding/phone',
    summary: 'Bind (or change) the phone with the texted code; five wrong codes per 15 minutes',
    tags,
    auth: 'user',
    rateLimit: 'auth',
    input: BindPhoneInput,
    output: BoundPhoneOutput,
    handler: ({ input, user }) => phones.bind(user.id, input),
  });

  router.route({
    method: 'GET',
    path: '/user/verification',
    summary: 'The bound phone (masked) and the state of identity verification',
    tags,
    auth: 'user',
    input: EmptyInput,
    output: VerificationOutput,
    handler: async ({ user }) => ({ phone: await phones.phoneOf(user.id), kyc: await kyc.status(user.id) }),
  });

  router.route({
    method: 'POST',
    path: '/user/selectAuthLevel',
    summary: 'Choose the verification level to apply for: 1 (details) or 2 (details, phone and document photos)',
    tags,
    auth: 'user',
    input: SelectAuthLevelInput,
    output: KycStatusOutput,
    handler: ({ input, user }) => kyc.selectLevel(user.id, input.level),
  });

  router.route({
    method: 'POST',
    path: '/user/kyc1',
    summary: 'Save the legal name, country, ID type and ID number (the number is sealed at rest)',
    tags,
    auth: 'user',
    rateLimit: 'auth',
    input: Kyc1Input,
    output: KycStatusOutput,
    handler: ({ input, user }) => kyc.saveDetails(user.id, input),
  });

  router.raw({
    method: 'POST',
    path: '/user/kyc2',
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
    method: 'POST',
    path: '/user/submitUserInfo',
    summary: 'Submit the verification for review once everything its level needs is there',
    tags,
    auth: 'user',
    input: EmptyInput,
    output: KycStatusOutput,
    handler: ({ user, language }) => kyc.submit(user.id, language),
  });
}

import { route } from '../api-route.ts';
import type { EmptyInput, SendCodeOutput } from '../auth.ts';
import type * as s from '../identity.ts';

/** The identity module's calls (apps/server/src/modules/identity): paths and types only; schemas in identity.schemas.ts. */
export const identityApi = {
  adminKycPending: route<typeof EmptyInput, typeof s.KycPendingOutput>('GET', '/admin/kyc/pending'),
  adminKycReview: route<typeof s.KycReviewInput, typeof s.KycReviewOutput>('POST', '/admin/kyc/review'),
  openCheckPhone: route<typeof s.PhoneInput, typeof s.CheckPhoneOutput>('POST', '/open/check/phone'),
  userBindingPhoneVcode: route<typeof s.PhoneInput, typeof SendCodeOutput>('POST', '/user/binding/phone/vcode'),
  userBindingPhone: route<typeof s.BindPhoneInput, typeof s.BoundPhoneOutput>('POST', '/user/binding/phone'),
  userVerification: route<typeof EmptyInput, typeof s.VerificationOutput>('GET', '/user/verification'),
  userSelectAuthLevel: route<typeof s.SelectAuthLevelInput, typeof s.KycStatusOutput>('POST', '/user/selectAuthLevel'),
  userKyc1: route<typeof s.Kyc1Input, typeof s.KycStatusOutput>('POST', '/user/kyc1'),
  userSubmitUserInfo: route<typeof EmptyInput, typeof s.KycStatusOutput>('POST', '/user/submitUserInfo'),
};

import { route } from '../api-route.ts';
import type { EmptyInput, SendCodeOutput } from '../auth.ts';
import type {
  BindPhoneInput,
  BoundPhoneOutput,
  CheckPhoneOutput,
  Kyc1Input,
  KycPendingOutput,
  KycReviewInput,
  KycReviewOutput,
  KycStatusOutput,
  PhoneInput,
  SelectAuthLevelInput,
  VerificationOutput,
} from '../identity.ts';

/** The identity module's calls (apps/server/src/modules/identity): paths and types only; schemas in identity.schemas.ts. */
export const identityApi = {
  adminKycPending: route<typeof EmptyInput, typeof KycPendingOutput>('GET', '/admin/kyc/pending'),
  adminKycReview: route<typeof KycReviewInput, typeof KycReviewOutput>('POST', '/admin/kyc/review'),
  openCheckPhone: route<typeof PhoneInput, typeof CheckPhoneOutput>('POST', '/open/check/phone'),
  userBindingPhoneVcode: route<typeof PhoneInput, typeof SendCodeOutput>('POST', '/user/binding/phone/vcode'),
  userBindingPhone: route<typeof BindPhoneInput, typeof BoundPhoneOutput>('POST', '/user/binding/phone'),
  userVerification: route<typeof EmptyInput, typeof VerificationOutput>('GET', '/user/verification'),
  userSelectAuthLevel: route<typeof SelectAuthLevelInput, typeof KycStatusOutput>('POST', '/user/selectAuthLevel'),
  userKyc1: route<typeof Kyc1Input, typeof KycStatusOutput>('POST', '/user/kyc1'),
  userSubmitUserInfo: route<typeof EmptyInput, typeof KycStatusOutput>('POST', '/user/submitUserInfo'),
};

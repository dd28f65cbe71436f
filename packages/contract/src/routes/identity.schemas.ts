import { withSchemas } from '../api-route.ts';
import { EmptyInput, SendCodeOutput } from '../auth.ts';
import * as s from '../identity.ts';
import { identityApi as api } from './identity.ts';

/** The identity module's calls with their schemas: what the server registers and development builds parse with. */
export const identitySchemas = {
  adminKycPending: withSchemas(api.adminKycPending, EmptyInput, s.KycPendingOutput),
  adminKycReview: withSchemas(api.adminKycReview, s.KycReviewInput, s.KycReviewOutput),
  openCheckPhone: withSchemas(api.openCheckPhone, s.PhoneInput, s.CheckPhoneOutput),
  userBindingPhoneVcode: withSchemas(api.userBindingPhoneVcode, s.PhoneInput, SendCodeOutput),
  userBindingPhone: withSchemas(api.userBindingPhone, s.BindPhoneInput, s.BoundPhoneOutput),
  userVerification: withSchemas(api.userVerification, EmptyInput, s.VerificationOutput),
  userSelectAuthLevel: withSchemas(api.userSelectAuthLevel, s.SelectAuthLevelInput, s.KycStatusOutput),
  userKyc1: withSchemas(api.userKyc1, s.Kyc1Input, s.KycStatusOutput),
  userSubmitUserInfo: withSchemas(api.userSubmitUserInfo, EmptyInput, s.KycStatusOutput),
};

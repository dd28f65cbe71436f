import { withSchemas } from '../api-route.ts';
import { EmptyInput, SendCodeOutput } from '../auth.ts';
import {
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
import { identityApi as api } from './identity.ts';

/** The identity module's calls with their schemas: what the server registers and development builds parse with. */
export const identitySchemas = {
  adminKycPending: withSchemas(api.adminKycPending, EmptyInput, KycPendingOutput),
  adminKycReview: withSchemas(api.adminKycReview, KycReviewInput, KycReviewOutput),
  openCheckPhone: withSchemas(api.openCheckPhone, PhoneInput, CheckPhoneOutput),
  userBindingPhoneVcode: withSchemas(api.userBindingPhoneVcode, PhoneInput, SendCodeOutput),
  userBindingPhone: withSchemas(api.userBindingPhone, BindPhoneInput, BoundPhoneOutput),
  userVerification: withSchemas(api.userVerification, EmptyInput, VerificationOutput),
  userSelectAuthLevel: withSchemas(api.userSelectAuthLevel, SelectAuthLevelInput, KycStatusOutput),
  userKyc1: withSchemas(api.userKyc1, Kyc1Input, KycStatusOutput),
  userSubmitUserInfo: withSchemas(api.userSubmitUserInfo, EmptyInput, KycStatusOutput),
};

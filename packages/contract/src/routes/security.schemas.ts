import { withSchemas } from '../api-route.ts';
import {
  ActiveSessionsOutput,
  EmptyInput,
  EmptyOutput,
  RevokeOtherSessionsInput,
  RevokeSessionInput,
  SendCodeOutput,
} from '../auth.ts';
import {
  ChangePasswordInput,
  DeleteAccountInput,
  DeletionCheckOutput,
  TotpConfirmInput,
  TotpConfirmOutput,
  TotpDisableInput,
  TotpEnrolOutput,
  TotpStatusOutput,
} from '../security.ts';
import { SetTradePasswordInput, TradePasswordStatusOutput, ValidateTradePasswordInput } from '../wallet.ts';
import { securityApi as api } from './security.ts';

/** The security module's calls with their schemas: what the server registers and development builds parse with. */
export const securitySchemas = {
  userIsFdPwdBlank: withSchemas(api.userIsFdPwdBlank, EmptyInput, TradePasswordStatusOutput),
  userTradeVcode: withSchemas(api.userTradeVcode, EmptyInput, SendCodeOutput),
  userTradePassword: withSchemas(api.userTradePassword, SetTradePasswordInput, EmptyOutput),
  userFdPwdValidate: withSchemas(api.userFdPwdValidate, ValidateTradePasswordInput, EmptyOutput),
  userIdentitySessions: withSchemas(api.userIdentitySessions, EmptyInput, ActiveSessionsOutput),
  userIdentitySessionsRevoke: withSchemas(api.userIdentitySessionsRevoke, RevokeSessionInput, EmptyOutput),
  userIdentitySessionsRevokeOthers: withSchemas(
    api.userIdentitySessionsRevokeOthers,
    RevokeOtherSessionsInput,
    EmptyOutput,
  ),
  userPasswordVcode: withSchemas(api.userPasswordVcode, EmptyInput, SendCodeOutput),
  userPasswordChange: withSchemas(api.userPasswordChange, ChangePasswordInput, EmptyOutput),
  userGauthStatus: withSchemas(api.userGauthStatus, EmptyInput, TotpStatusOutput),
  userGauthEnrol: withSchemas(api.userGauthEnrol, EmptyInput, TotpEnrolOutput),
  userGauthConfirm: withSchemas(api.userGauthConfirm, TotpConfirmInput, TotpConfirmOutput),
  userGauthDisable: withSchemas(api.userGauthDisable, TotpDisableInput, EmptyOutput),
  userDeleteAccountCheck: withSchemas(api.userDeleteAccountCheck, EmptyInput, DeletionCheckOutput),
  userDeleteAccountVcode: withSchemas(api.userDeleteAccountVcode, EmptyInput, SendCodeOutput),
  userDeleteAccount: withSchemas(api.userDeleteAccount, DeleteAccountInput, EmptyOutput),
};

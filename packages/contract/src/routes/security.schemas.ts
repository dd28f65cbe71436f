import { withSchemas } from '../api-route.ts';
import * as auth from '../auth.ts';
import * as s from '../security.ts';
import { SetTradePasswordInput, TradePasswordStatusOutput, ValidateTradePasswordInput } from '../wallet.ts';
import { securityApi as api } from './security.ts';

/** The security module's calls with their schemas: what the server registers and development builds parse with. */
export const securitySchemas = {
  userIsFdPwdBlank: withSchemas(api.userIsFdPwdBlank, auth.EmptyInput, TradePasswordStatusOutput),
  userTradeVcode: withSchemas(api.userTradeVcode, auth.EmptyInput, auth.SendCodeOutput),
  userTradePassword: withSchemas(api.userTradePassword, SetTradePasswordInput, auth.EmptyOutput),
  userFdPwdValidate: withSchemas(api.userFdPwdValidate, ValidateTradePasswordInput, auth.EmptyOutput),
  userIdentitySessions: withSchemas(api.userIdentitySessions, auth.EmptyInput, auth.ActiveSessionsOutput),
  userIdentitySessionsRevoke: withSchemas(api.userIdentitySessionsRevoke, auth.RevokeSessionInput, auth.EmptyOutput),
  userIdentitySessionsRevokeOthers: withSchemas(
    api.userIdentitySessionsRevokeOthers,
    auth.RevokeOtherSessionsInput,
    auth.EmptyOutput,
  ),
  userPasswordVcode: withSchemas(api.userPasswordVcode, auth.EmptyInput, auth.SendCodeOutput),
  userPasswordChange: withSchemas(api.userPasswordChange, s.ChangePasswordInput, auth.EmptyOutput),
  userGauthStatus: withSchemas(api.userGauthStatus, auth.EmptyInput, s.TotpStatusOutput),
  userGauthEnrol: withSchemas(api.userGauthEnrol, auth.EmptyInput, s.TotpEnrolOutput),
  userGauthConfirm: withSchemas(api.userGauthConfirm, s.TotpConfirmInput, s.TotpConfirmOutput),
  userGauthDisable: withSchemas(api.userGauthDisable, s.TotpDisableInput, auth.EmptyOutput),
  userDeleteAccountCheck: withSchemas(api.userDeleteAccountCheck, auth.EmptyInput, s.DeletionCheckOutput),
  userDeleteAccountVcode: withSchemas(api.userDeleteAccountVcode, auth.EmptyInput, auth.SendCodeOutput),
  userDeleteAccount: withSchemas(api.userDeleteAccount, s.DeleteAccountInput, auth.EmptyOutput),
  userAntiPhishingStatus: withSchemas(api.userAntiPhishingStatus, auth.EmptyInput, s.AntiPhishingStatusOutput),
  userAntiPhishingVcode: withSchemas(api.userAntiPhishingVcode, auth.EmptyInput, auth.SendCodeOutput),
  userAntiPhishingChange: withSchemas(api.userAntiPhishingChange, s.ChangeAntiPhishingInput, auth.EmptyOutput),
  userSecurityHolds: withSchemas(api.userSecurityHolds, auth.EmptyInput, s.SecurityHoldsOutput),
  userSecurityFreeze: withSchemas(api.userSecurityFreeze, s.FreezeAccountInput, auth.EmptyOutput),
  adminSecurityFrozen: withSchemas(api.adminSecurityFrozen, auth.EmptyInput, s.FrozenAccountsOutput),
  adminSecurityUnfreeze: withSchemas(api.adminSecurityUnfreeze, s.UnfreezeAccountInput, auth.EmptyOutput),
};

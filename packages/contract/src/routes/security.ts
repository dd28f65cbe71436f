import { route } from '../api-route.ts';
import type * as auth from '../auth.ts';
import type * as s from '../security.ts';
import type { SetTradePasswordInput, TradePasswordStatusOutput, ValidateTradePasswordInput } from '../wallet.ts';

/** The security module's calls (apps/server/src/modules/security): paths and types only; schemas in security.schemas.ts. */
export const securityApi = {
  userIsFdPwdBlank: route<typeof auth.EmptyInput, typeof TradePasswordStatusOutput>('POST', '/user/isFdPwdBlank'),
  userTradeVcode: route<typeof auth.EmptyInput, typeof auth.SendCodeOutput>('POST', '/user/trade/vcode'),
  userTradePassword: route<typeof SetTradePasswordInput, typeof auth.EmptyOutput>('POST', '/user/trade/password'),
  userFdPwdValidate: route<typeof ValidateTradePasswordInput, typeof auth.EmptyOutput>('POST', '/user/fdPwd/validate'),
  userIdentitySessions: route<typeof auth.EmptyInput, typeof auth.ActiveSessionsOutput>(
    'GET',
    '/user/identity/sessions',
  ),
  userIdentitySessionsRevoke: route<typeof auth.RevokeSessionInput, typeof auth.EmptyOutput>(
    'POST',
    '/user/identity/sessions/revoke',
  ),
  userIdentitySessionsRevokeOthers: route<typeof auth.RevokeOtherSessionsInput, typeof auth.EmptyOutput>(
    'POST',
    '/user/identity/sessions/revokeOthers',
  ),
  userPasswordVcode: route<typeof auth.EmptyInput, typeof auth.SendCodeOutput>('POST', '/user/password/vcode'),
  userPasswordChange: route<typeof s.ChangePasswordInput, typeof auth.EmptyOutput>('POST', '/user/password/change'),
  userGauthStatus: route<typeof auth.EmptyInput, typeof s.TotpStatusOutput>('GET', '/user/gauth/status'),
  userGauthEnrol: route<typeof auth.EmptyInput, typeof s.TotpEnrolOutput>('POST', '/user/gauth/enrol'),
  userGauthConfirm: route<typeof s.TotpConfirmInput, typeof s.TotpConfirmOutput>('POST', '/user/gauth/confirm'),
  userGauthDisable: route<typeof s.TotpDisableInput, typeof auth.EmptyOutput>('POST', '/user/gauth/disable'),
  userDeleteAccountCheck: route<typeof auth.EmptyInput, typeof s.DeletionCheckOutput>(
    'GET',
    '/user/deleteAccount/check',
  ),
  userDeleteAccountVcode: route<typeof auth.EmptyInput, typeof auth.SendCodeOutput>(
    'POST',
    '/user/deleteAccount/vcode',
  ),
  userDeleteAccount: route<typeof s.DeleteAccountInput, typeof auth.EmptyOutput>('POST', '/user/deleteAccount'),
  userAntiPhishingStatus: route<typeof auth.EmptyInput, typeof s.AntiPhishingStatusOutput>(
    'GET',
    '/user/antiPhishing/status',
  ),
  userAntiPhishingVcode: route<typeof auth.EmptyInput, typeof auth.SendCodeOutput>('POST', '/user/antiPhishing/vcode'),
  userAntiPhishingChange: route<typeof s.ChangeAntiPhishingInput, typeof auth.EmptyOutput>(
    'POST',
    '/user/antiPhishing/change',
  ),
  userSecurityHolds: route<typeof auth.EmptyInput, typeof s.SecurityHoldsOutput>('GET', '/user/security/holds'),
  userSecurityFreeze: route<typeof s.FreezeAccountInput, typeof auth.EmptyOutput>('POST', '/user/security/freeze'),
  adminSecurityFrozen: route<typeof auth.EmptyInput, typeof s.FrozenAccountsOutput>('GET', '/admin/security/frozen'),
  adminSecurityUnfreeze: route<typeof s.UnfreezeAccountInput, typeof auth.EmptyOutput>(
    'POST',
    '/admin/security/unfreeze',
  ),
};

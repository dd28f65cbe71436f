import { route } from '../api-route.ts';
import type {
  ActiveSessionsOutput,
  EmptyInput,
  EmptyOutput,
  RevokeOtherSessionsInput,
  RevokeSessionInput,
  SendCodeOutput,
} from '../auth.ts';
import type {
  ChangePasswordInput,
  DeleteAccountInput,
  DeletionCheckOutput,
  TotpConfirmInput,
  TotpConfirmOutput,
  TotpDisableInput,
  TotpEnrolOutput,
  TotpStatusOutput,
} from '../security.ts';
import type { SetTradePasswordInput, TradePasswordStatusOutput, ValidateTradePasswordInput } from '../wallet.ts';

/** The security module's calls (apps/server/src/modules/security): paths and types only; schemas in security.schemas.ts. */
export const securityApi = {
  userIsFdPwdBlank: route<typeof EmptyInput, typeof TradePasswordStatusOutput>('POST', '/user/isFdPwdBlank'),
  userTradeVcode: route<typeof EmptyInput, typeof SendCodeOutput>('POST', '/user/trade/vcode'),
  userTradePassword: route<typeof SetTradePasswordInput, typeof EmptyOutput>('POST', '/user/trade/password'),
  userFdPwdValidate: route<typeof ValidateTradePasswordInput, typeof EmptyOutput>('POST', '/user/fdPwd/validate'),
  userIdentitySessions: route<typeof EmptyInput, typeof ActiveSessionsOutput>('GET', '/user/identity/sessions'),
  userIdentitySessionsRevoke: route<typeof RevokeSessionInput, typeof EmptyOutput>(
    'POST',
    '/user/identity/sessions/revoke',
  ),
  userIdentitySessionsRevokeOthers: route<typeof RevokeOtherSessionsInput, typeof EmptyOutput>(
    'POST',
    '/user/identity/sessions/revokeOthers',
  ),
  userPasswordVcode: route<typeof EmptyInput, typeof SendCodeOutput>('POST', '/user/password/vcode'),
  userPasswordChange: route<typeof ChangePasswordInput, typeof EmptyOutput>('POST', '/user/password/change'),
  userGauthStatus: route<typeof EmptyInput, typeof TotpStatusOutput>('GET', '/user/gauth/status'),
  userGauthEnrol: route<typeof EmptyInput, typeof TotpEnrolOutput>('POST', '/user/gauth/enrol'),
  userGauthConfirm: route<typeof TotpConfirmInput, typeof TotpConfirmOutput>('POST', '/user/gauth/confirm'),
  userGauthDisable: route<typeof TotpDisableInput, typeof EmptyOutput>('POST', '/user/gauth/disable'),
  userDeleteAccountCheck: route<typeof EmptyInput, typeof DeletionCheckOutput>('GET', '/user/deleteAccount/check'),
  userDeleteAccountVcode: route<typeof EmptyInput, typeof SendCodeOutput>('POST', '/user/deleteAccount/vcode'),
  userDeleteAccount: route<typeof DeleteAccountInput, typeof EmptyOutput>('POST', '/user/deleteAccount'),
};

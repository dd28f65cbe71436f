import { route } from '../api-route.ts';
import type * as s from '../auth.ts';

/** The auth module's calls (apps/server/src/modules/auth): paths and types only; schemas in auth.schemas.ts. */
export const authApi = {
  userVcodeSend: route<typeof s.SendCodeInput, typeof s.SendCodeOutput>('POST', '/user/vcode/send'),
  userCheckIsBindEmail: route<typeof s.CheckEmailInput, typeof s.CheckEmailOutput>('POST', '/user/checkIsBindEmail'),
  userSignup: route<typeof s.SignupInput, typeof s.SessionOutput>('POST', '/user/signup'),
  userLoginVcode: route<typeof s.CodeLoginInput, typeof s.SessionOutput>('POST', '/user/login/vcode'),
  userReset: route<typeof s.ResetPasswordInput, typeof s.EmptyOutput>('POST', '/user/reset'),
  userLogout: route<typeof s.EmptyInput, typeof s.EmptyOutput>('POST', '/user/logout'),
  userLogin: route<typeof s.PasswordLoginInput, typeof s.SessionOutput>('POST', '/user/login'),
  userSignin: route<typeof s.PasswordLoginInput, typeof s.SessionOutput>('POST', '/user/signin'),
};

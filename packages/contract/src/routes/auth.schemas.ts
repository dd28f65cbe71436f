import { withSchemas } from '../api-route.ts';
import * as s from '../auth.ts';
import { authApi as api } from './auth.ts';

/** The auth module's calls with their schemas: what the server registers and development builds parse with. */
export const authSchemas = {
  userVcodeSend: withSchemas(api.userVcodeSend, s.SendCodeInput, s.SendCodeOutput),
  userCheckIsBindEmail: withSchemas(api.userCheckIsBindEmail, s.CheckEmailInput, s.CheckEmailOutput),
  userSignup: withSchemas(api.userSignup, s.SignupInput, s.SessionOutput),
  userLoginVcode: withSchemas(api.userLoginVcode, s.CodeLoginInput, s.SessionOutput),
  userReset: withSchemas(api.userReset, s.ResetPasswordInput, s.EmptyOutput),
  userLogout: withSchemas(api.userLogout, s.EmptyInput, s.EmptyOutput),
  userLogin: withSchemas(api.userLogin, s.PasswordLoginInput, s.SessionOutput),
  userSignin: withSchemas(api.userSignin, s.PasswordLoginInput, s.SessionOutput),
};

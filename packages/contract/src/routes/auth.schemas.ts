import { withSchemas } from '../api-route.ts';
import {
  CheckEmailInput,
  CheckEmailOutput,
  CodeLoginInput,
  EmptyInput,
  EmptyOutput,
  PasswordLoginInput,
  ResetPasswordInput,
  SendCodeInput,
  SendCodeOutput,
  SessionOutput,
  SignupInput,
} from '../auth.ts';
import { authApi as api } from './auth.ts';

/** The auth module's calls with their schemas: what the server registers and development builds parse with. */
export const authSchemas = {
  userVcodeSend: withSchemas(api.userVcodeSend, SendCodeInput, SendCodeOutput),
  userCheckIsBindEmail: withSchemas(api.userCheckIsBindEmail, CheckEmailInput, CheckEmailOutput),
  userSignup: withSchemas(api.userSignup, SignupInput, SessionOutput),
  userLoginVcode: withSchemas(api.userLoginVcode, CodeLoginInput, SessionOutput),
  userReset: withSchemas(api.userReset, ResetPasswordInput, EmptyOutput),
  userLogout: withSchemas(api.userLogout, EmptyInput, EmptyOutput),
  userLogin: withSchemas(api.userLogin, PasswordLoginInput, SessionOutput),
  userSignin: withSchemas(api.userSignin, PasswordLoginInput, SessionOutput),
};

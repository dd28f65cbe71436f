import { route } from '../api-route.ts';
import type {
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

/** The auth module's calls (apps/server/src/modules/auth): paths and types only; schemas in auth.schemas.ts. */
export const authApi = {
  userVcodeSend: route<typeof SendCodeInput, typeof SendCodeOutput>('POST', '/user/vcode/send'),
  userCheckIsBindEmail: route<typeof CheckEmailInput, typeof CheckEmailOutput>('POST', '/user/checkIsBindEmail'),
  userSignup: route<typeof SignupInput, typeof SessionOutput>('POST', '/user/signup'),
  userLoginVcode: route<typeof CodeLoginInput, typeof SessionOutput>('POST', '/user/login/vcode'),
  userReset: route<typeof ResetPasswordInput, typeof EmptyOutput>('POST', '/user/reset'),
  userLogout: route<typeof EmptyInput, typeof EmptyOutput>('POST', '/user/logout'),
  userLogin: route<typeof PasswordLoginInput, typeof SessionOutput>('POST', '/user/login'),
  userSignin: route<typeof PasswordLoginInput, typeof SessionOutput>('POST', '/user/signin'),
};

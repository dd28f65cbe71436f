import { route } from '../api-route.ts';
import type { EmptyInput } from '../auth.ts';
import type { PersonalInfoInput, UserInfoOutput } from '../user.ts';

/** The user module's calls (apps/server/src/modules/user): paths and types only; schemas in user.schemas.ts. */
export const userApi = {
  info: route<typeof EmptyInput, typeof UserInfoOutput>('GET', '/user/info'),
  personalInfo: route<typeof PersonalInfoInput, typeof UserInfoOutput>('POST', '/user/personalInfo'),
};

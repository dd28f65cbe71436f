import { withSchemas } from '../api-route.ts';
import { EmptyInput } from '../auth.ts';
import { PersonalInfoInput, UserInfoOutput } from '../user.ts';
import { userApi as api } from './user.ts';

/** The user module's calls with their schemas: what the server registers and development builds parse with. */
export const userSchemas = {
  info: withSchemas(api.info, EmptyInput, UserInfoOutput),
  personalInfo: withSchemas(api.personalInfo, PersonalInfoInput, UserInfoOutput),
};

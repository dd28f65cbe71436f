import { EmptyInput, PersonalInfoInput, UserInfoOutput } from '@polaris/contract';
import type { Router } from '../../platform/router.ts';
import type { UserService } from './service.ts';

export function userRoutes(router: Router, users: UserService): void {
  router.route({
    method: 'GET',
    path: '/user/info',
    summary: "The logged-in user's profile",
    tags: ['user'],
    auth: 'user',
    input: EmptyInput,
    output: UserInfoOutput,
    handler: ({ user }) => users.info(user.id),
  });

  router.route({
    method: 'POST',
    path: '/user/personalInfo',
    summary: 'Set the username and/or display name (the create-activity gate needs one of them)',
    tags: ['user'],
    auth: 'user',
    input: PersonalInfoInput,
    output: UserInfoOutput,
    handler: ({ input, user }) => users.updateProfile(user.id, input),
  });
}

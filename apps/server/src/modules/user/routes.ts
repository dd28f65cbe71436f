import { EmptyInput, UserInfoOutput } from '@polaris/contract';
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
}

import { AVATAR_MAX_BYTES, EmptyInput, FILE_PATHS, UserInfoOutput } from '@polaris/contract';
import { userSchemas } from '@polaris/contract/schemas';
import type { Router } from '../../platform/router.ts';
import type { UserService } from './service.ts';

export function userRoutes(router: Router, users: UserService): void {
  router.route({
    ...userSchemas.info,
    summary: "The logged-in user's profile",
    tags: ['user'],
    auth: 'user',
    handler: ({ user }) => users.info(user.id),
  });

  router.route({
    ...userSchemas.personalInfo,
    summary: 'Set the username and/or display name (the create-activity gate needs one of them)',
    tags: ['user'],
    auth: 'user',
    handler: ({ input, user }) => users.updateProfile(user.id, input),
  });

  router.raw({
    method: 'POST',
    path: FILE_PATHS.avatarUpload,
    summary:
      'Set the avatar (multipart `file`: JPEG, PNG or WebP by its bytes, at most 1 MiB; the app sends a 512 px square); answers the profile',
    tags: ['user'],
    auth: 'user',
    rateLimit: 'auth',
    input: EmptyInput,
    params: {},
    multipart: {
      fileSize: AVATAR_MAX_BYTES,
      files: 1,
      fields: 5,
      parts: 6,
      missing: 'activity.imageMissing',
      tooLarge: 'activity.imageTooLarge',
    },
    output: UserInfoOutput,
    handler: ({ upload, user }) => users.uploadAvatar(user.id, upload!.bytes),
  });
}

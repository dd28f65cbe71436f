import type { UserInfo } from '@polaris/contract';
import { UPLOADS, userApi } from '@polaris/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sessionStore } from '@/lib/session.ts';
import { authKeys } from './auth.ts';
import { api } from './request.ts';

/** The profile page's calls: the names and the avatar; each answers the whole profile, kept as the session's. */

function useKeepProfile() {
  const queryClient = useQueryClient();
  return (updated: UserInfo) => {
    sessionStore.getState().setUserInfo(updated);
    queryClient.setQueryData(authKeys.userInfo(), updated);
  };
}

export function useSaveNames() {
  const keep = useKeepProfile();
  return useMutation({
    mutationFn: (input: { uname?: string; openName?: string }) => api.call(userApi.personalInfo, input),
    onSuccess: keep,
  });
}

/** Sends the cropped square (a 512 px WebP or JPEG made on this device) as the avatar. */
export function useUploadAvatar() {
  const keep = useKeepProfile();
  return useMutation({
    mutationFn: (image: Blob) => {
      const body = new FormData();
      body.append('file', image, image.type === 'image/webp' ? 'avatar.webp' : 'avatar.jpg');
      return api.upload(UPLOADS.avatar, body);
    },
    onSuccess: keep,
  });
}

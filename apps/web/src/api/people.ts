import { peopleApi } from '@polaris/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './request.ts';

export const peopleKeys = {
  profile: (uid: string) => ['people', 'profile', uid] as const,
};

/** A person's public profile (name, avatar, follow counts, whether I follow them). */
export function useProfile(uid: string) {
  return useQuery({
    queryKey: peopleKeys.profile(uid),
    enabled: uid !== '',
    queryFn: () => api.call(peopleApi.profile, { userUid: uid }),
  });
}

/** Follow or unfollow; the answer is the profile as it is now. */
export function useFollow(uid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) => api.call(on ? peopleApi.follow : peopleApi.unfollow, { userUid: uid }),
    onSuccess: (profile) => client.setQueryData(peopleKeys.profile(uid), profile),
  });
}

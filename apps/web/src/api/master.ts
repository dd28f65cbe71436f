import { useQuery } from '@tanstack/react-query';
import { useSession } from '@/lib/session.ts';
import { api } from './request.ts';

export const masterKeys = { info: (uid: string | undefined) => ['master', 'info', uid] as const };

/** SPEC §6: a master user is one whose master-info call returns status 200; anything else means "no". */
export function useIsMaster(): boolean {
  const uid = useSession((state) => (state.loginStatus ? state.userInfo?.uid : undefined));
  const query = useQuery({
    queryKey: masterKeys.info(uid),
    enabled: Boolean(uid),
    queryFn: () =>
      api.get<unknown>('/open/master/info', undefined, { silent: true }).then(
        () => true,
        () => false,
      ),
    staleTime: 5 * 60_000,
  });
  return query.data === true;
}

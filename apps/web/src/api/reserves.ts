import { reservesApi } from '@polaris/contract';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '@/lib/session.ts';
import { api } from './request.ts';

/** Proof of reserves: the latest published snapshot and my own proof in it (docs/proof-of-reserves.md). */

const reservesKeys = {
  all: ['reserves'] as const,
  latest: () => [...reservesKeys.all, 'latest'] as const,
  mine: () => [...reservesKeys.all, 'mine'] as const,
};

export function useReservesSnapshot() {
  return useQuery({
    queryKey: reservesKeys.latest(),
    enabled: useSession((state) => state.loginStatus),
    queryFn: () => api.call(reservesApi.reservesLatest),
  });
}

export function useMyReservesProof() {
  return useQuery({
    queryKey: reservesKeys.mine(),
    enabled: useSession((state) => state.loginStatus),
    queryFn: () => api.call(reservesApi.reservesMine),
  });
}

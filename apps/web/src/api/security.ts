import {
  type ActiveSessionsOutput,
  type DeletionCheck,
  hashLoginPassword,
  type SendCodeOutput,
  type TotpConfirmOutput,
  type TotpEnrolOutput,
  type TotpStatusOutput,
} from '@polaris/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { sessionStore, useSession } from '@/lib/session.ts';
import { api } from './request.ts';
import { securityKeys } from './security-keys.ts';

/** Security centre: Google Authenticator, login password, active sessions (docs/security-centre.md). */

type Out<S extends { parse(input: unknown): unknown }> = ReturnType<S['parse']>;
export type TotpStatus = Out<typeof TotpStatusOutput>;
export type TotpEnrolment = Out<typeof TotpEnrolOutput>;
export type ActiveSession = Out<typeof ActiveSessionsOutput>['items'][number];

const useLoggedIn = () => useSession((state) => state.loginStatus);

export function useTotpStatus() {
  return useQuery({
    queryKey: securityKeys.totp(),
    enabled: useLoggedIn(),
    queryFn: () => api.get<TotpStatus>('/user/gauth/status'),
  });
}

export function useTotpEnrol() {
  return useMutation({ mutationFn: () => api.post<TotpEnrolment>('/user/gauth/enrol') });
}

export function useTotpConfirm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (totp: string) => api.post<Out<typeof TotpConfirmOutput>>('/user/gauth/confirm', { totp }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityKeys.totp() }),
  });
}

export function useTotpDisable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (totp: string) => api.post('/user/gauth/disable', { totp }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityKeys.totp() }),
  });
}

export function useSessions() {
  return useQuery({
    queryKey: securityKeys.sessions(),
    enabled: useLoggedIn(),
    queryFn: () => api.get<Out<typeof ActiveSessionsOutput>>('/user/identity/sessions'),
  });
}

/** Ending one login removes it from the list at once, and puts it back if the server refuses. */
export function useRevokeSession() {
  const queryClient = useQueryClient();
  const key = securityKeys.sessions();
  return useMutation({
    mutationFn: ({ id, totp }: { id: number; totp?: string }) =>
      api.post('/user/identity/sessions/revoke', { id, totp }),
    onMutate: async ({ id }: { id: number; totp?: string }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<Out<typeof ActiveSessionsOutput>>(key);
      if (before) queryClient.setQueryData(key, { items: before.items.filter((item) => item.id !== id) });
      return { before };
    },
    onError: (_error, _input, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { totp?: string } = {}) => api.post('/user/identity/sessions/revokeOthers', input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityKeys.sessions() }),
  });
}

export function useSendPasswordCode() {
  return useMutation({ mutationFn: () => api.post<Out<typeof SendCodeOutput>>('/user/password/vcode') });
}

export interface ChangePasswordRequest {
  /** Typed by the user; hashed here before it leaves the device, like at login. */
  oldPassword?: string;
  vcode?: string;
  password: string;
  totp?: string;
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ oldPassword, password, vcode, totp }: ChangePasswordRequest) =>
      api.post('/user/password/change', {
        oldPassword: oldPassword === undefined ? undefined : hashLoginPassword(oldPassword),
        vcode,
        password: hashLoginPassword(password),
        totp,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityKeys.sessions() }),
  });
}

export function useDeletionCheck() {
  return useQuery({
    queryKey: securityKeys.deletion(),
    enabled: useLoggedIn(),
    queryFn: () => api.get<DeletionCheck>('/user/deleteAccount/check'),
  });
}

export function useSendDeletionCode() {
  return useMutation({ mutationFn: () => api.post<Out<typeof SendCodeOutput>>('/user/deleteAccount/vcode') });
}

/** Deleting ends every login on the server; this device forgets its session and every cached query too. */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ password, vcode, totp }: { password: string; vcode: string; totp?: string }) =>
      api.post('/user/deleteAccount', { password: hashLoginPassword(password), vcode, totp }),
    onSuccess: () => {
      sessionStore.getState().clear();
      queryClient.clear();
    },
  });
}

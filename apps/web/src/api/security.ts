import { type ActiveSessionsOutput, hashLoginPassword, securityApi, type TotpEnrolOutput } from '@polaris/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { sessionStore, useSession } from '@/lib/session.ts';
import { api } from './request.ts';
import { securityKeys } from './security-keys.ts';

/** Security centre: Google Authenticator, login password, active sessions (docs/security-centre.md). */

type Out<S extends { parse(input: unknown): unknown }> = ReturnType<S['parse']>;
export type TotpEnrolment = Out<typeof TotpEnrolOutput>;
export type ActiveSession = Out<typeof ActiveSessionsOutput>['items'][number];

const useLoggedIn = () => useSession((state) => state.loginStatus);

export function useTotpStatus() {
  return useQuery({
    queryKey: securityKeys.totp(),
    enabled: useLoggedIn(),
    queryFn: () => api.call(securityApi.userGauthStatus),
  });
}

export function useTotpEnrol() {
  return useMutation({ mutationFn: () => api.call(securityApi.userGauthEnrol) });
}

export function useTotpConfirm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (totp: string) => api.call(securityApi.userGauthConfirm, { totp }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityKeys.totp() }),
  });
}

export function useTotpDisable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (totp: string) => api.call(securityApi.userGauthDisable, { totp }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityKeys.totp() }),
  });
}

export function useSessions() {
  return useQuery({
    queryKey: securityKeys.sessions(),
    enabled: useLoggedIn(),
    queryFn: () => api.call(securityApi.userIdentitySessions),
  });
}

/** Ending one login removes it from the list at once, and puts it back if the server refuses. */
export function useRevokeSession() {
  const queryClient = useQueryClient();
  const key = securityKeys.sessions();
  return useMutation({
    mutationFn: ({ id, totp }: { id: number; totp?: string }) =>
      api.call(securityApi.userIdentitySessionsRevoke, { id, totp }),
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
    mutationFn: (input: { totp?: string } = {}) => api.call(securityApi.userIdentitySessionsRevokeOthers, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityKeys.sessions() }),
  });
}

export function useSendPasswordCode() {
  return useMutation({ mutationFn: () => api.call(securityApi.userPasswordVcode) });
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
      api.call(securityApi.userPasswordChange, {
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
    queryFn: () => api.call(securityApi.userDeleteAccountCheck),
  });
}

export function useSendDeletionCode() {
  return useMutation({ mutationFn: () => api.call(securityApi.userDeleteAccountVcode) });
}

/** Deleting ends every login on the server; this device forgets its session and every cached query too. */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ password, vcode, totp }: { password: string; vcode: string; totp?: string }) =>
      api.call(securityApi.userDeleteAccount, { password: hashLoginPassword(password), vcode, totp }),
    onSuccess: () => {
      sessionStore.getState().clear();
      queryClient.clear();
    },
  });
}

/** Whether an anti-phishing code is set, and it partly masked (the whole code is only ever in our mail). */
export function useAntiPhishingStatus() {
  return useQuery({
    queryKey: securityKeys.antiPhishing(),
    enabled: useLoggedIn(),
    queryFn: () => api.call(securityApi.userAntiPhishingStatus),
  });
}

export function useSendAntiPhishingCode() {
  return useMutation({ mutationFn: () => api.call(securityApi.userAntiPhishingVcode) });
}

/** Sets, changes or (`code: null`) removes the code; the status is read again, as only the server can mask it. */
export function useChangeAntiPhishing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { code: string | null; vcode: string; totp?: string }) =>
      api.call(securityApi.userAntiPhishingChange, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityKeys.antiPhishing() }),
  });
}

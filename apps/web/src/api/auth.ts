import { authApi, type CodePurpose, hashLoginPassword, type SessionAttachment, userApi } from '@polaris/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { completeLogin, logout } from '@/lib/auth-session.ts';
import { sessionStore, useSession } from '@/lib/session.ts';
import { noticeKeys } from './notice-unread.ts';
import { api } from './request.ts';
import { securityKeys } from './security-keys.ts';
import { walletKeys } from './wallet-keys.ts';

/** Auth endpoints of docs/api.md. Passwords leave this file only as hashLoginPassword(). */

export const authKeys = {
  all: ['auth'] as const,
  userInfo: () => [...authKeys.all, 'userInfo'] as const,
  emailCheck: (email: string) => [...authKeys.all, 'emailCheck', email] as const,
};

const fetchUserInfo = () => api.call(userApi.info);

/** Keeps the stored user info fresh while logged in; a dead token surfaces here as the relogin prompt. */
export function useUserInfo() {
  const loggedIn = useSession((state) => state.loginStatus);
  return useQuery({
    queryKey: authKeys.userInfo(),
    enabled: loggedIn,
    queryFn: async () => {
      const info = await fetchUserInfo();
      sessionStore.getState().setUserInfo(info);
      return info;
    },
    staleTime: 60_000,
  });
}

export function useSendCode() {
  return useMutation({
    mutationFn: (input: { email: string; purpose: CodePurpose; captcha?: string }) =>
      api.call(authApi.userVcodeSend, input),
  });
}

export function useCheckEmail(email: string | undefined) {
  return useQuery({
    queryKey: authKeys.emailCheck(email ?? ''),
    enabled: Boolean(email),
    queryFn: () => api.call(authApi.userCheckIsBindEmail, { email }),
    staleTime: 0,
  });
}

export function useLoginMutation<Input>(call: (input: Input) => Promise<SessionAttachment>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: Input) => {
      const attachment = await call(input);
      queryClient.removeQueries({ queryKey: authKeys.all });
      return completeLogin(sessionStore, attachment, async () => {
        const info = await fetchUserInfo();
        // Seed the cache before the session flips to logged in, so useUserInfo does not fetch it again.
        queryClient.setQueryData(authKeys.userInfo(), info);
        return info;
      });
    },
  });
}

export const usePasswordLogin = () =>
  useLoginMutation((input: { email: string; password: string }) =>
    api.call(authApi.userLogin, { email: input.email, password: hashLoginPassword(input.password) }),
  );

export const useCodeLogin = () =>
  useLoginMutation((input: { email: string; vcode: string }) => api.call(authApi.userLoginVcode, input));

export const useSignup = () =>
  useLoginMutation((input: { email: string; vcode: string; password: string; inviteCode?: string; captcha?: string }) =>
    api.call(authApi.userSignup, {
      email: input.email,
      vcode: input.vcode,
      password: hashLoginPassword(input.password),
      inviteCode: input.inviteCode || undefined,
      captcha: input.captcha,
    }),
  );

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: { email: string; vcode: string; password: string; totp?: string }) =>
      api.call(authApi.userReset, {
        email: input.email,
        vcode: input.vcode,
        password: hashLoginPassword(input.password),
        totp: input.totp,
      }),
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    // Silent: a failed logout call must not toast, because the local session is cleared anyway.
    mutationFn: () =>
      logout(sessionStore, () =>
        api.call(authApi.userLogout, {}, { silent: true, quietSessionEnd: true }).then(() => ({ status: 200 })),
      ),
    onSettled: () => {
      queryClient.removeQueries({ queryKey: authKeys.all });
      // Balances and payment methods belong to the account that just left.
      queryClient.removeQueries({ queryKey: walletKeys.all });
      queryClient.removeQueries({ queryKey: securityKeys.all });
      // The inbox and its counts too: they are kept fresh by frames, never refetched on their own.
      queryClient.removeQueries({ queryKey: noticeKeys.all });
    },
  });
}

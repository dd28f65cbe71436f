import { hashLoginPassword, type OidcProvider, oidcApi, type SessionAttachment } from '@polaris/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '@/lib/session.ts';
import { useLoginMutation } from './auth.ts';
import { api } from './request.ts';
import { securityKeys } from './security-keys.ts';

/** Sign-in with Google and Apple (docs/sign-in-with-providers.md). */

/**
 * The secret the server gave this tab when the sign-in started; only it can redeem the callback's ticket, so
 * a ticket planted by someone else (login CSRF) is useless here. Per tab, and gone when the tab closes.
 */
const BROWSER_KEY = 'polaris.signin.browserKey';
const browserKey = () => sessionStorage.getItem(BROWSER_KEY) ?? '';

/** Asks the server where to sign in, keeps the tab's secret, and leaves for the provider. */
export function useStartProviderSignIn() {
  return useMutation({
    mutationFn: async (provider: OidcProvider) => {
      const started = await api.call(provider === 'google' ? oidcApi.userGoogleLogin : oidcApi.userAppleLogin);
      sessionStorage.setItem(BROWSER_KEY, started.browserKey);
      window.location.assign(started.url);
    },
  });
}

export type TicketOutcome = { kind: 'done' } | { kind: 'link'; provider: OidcProvider; email: string };

/** The hyper screen's first step: the ticket becomes a login (user info loaded), or a link to confirm. */
export function useRedeemTicket() {
  const complete = useLoginMutation((session: SessionAttachment) => Promise.resolve(session));
  return useMutation({
    mutationFn: async (ticket: string): Promise<TicketOutcome> => {
      const result = await api.call(oidcApi.userOidcTicket, { ticket, browserKey: browserKey() }, { silent: true });
      if (result.session) {
        await complete.mutateAsync(result.session);
        sessionStorage.removeItem(BROWSER_KEY);
        return { kind: 'done' };
      }
      if (!result.link) throw new Error('neither a session nor a link');
      return { kind: 'link', ...result.link };
    },
  });
}

/** Links the provider to the existing account, proven by its password or an emailed login code, and logs in. */
export const useConfirmLink = () =>
  useLoginMutation((input: { ticket: string; password?: string; vcode?: string; totp?: string }) =>
    api.call(oidcApi.userOidcLink, {
      ticket: input.ticket,
      browserKey: browserKey(),
      ...(input.password !== undefined ? { password: hashLoginPassword(input.password) } : { vcode: input.vcode }),
      totp: input.totp,
    }),
  );

/** The Google and Apple accounts linked to mine (security centre; a signed call). */
export function useLinkedProviders() {
  return useQuery({
    queryKey: securityKeys.providers(),
    enabled: useSession((state) => state.loginStatus),
    queryFn: async () => (await api.call(oidcApi.userIdentityProviders)).items,
  });
}

/** Unlinks one, proven like a link: the login password or an emailed login code. */
export function useUnlinkProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { provider: OidcProvider; password?: string; vcode?: string; totp?: string }) =>
      api.call(oidcApi.userIdentityProvidersUnlink, {
        provider: input.provider,
        ...(input.password !== undefined ? { password: hashLoginPassword(input.password) } : { vcode: input.vcode }),
        totp: input.totp,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityKeys.providers() }),
  });
}

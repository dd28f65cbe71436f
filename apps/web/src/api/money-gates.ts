import { type AddressBook, hashLoginPassword, securityApi, walletApi } from '@polaris/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { sessionStore, useSession } from '@/lib/session.ts';
import { api } from './request.ts';
import { securityKeys } from './security-keys.ts';
import { walletKeys } from './wallet-keys.ts';

/**
 * The gates in front of money leaving the wallet (issue 34, docs/wallet.md and docs/security-centre.md): holds after
 * security changes and the self-freeze, and the withdrawal address book with its allowlist.
 */

const gateKeys = {
  holds: () => [...securityKeys.all, 'holds'] as const,
  addressBook: () => [...walletKeys.all, 'addressBook'] as const,
};

const useLoggedIn = () => useSession((state) => state.loginStatus);

/** What holds money in the account now: each hold with its reason and end, and the freeze. */
export function useSecurityHolds() {
  return useQuery({
    queryKey: gateKeys.holds(),
    enabled: useLoggedIn(),
    queryFn: () => api.call(securityApi.userSecurityHolds),
  });
}

/** Freeze my account: every session ends, this one too, so the app forgets its session here. */
export function useFreezeAccount() {
  return useMutation({
    mutationFn: (password: string) =>
      api.call(securityApi.userSecurityFreeze, { password: hashLoginPassword(password) }),
    onSuccess: () => sessionStore.getState().clear(),
  });
}

export function useAddressBook() {
  return useQuery({
    queryKey: gateKeys.addressBook(),
    enabled: useLoggedIn(),
    queryFn: () => api.call(walletApi.addressBook),
  });
}

export function useAddAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { chainId: number; address: string; label: string; totp?: string }) =>
      api.call(walletApi.addressBookAdd, input),
    onSuccess: (entry) =>
      queryClient.setQueryData<AddressBook>(gateKeys.addressBook(), (book) =>
        book ? { ...book, items: [...book.items, entry] } : book,
      ),
  });
}

export function useCancelAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call(walletApi.addressBookCancel, { id: Number(id) }),
    onSuccess: (_answer, id) =>
      queryClient.setQueryData<AddressBook>(gateKeys.addressBook(), (book) =>
        book ? { ...book, items: book.items.filter((item) => item.id !== id) } : book,
      ),
  });
}

export function useSetAllowlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { enabled: boolean; totp?: string }) => api.call(walletApi.addressBookAllowlist, input),
    onSuccess: (book) => queryClient.setQueryData(gateKeys.addressBook(), book),
  });
}

/** The mailed link's secret, posted by the page it opens; the book is read again after. */
export function useConfirmAddressBook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (confirmation: string) => api.call(walletApi.addressBookConfirm, { confirmation }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: gateKeys.addressBook() }),
  });
}

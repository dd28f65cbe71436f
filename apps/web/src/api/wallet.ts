import {
  type AssetsOutput,
  type Currency,
  hashTradePassword,
  type PaymentMethodOutput,
  type RECORD_TYPES,
  securityApi,
  type TradePasswordStatusOutput,
  type TransferPreviewOutput,
  walletApi,
} from '@polaris/contract';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '@/lib/session.ts';
import { api } from './request.ts';
import { walletKeys } from './wallet-keys.ts';

/** Wallet, trade password and payment-method endpoints (docs/wallet.md). */

type Out<S extends { parse(input: unknown): unknown }> = ReturnType<S['parse']>;
export type TransferPreview = Out<typeof TransferPreviewOutput>;
export type TradePasswordStatus = Out<typeof TradePasswordStatusOutput>;
export type PaymentMethod = Out<typeof PaymentMethodOutput>;
export type RecordType = (typeof RECORD_TYPES)[number];

export { walletKeys };

const useLoggedIn = () => useSession((state) => state.loginStatus);

export function useChains() {
  return useQuery({
    queryKey: walletKeys.chains(),
    queryFn: () => api.call(walletApi.chains),
    staleTime: 10 * 60_000,
  });
}

export function useAssets() {
  return useQuery({
    queryKey: walletKeys.assets(),
    enabled: useLoggedIn(),
    queryFn: () => api.call(walletApi.assets),
  });
}

export function useAsset(asset: string) {
  return useQuery({
    queryKey: walletKeys.asset(asset),
    enabled: useLoggedIn() && asset !== '',
    queryFn: () => api.call(walletApi.asset, { asset }),
  });
}

/** Balances valued in `currency`; the currency is part of the key, so choosing another one refetches. */
export function useSummary(currency: Currency) {
  return useQuery({
    queryKey: walletKeys.summary(currency),
    enabled: useLoggedIn(),
    queryFn: () => api.call(walletApi.summary, { currency }),
    placeholderData: keepPreviousData,
  });
}

export function useDepositAddress(asset: string, chainId: number | null) {
  return useQuery({
    queryKey: walletKeys.depositAddress(asset, chainId ?? 0),
    enabled: useLoggedIn() && chainId !== null,
    queryFn: () => api.call(walletApi.depositAddress, { asset, chainId }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useSetVisibility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { asset: string; visible: boolean }) => api.call(walletApi.assetVisibility, input),
    // Optimistic: the switch moves at once and moves back if the server refuses.
    onMutate: async ({ asset, visible }) => {
      await queryClient.cancelQueries({ queryKey: walletKeys.assets() });
      const previous = queryClient.getQueryData<Out<typeof AssetsOutput>>(walletKeys.assets());
      if (previous) {
        queryClient.setQueryData(walletKeys.assets(), {
          items: previous.items.map((item) => (item.code === asset ? { ...item, visible } : item)),
        });
      }
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(walletKeys.assets(), context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: walletKeys.all }),
  });
}

export function useTransferPreview(input: { asset: string; to: string; chainId?: number }, enabled: boolean) {
  return useQuery({
    queryKey: walletKeys.preview(input.asset, input.to, input.chainId),
    enabled: useLoggedIn() && enabled,
    queryFn: () => api.call(walletApi.transferPreview, input),
    staleTime: 15_000,
  });
}

export interface TransferRequest {
  asset: string;
  amount: string;
  to: string;
  chainId?: number;
  /** Typed by the user; hashed here with the uid before it leaves the device. */
  password: string;
  idempotencyKey: string;
  memo?: string;
  /** The Google Authenticator code, when a 468 asked for it. */
  totp?: string;
}

export function useTransfer() {
  const queryClient = useQueryClient();
  const uid = useSession((state) => state.userInfo?.uid ?? '');
  return useMutation({
    mutationFn: ({ password, ...input }: TransferRequest) =>
      api.call(walletApi.transfer, { ...input, tradePassword: hashTradePassword(password, uid) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: walletKeys.all }),
  });
}

export function useRecords(asset: string, type?: RecordType, limit = 20) {
  return useInfiniteQuery({
    queryKey: walletKeys.records(asset, type, limit),
    enabled: useLoggedIn() && asset !== '',
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) => api.call(walletApi.records, { asset, type, cursor: pageParam, limit }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** One record by its reference number (the detail opened from a link), unless the list already holds it. */
export function useRecord(asset: string, reference: string | null, enabled = true) {
  return useQuery({
    queryKey: walletKeys.record(asset, reference ?? ''),
    enabled: useLoggedIn() && enabled && asset !== '' && !!reference,
    queryFn: () => api.call(walletApi.record, { asset, reference }),
  });
}

export function useTradePasswordStatus() {
  return useQuery({
    queryKey: walletKeys.tradeStatus(),
    enabled: useLoggedIn(),
    queryFn: () => api.call(securityApi.userIsFdPwdBlank),
  });
}

export function useSendTradeCode() {
  return useMutation({ mutationFn: () => api.call(securityApi.userTradeVcode) });
}

export function useSetTradePassword() {
  const queryClient = useQueryClient();
  const uid = useSession((state) => state.userInfo?.uid ?? '');
  return useMutation({
    mutationFn: (input: { vcode: string; password: string; totp?: string }) =>
      api.call(securityApi.userTradePassword, {
        vcode: input.vcode,
        password: hashTradePassword(input.password, uid),
        totp: input.totp,
      }),
    onSuccess: () => {
      // Set now: a prompt waiting on the status shows its password field at once, before the refetch answers.
      queryClient.setQueryData<TradePasswordStatus>(walletKeys.tradeStatus(), (status) =>
        status ? { ...status, blank: false } : status,
      );
      return queryClient.invalidateQueries({ queryKey: walletKeys.tradeStatus() });
    },
  });
}

export function usePayments() {
  return useQuery({
    queryKey: walletKeys.payments(),
    enabled: useLoggedIn(),
    queryFn: () => api.call(walletApi.userPayments),
  });
}

export interface PaymentFields {
  type: number;
  holderName: string;
  account: string;
  bankName?: string;
  bankBranch?: string;
}

/** Add (no id) or edit (with id) a payment method; both need the transaction password. */
export function useSavePayment() {
  const queryClient = useQueryClient();
  const uid = useSession((state) => state.userInfo?.uid ?? '');
  return useMutation({
    mutationFn: ({
      id,
      password,
      totp,
      ...fields
    }: PaymentFields & { id?: number; password: string; totp?: string }) => {
      const body = {
        ...fields,
        bankName: fields.bankName || undefined,
        bankBranch: fields.bankBranch || undefined,
        tradePassword: hashTradePassword(password, uid),
        totp,
      };
      return id ? api.call(walletApi.userPaymentsUpdate, { id, ...body }) : api.call(walletApi.userPaymentsAdd, body);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: walletKeys.payments() }),
  });
}

export function useDeletePayment() {
  const queryClient = useQueryClient();
  const uid = useSession((state) => state.userInfo?.uid ?? '');
  return useMutation({
    mutationFn: ({ id, password }: { id: number; password: string }) =>
      api.call(walletApi.userPaymentsDelete, { id, tradePassword: hashTradePassword(password, uid) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: walletKeys.payments() }),
  });
}

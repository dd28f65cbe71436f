import {
  type AssetsOutput,
  type ChainsOutput,
  type Currency,
  type DepositAddressOutput,
  hashTradePassword,
  type PaymentMethodOutput,
  type PaymentMethodsOutput,
  type RECORD_TYPES,
  type RecordsOutput,
  type SendCodeOutput,
  type TradePasswordStatusOutput,
  type TransferPreviewOutput,
  type TransferResult,
  type WalletAsset,
  type WalletRecord,
  type WalletSummary,
} from '@polaris/contract';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '@/lib/session.ts';
import { api } from './request.ts';
import { walletKeys } from './wallet-keys.ts';

/** Wallet, trade password and payment-method endpoints (docs/wallet.md). */

type Out<S extends { parse(input: unknown): unknown }> = ReturnType<S['parse']>;
export type DepositAddress = Out<typeof DepositAddressOutput>;
export type TransferPreview = Out<typeof TransferPreviewOutput>;
export type TradePasswordStatus = Out<typeof TradePasswordStatusOutput>;
export type PaymentMethod = Out<typeof PaymentMethodOutput>;
export type RecordType = (typeof RECORD_TYPES)[number];
export type RecordsPage = Out<typeof RecordsOutput>;

export { walletKeys };

const useLoggedIn = () => useSession((state) => state.loginStatus);

export function useChains() {
  return useQuery({
    queryKey: walletKeys.chains(),
    queryFn: () => api.get<Out<typeof ChainsOutput>>('/wallet/chains'),
    staleTime: 10 * 60_000,
  });
}

export function useAssets() {
  return useQuery({
    queryKey: walletKeys.assets(),
    enabled: useLoggedIn(),
    queryFn: () => api.get<Out<typeof AssetsOutput>>('/wallet/assets'),
  });
}

export function useAsset(asset: string) {
  return useQuery({
    queryKey: walletKeys.asset(asset),
    enabled: useLoggedIn() && asset !== '',
    queryFn: () => api.get<WalletAsset>('/wallet/asset', { asset }),
  });
}

/** Balances valued in `currency`; the currency is part of the key, so choosing another one refetches. */
export function useSummary(currency: Currency) {
  return useQuery({
    queryKey: walletKeys.summary(currency),
    enabled: useLoggedIn(),
    queryFn: () => api.get<WalletSummary>('/wallet/summary', { currency }),
    placeholderData: keepPreviousData,
  });
}

export function useDepositAddress(asset: string, chainId: number | null) {
  return useQuery({
    queryKey: walletKeys.depositAddress(asset, chainId ?? 0),
    enabled: useLoggedIn() && chainId !== null,
    queryFn: () => api.get<DepositAddress>('/wallet/deposit/address', { asset, chainId }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useSetVisibility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { asset: string; visible: boolean }) => api.post('/wallet/asset/visibility', input),
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
    queryFn: () => api.post<TransferPreview>('/wallet/transfer/preview', input),
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
      api.post<TransferResult>('/wallet/transfer', { ...input, tradePassword: hashTradePassword(password, uid) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: walletKeys.all }),
  });
}

export function useRecords(asset: string, type?: RecordType, limit = 20) {
  return useInfiniteQuery({
    queryKey: walletKeys.records(asset, type, limit),
    enabled: useLoggedIn() && asset !== '',
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) => api.get<RecordsPage>('/wallet/records', { asset, type, cursor: pageParam, limit }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** One record by its reference number (the detail opened from a link), unless the list already holds it. */
export function useRecord(asset: string, reference: string | null, enabled = true) {
  return useQuery({
    queryKey: walletKeys.record(asset, reference ?? ''),
    enabled: useLoggedIn() && enabled && asset !== '' && !!reference,
    queryFn: () => api.get<WalletRecord>('/wallet/record', { asset, reference }),
  });
}

export function useTradePasswordStatus() {
  return useQuery({
    queryKey: walletKeys.tradeStatus(),
    enabled: useLoggedIn(),
    queryFn: () => api.post<TradePasswordStatus>('/user/isFdPwdBlank'),
  });
}

export function useSendTradeCode() {
  return useMutation({ mutationFn: () => api.post<Out<typeof SendCodeOutput>>('/user/trade/vcode') });
}

export function useSetTradePassword() {
  const queryClient = useQueryClient();
  const uid = useSession((state) => state.userInfo?.uid ?? '');
  return useMutation({
    mutationFn: (input: { vcode: string; password: string; totp?: string }) =>
      api.post('/user/trade/password', {
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
    queryFn: () => api.get<Out<typeof PaymentMethodsOutput>>('/user/payments'),
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
    mutationFn: ({ id, password, totp, ...fields }: PaymentFields & { id?: number; password: string; totp?: string }) =>
      api.post<PaymentMethod>(id ? '/user/payments/update' : '/user/payments/add', {
        ...(id ? { id } : {}),
        ...fields,
        bankName: fields.bankName || undefined,
        bankBranch: fields.bankBranch || undefined,
        tradePassword: hashTradePassword(password, uid),
        totp,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: walletKeys.payments() }),
  });
}

export function useDeletePayment() {
  const queryClient = useQueryClient();
  const uid = useSession((state) => state.userInfo?.uid ?? '');
  return useMutation({
    mutationFn: ({ id, password }: { id: number; password: string }) =>
      api.post('/user/payments/delete', { id, tradePassword: hashTradePassword(password, uid) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: walletKeys.payments() }),
  });
}

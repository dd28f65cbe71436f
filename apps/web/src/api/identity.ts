import type { KycDocument, KycLevel, KycStatus, Verification } from '@polaris/contract';
import { identityApi, UPLOADS } from '@polaris/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '@/lib/session.ts';
import { api } from './request.ts';
import { securityKeys } from './security-keys.ts';

/** Phone binding and identity verification (docs/identity-and-phone.md). */

export interface PhoneForm {
  areaCode: string;
  phone: string;
}

export function useVerification() {
  return useQuery({
    queryKey: securityKeys.verification(),
    enabled: useSession((state) => state.loginStatus),
    queryFn: () => api.call(identityApi.userVerification),
  });
}

export function useSendPhoneCode() {
  return useMutation({
    mutationFn: (phone: PhoneForm) => api.call(identityApi.userBindingPhoneVcode, phone),
  });
}

export function useBindPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PhoneForm & { vcode: string; totp?: string }) => api.call(identityApi.userBindingPhone, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityKeys.verification() }),
  });
}

/** Every step answers the whole state; the cached verification takes it at once. */
function useKycStep<I>(call: (input: I) => Promise<KycStatus>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (kyc) =>
      queryClient.setQueryData<Verification>(securityKeys.verification(), (before) =>
        before ? { ...before, kyc } : before,
      ),
  });
}

export const useSelectLevel = () =>
  useKycStep((level: KycLevel) => api.call(identityApi.userSelectAuthLevel, { level }));

export const useSaveKycDetails = () =>
  useKycStep((details: { legalName: string; country: string; idType: string; idNumber: string }) =>
    api.call(identityApi.userKyc1, details),
  );

export const useUploadKycDocument = () =>
  useKycStep(({ kind, file }: { kind: KycDocument; file: File }) => {
    const form = new FormData();
    form.append('file', file);
    return api.upload(UPLOADS.kycDocument, form, { params: { kind } });
  });

export const useSubmitKyc = () => useKycStep(() => api.call(identityApi.userSubmitUserInfo, {}));

import { route } from '../api-route.ts';
import type { EmptyInput, EmptyOutput } from '../auth.ts';
import type * as s from '../wallet.ts';

/** The wallet module's calls (apps/server/src/modules/wallet): paths and types only; schemas in wallet.schemas.ts. */
export const walletApi = {
  localChainDeposit: route<typeof s.LocalChainDepositInput, typeof s.LocalChainDepositOutput>(
    'POST',
    '/local-chain/deposit',
  ),
  adminLedgerCheck: route<typeof EmptyInput, typeof s.LedgerCheckOutput>('GET', '/admin/ledger/check'),
  chains: route<typeof EmptyInput, typeof s.ChainsOutput>('GET', '/wallet/chains'),
  assets: route<typeof EmptyInput, typeof s.AssetsOutput>('GET', '/wallet/assets'),
  summary: route<typeof s.SummaryInput, typeof s.SummaryOutput>('GET', '/wallet/summary'),
  assetVisibility: route<typeof s.AssetVisibilityInput, typeof EmptyOutput>('POST', '/wallet/asset/visibility'),
  depositAddress: route<typeof s.DepositAddressInput, typeof s.DepositAddressOutput>('GET', '/wallet/deposit/address'),
  transferPreview: route<typeof s.TransferPreviewInput, typeof s.TransferPreviewOutput>(
    'POST',
    '/wallet/transfer/preview',
  ),
  transfer: route<typeof s.TransferInput, typeof s.TransferOutput>('POST', '/wallet/transfer'),
  records: route<typeof s.RecordsInput, typeof s.RecordsOutput>('GET', '/wallet/records'),
  record: route<typeof s.RecordInput, typeof s.RecordOutput>('GET', '/wallet/record'),
  userPayments: route<typeof EmptyInput, typeof s.PaymentMethodsOutput>('GET', '/user/payments'),
  userPaymentsAdd: route<typeof s.PaymentMethodInput, typeof s.PaymentMethodOutput>('POST', '/user/payments/add'),
  userPaymentsUpdate: route<typeof s.PaymentMethodUpdateInput, typeof s.PaymentMethodOutput>(
    'POST',
    '/user/payments/update',
  ),
  userPaymentsDelete: route<typeof s.PaymentMethodDeleteInput, typeof EmptyOutput>('POST', '/user/payments/delete'),
  asset: route<typeof s.AssetQuery, typeof s.AssetOutput>('GET', '/wallet/asset'),
  addressBook: route<typeof EmptyInput, typeof s.AddressBookOutput>('GET', '/wallet/addressBook'),
  addressBookAdd: route<typeof s.AddressBookAddInput, typeof s.AddressBookEntryOutput>(
    'POST',
    '/wallet/addressBook/add',
  ),
  addressBookCancel: route<typeof s.AddressBookCancelInput, typeof EmptyOutput>('POST', '/wallet/addressBook/cancel'),
  addressBookAllowlist: route<typeof s.AllowlistInput, typeof s.AddressBookOutput>(
    'POST',
    '/wallet/addressBook/allowlist',
  ),
  addressBookConfirm: route<typeof s.AddressBookConfirmInput, typeof s.AddressBookConfirmOutput>(
    'POST',
    '/wallet/addressBook/confirm',
  ),
  adminWithdrawalReviews: route<typeof EmptyInput, typeof s.WithdrawalReviewsOutput>(
    'GET',
    '/admin/withdrawals/review',
  ),
  adminWithdrawalReview: route<typeof s.WithdrawalReviewInput, typeof s.WithdrawalReviewOutput>(
    'POST',
    '/admin/withdrawals/review',
  ),
};

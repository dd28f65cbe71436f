import { withSchemas } from '../api-route.ts';
import { EmptyInput, EmptyOutput } from '../auth.ts';
import * as s from '../wallet.ts';
import { walletApi as api } from './wallet.ts';

/** The wallet module's calls with their schemas: what the server registers and development builds parse with. */
export const walletSchemas = {
  localChainDeposit: withSchemas(api.localChainDeposit, s.LocalChainDepositInput, s.LocalChainDepositOutput),
  adminLedgerCheck: withSchemas(api.adminLedgerCheck, EmptyInput, s.LedgerCheckOutput),
  chains: withSchemas(api.chains, EmptyInput, s.ChainsOutput),
  assets: withSchemas(api.assets, EmptyInput, s.AssetsOutput),
  summary: withSchemas(api.summary, s.SummaryInput, s.SummaryOutput),
  assetVisibility: withSchemas(api.assetVisibility, s.AssetVisibilityInput, EmptyOutput),
  depositAddress: withSchemas(api.depositAddress, s.DepositAddressInput, s.DepositAddressOutput),
  transferPreview: withSchemas(api.transferPreview, s.TransferPreviewInput, s.TransferPreviewOutput),
  transfer: withSchemas(api.transfer, s.TransferInput, s.TransferOutput),
  records: withSchemas(api.records, s.RecordsInput, s.RecordsOutput),
  record: withSchemas(api.record, s.RecordInput, s.RecordOutput),
  userPayments: withSchemas(api.userPayments, EmptyInput, s.PaymentMethodsOutput),
  userPaymentsAdd: withSchemas(api.userPaymentsAdd, s.PaymentMethodInput, s.PaymentMethodOutput),
  userPaymentsUpdate: withSchemas(api.userPaymentsUpdate, s.PaymentMethodUpdateInput, s.PaymentMethodOutput),
  userPaymentsDelete: withSchemas(api.userPaymentsDelete, s.PaymentMethodDeleteInput, EmptyOutput),
  asset: withSchemas(api.asset, s.AssetQuery, s.AssetOutput),
  addressBook: withSchemas(api.addressBook, EmptyInput, s.AddressBookOutput),
  addressBookAdd: withSchemas(api.addressBookAdd, s.AddressBookAddInput, s.AddressBookEntryOutput),
  addressBookCancel: withSchemas(api.addressBookCancel, s.AddressBookCancelInput, EmptyOutput),
  addressBookAllowlist: withSchemas(api.addressBookAllowlist, s.AllowlistInput, s.AddressBookOutput),
  addressBookConfirm: withSchemas(api.addressBookConfirm, s.AddressBookConfirmInput, s.AddressBookConfirmOutput),
  adminWithdrawalReviews: withSchemas(api.adminWithdrawalReviews, EmptyInput, s.WithdrawalReviewsOutput),
  adminWithdrawalReview: withSchemas(api.adminWithdrawalReview, s.WithdrawalReviewInput, s.WithdrawalReviewOutput),
};

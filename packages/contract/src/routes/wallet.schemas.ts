import { withSchemas } from '../api-route.ts';
import { EmptyInput, EmptyOutput } from '../auth.ts';
import {
  AssetsOutput,
  AssetVisibilityInput,
  ChainsOutput,
  DepositAddressInput,
  DepositAddressOutput,
  LedgerCheckOutput,
  LocalChainDepositInput,
  LocalChainDepositOutput,
  PaymentMethodDeleteInput,
  PaymentMethodInput,
  PaymentMethodOutput,
  PaymentMethodsOutput,
  PaymentMethodUpdateInput,
  RecordInput,
  RecordOutput,
  RecordsInput,
  RecordsOutput,
  SummaryInput,
  SummaryOutput,
  TransferInput,
  TransferOutput,
  TransferPreviewInput,
  TransferPreviewOutput,
} from '../wallet.ts';
import { walletApi as api } from './wallet.ts';

/** The wallet module's calls with their schemas: what the server registers and development builds parse with. */
export const walletSchemas = {
  localChainDeposit: withSchemas(api.localChainDeposit, LocalChainDepositInput, LocalChainDepositOutput),
  adminLedgerCheck: withSchemas(api.adminLedgerCheck, EmptyInput, LedgerCheckOutput),
  chains: withSchemas(api.chains, EmptyInput, ChainsOutput),
  assets: withSchemas(api.assets, EmptyInput, AssetsOutput),
  summary: withSchemas(api.summary, SummaryInput, SummaryOutput),
  assetVisibility: withSchemas(api.assetVisibility, AssetVisibilityInput, EmptyOutput),
  depositAddress: withSchemas(api.depositAddress, DepositAddressInput, DepositAddressOutput),
  transferPreview: withSchemas(api.transferPreview, TransferPreviewInput, TransferPreviewOutput),
  transfer: withSchemas(api.transfer, TransferInput, TransferOutput),
  records: withSchemas(api.records, RecordsInput, RecordsOutput),
  record: withSchemas(api.record, RecordInput, RecordOutput),
  userPayments: withSchemas(api.userPayments, EmptyInput, PaymentMethodsOutput),
  userPaymentsAdd: withSchemas(api.userPaymentsAdd, PaymentMethodInput, PaymentMethodOutput),
  userPaymentsUpdate: withSchemas(api.userPaymentsUpdate, PaymentMethodUpdateInput, PaymentMethodOutput),
  userPaymentsDelete: withSchemas(api.userPaymentsDelete, PaymentMethodDeleteInput, EmptyOutput),
};

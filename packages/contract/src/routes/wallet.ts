import { route } from '../api-route.ts';
import type { EmptyInput, EmptyOutput } from '../auth.ts';
import type {
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

/** The wallet module's calls (apps/server/src/modules/wallet): paths and types only; schemas in wallet.schemas.ts. */
export const walletApi = {
  localChainDeposit: route<typeof LocalChainDepositInput, typeof LocalChainDepositOutput>(
    'POST',
    '/local-chain/deposit',
  ),
  adminLedgerCheck: route<typeof EmptyInput, typeof LedgerCheckOutput>('GET', '/admin/ledger/check'),
  chains: route<typeof EmptyInput, typeof ChainsOutput>('GET', '/wallet/chains'),
  assets: route<typeof EmptyInput, typeof AssetsOutput>('GET', '/wallet/assets'),
  summary: route<typeof SummaryInput, typeof SummaryOutput>('GET', '/wallet/summary'),
  assetVisibility: route<typeof AssetVisibilityInput, typeof EmptyOutput>('POST', '/wallet/asset/visibility'),
  depositAddress: route<typeof DepositAddressInput, typeof DepositAddressOutput>('GET', '/wallet/deposit/address'),
  transferPreview: route<typeof TransferPreviewInput, typeof TransferPreviewOutput>('POST', '/wallet/transfer/preview'),
  transfer: route<typeof TransferInput, typeof TransferOutput>('POST', '/wallet/transfer'),
  records: route<typeof RecordsInput, typeof RecordsOutput>('GET', '/wallet/records'),
  record: route<typeof RecordInput, typeof RecordOutput>('GET', '/wallet/record'),
  userPayments: route<typeof EmptyInput, typeof PaymentMethodsOutput>('GET', '/user/payments'),
  userPaymentsAdd: route<typeof PaymentMethodInput, typeof PaymentMethodOutput>('POST', '/user/payments/add'),
  userPaymentsUpdate: route<typeof PaymentMethodUpdateInput, typeof PaymentMethodOutput>(
    'POST',
    '/user/payments/update',
  ),
  userPaymentsDelete: route<typeof PaymentMethodDeleteInput, typeof EmptyOutput>('POST', '/user/payments/delete'),
};

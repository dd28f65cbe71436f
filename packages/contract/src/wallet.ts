import { z } from 'zod';
import { CURRENCIES } from './constants.ts';
import { ledgerCursor } from './cursors.ts';
import { CLIENT_HASH_PATTERN } from './hashing.ts';
import { MARKET_SOURCES } from './market.ts';
import { totpCodeField } from './security.ts';
import { text } from './text.ts';

/** Request and response schemas of the wallet (SPEC §3, §5, §7 wallet routes). Amounts are decimal strings. */

const assetCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{2,12}$/, { error: 'wallet.unknownAsset' });
/** Checked against the asset's decimals by the server; here only its shape. */
export const amountField = text().max(64, { error: 'wallet.amountNumeric' });
export const idempotencyKeyField = z
  .string()
  .trim()
  .min(8)
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/, { error: 'validation.invalid' });
export const tradePasswordField = text().regex(CLIENT_HASH_PATTERN, { error: 'trade.empty' });
const chainId = z.coerce.number().int().min(0).max(100_000);

export const NetworkOutput = z.object({
  chainId: z.number(),
  chain: z.string(),
  chainName: z.string(),
  family: z.string(),
  waiting: z.boolean(),
  contract: z.string().nullable(),
  depositEnabled: z.boolean(),
  withdrawEnabled: z.boolean(),
  withdrawFee: z.string(),
  withdrawMin: z.string(),
  withdrawMax: z.string(),
  confirmations: z.number(),
  redPacketEnabled: z.boolean(),
});

export const AssetOutput = z.object({
  code: z.string(),
  name: z.string(),
  decimals: z.number(),
  singleAddress: z.boolean(),
  available: z.string(),
  frozen: z.string(),
  visible: z.boolean(),
  networks: z.array(NetworkOutput),
});
export type WalletAsset = z.infer<typeof AssetOutput>;
export const AssetsOutput = z.object({ items: z.array(AssetOutput) });

export const ChainsOutput = z.object({
  items: z.array(z.object({ id: z.number(), symbol: z.string(), name: z.string(), waiting: z.boolean() })),
});

export const AssetQuery = z.object({ asset: assetCode });
export const AssetVisibilityInput = z.object({ asset: assetCode, visible: z.boolean() });

export const DepositAddressInput = z.object({ asset: assetCode, chainId });
export const DepositAddressOutput = z.object({
  asset: z.string(),
  chainId: z.number(),
  chain: z.string(),
  address: z.string(),
  confirmations: z.number(),
});

export const TransferPreviewInput = z.object({
  asset: assetCode,
  to: text().max(200),
  chainId: chainId.optional(),
});
/**
 * The daily withdrawal limit per verified identity level, in US dollars valued at market prices (issue 34,
 * docs/wallet.md "Daily withdrawal limit"). A day is a UTC calendar day.
 */
export const WITHDRAWAL_DAILY_LIMIT_USD: Record<number, string> = { 0: '1000', 1: '20000', 2: '200000' };

/**
 * What is left of today's limit, before the user confirms: dollars with two decimals; `source: demo` when the prices
 * are the shipped demo data (the screen says so); `priced: false` when the market has no price for the asset, whose
 * withdrawals then count nothing towards the limit.
 */
export const DailyLimitOutput = z.object({
  level: z.number().int(),
  limitUsd: z.string(),
  usedUsd: z.string(),
  remainingUsd: z.string(),
  priced: z.boolean(),
  priceUsd: z.string().nullable(),
  source: z.enum(MARKET_SOURCES),
  resetsAt: z.string(),
});
export type DailyLimit = z.infer<typeof DailyLimitOutput>;

export const TransferPreviewOutput = z.object({
  kind: z.enum(['internal', 'withdrawal']),
  recipient: z.object({ uid: z.string(), label: z.string() }).nullable(),
  chainId: z.number().nullable(),
  fee: z.string(),
  min: z.string().nullable(),
  max: z.string().nullable(),
  available: z.string(),
  /** A withdrawal's daily limit; null for a transfer to a user, which it does not count. */
  dailyLimit: DailyLimitOutput.nullable().optional(),
});

export const TransferInput = z.object({
  asset: assetCode,
  amount: amountField,
  to: text().max(200),
  chainId: chainId.optional(),
  tradePassword: tradePasswordField,
  idempotencyKey: idempotencyKeyField,
  memo: text().max(140).optional(),
  /** Needed for withdrawals to outside addresses when Google Authenticator is on (468 asks for it). */
  totp: totpCodeField.optional(),
});
export const TransferOutput = z.object({
  kind: z.enum(['internal', 'withdrawal']),
  id: z.string(),
  asset: z.string(),
  amount: z.string(),
  fee: z.string(),
  /** completed for internal transfers; processing, completed or failed for withdrawals. */
  /** `review`: above the operator's threshold, frozen until an operator approves (then processing) or rejects. */
  status: z.enum(['review', 'processing', 'completed', 'failed']),
  createdAt: z.string(),
});
export type TransferResult = z.infer<typeof TransferOutput>;

export const RECORD_TYPES = ['deposit', 'transfer_in', 'transfer_out', 'withdraw', 'other'] as const;
export const RecordsInput = z.object({
  asset: assetCode,
  type: z.enum(RECORD_TYPES).optional(),
  /** The last journal posting id seen; 18 digits always fit PostgreSQL's bigint. */
  cursor: ledgerCursor,
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
/** What a record belongs to, for the link in its detail: the activity of a ticket, the bounty, the red packet… */
export const RECORD_SUBJECTS = ['activity', 'bounty', 'redpacket', 'airdrop', 'vip', 'invite', 'earnings'] as const;
export const RecordSubjectOutput = z.object({
  type: z.enum(RECORD_SUBJECTS),
  /** The id its page takes: an activity's code, a bounty's or airdrop's id, a red packet's code; '' for pages of mine. */
  id: z.string(),
  /** Its title or name when it has one (the activity's title, the bounty's, the airdrop's project). */
  title: z.string().nullable(),
});
export type RecordSubject = z.infer<typeof RecordSubjectOutput>;
export const RecordOutput = z.object({
  id: z.string(),
  type: z.enum(RECORD_TYPES),
  kind: z.string(),
  /** The reference number support asks for (the journal entry); null while a deposit confirms. */
  reference: z.string().nullable(),
  /** The other person of a transfer, by name and uid (null for an address or no person). */
  counterpartyName: z.string().nullable(),
  counterpartyUid: z.string().nullable(),
  subject: RecordSubjectOutput.nullable(),
  /** The note a transfer's sender wrote. */
  note: z.string().nullable(),
  amount: z.string(),
  /** `held`: a ticket's price frozen while the organizer decides, until it is taken or released. */
  status: z.enum(['confirming', 'review', 'processing', 'held', 'completed', 'failed']),
  chain: z.string().nullable(),
  txHash: z.string().nullable(),
  confirmations: z.number().nullable(),
  requiredConfirmations: z.number().nullable(),
  counterparty: z.string().nullable(),
  fee: z.string().nullable(),
  createdAt: z.string(),
});
export type WalletRecord = z.infer<typeof RecordOutput>;
export const RecordsOutput = z.object({ items: z.array(RecordOutput), nextCursor: z.string().nullable() });
/** One record by its reference number (the journal entry), for a link from a bounty, a red packet… */
export const RecordInput = z.object({
  asset: assetCode,
  reference: z.string().regex(/^\d{1,18}$/, { error: 'validation.invalid' }),
});

export const TradePasswordStatusOutput = z.object({ blank: z.boolean(), lockedUntil: z.string().nullable() });
export const SetTradePasswordInput = z.object({
  vcode: z
    .string()
    .trim()
    .regex(/^\d{6}$/, { error: 'validation.vcodeFormat' }),
  password: tradePasswordField,
  /** Needed when Google Authenticator is on (468 asks for it). */
  totp: totpCodeField.optional(),
});
export const ValidateTradePasswordInput = z.object({ password: tradePasswordField });

export const PAYMENT_TYPE_CODES = [0, 1, 101] as const;
const paymentBase = {
  type: z.coerce
    .number()
    .int()
    .refine((value) => (PAYMENT_TYPE_CODES as readonly number[]).includes(value), { error: 'validation.invalid' }),
  holderName: text().min(1).max(60),
  account: text().min(3).max(64),
  bankName: text().max(80).optional(),
  bankBranch: text().max(80).optional(),
  tradePassword: tradePasswordField,
  /** Google Authenticator code or recovery code, when it is on (docs/security-centre.md, second factor). */
  totp: totpCodeField.optional(),
};
export const PaymentMethodInput = z.object(paymentBase).refine((value) => value.type !== 0 || !!value.bankName, {
  error: 'validation.required',
  path: ['bankName'],
});
export const PaymentMethodUpdateInput = z
  .object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER), ...paymentBase })
  .refine((value) => value.type !== 0 || !!value.bankName, { error: 'validation.required', path: ['bankName'] });
export const PaymentMethodDeleteInput = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  tradePassword: tradePasswordField,
});
export const PaymentMethodOutput = z.object({
  id: z.number(),
  type: z.number(),
  holderName: z.string(),
  account: z.string(),
  bankName: z.string().nullable(),
  bankBranch: z.string().nullable(),
  createdAt: z.string(),
});
export const PaymentMethodsOutput = z.object({ items: z.array(PaymentMethodOutput) });

export const SummaryInput = z.object({ currency: z.enum(CURRENCIES, { error: 'validation.invalid' }).default('USD') });
export const SummaryOutput = z.object({
  currency: z.string(),
  /** Sum of the valued assets, in the currency, 2 decimals. */
  total: z.string(),
  /** demo: prices from the shipped demo dataset; live: from the market-data API. */
  source: z.enum(['demo', 'live']),
  items: z.array(
    z.object({
      code: z.string(),
      amount: z.string(),
      priceUsd: z.string().nullable(),
      /** In the currency; null when the asset has no market price. */
      value: z.string().nullable(),
    }),
  ),
});
export type WalletSummary = z.infer<typeof SummaryOutput>;

/** Operator routes of the local setup (`npm run wallet:deposit`, `npm run ledger:check`). */
export const LocalChainDepositInput = z.object({
  email: z.string().trim().max(254),
  asset: z.string().trim().toUpperCase().max(12),
  chain: z.string().trim().max(20),
  amount: z.string().trim().max(64),
  txHash: z.string().trim().max(100).optional(),
  /** Fewer than the network needs leaves the deposit confirming until the simulated chain catches up. */
  confirmations: z.coerce.number().int().min(0).max(10_000).optional(),
});
export const LocalChainDepositOutput = z.object({
  id: z.number(),
  credited: z.boolean(),
  status: z.enum(['confirming', 'credited']),
  address: z.string(),
});
export const LedgerCheckOutput = z.object({
  ok: z.boolean(),
  violations: z.array(z.object({ rule: z.string(), detail: z.record(z.string(), z.unknown()) })),
});
/** Operator: cancel a withdrawal stuck on a real chain by a transfer of nothing to ourselves at its nonce. */
export const ChainCancelInput = z.object({ withdrawal: z.coerce.number().int().positive() });
export const ChainCancelOutput = z.object({
  /** The cancel's hash; the withdrawal is refunded once it is mined, and completes instead if the original is. */
  hash: z.string(),
  nonce: z.string(),
  attempt: z.number(),
});
/** Operator: what each chain on a node holds against the records (`npm run chain:reconcile`); chain base units. */
export const ChainReconcileOutput = z.object({
  ok: z.boolean(),
  lines: z.array(
    z.object({
      chain: z.string(),
      asset: z.string(),
      onChain: z.string(),
      expected: z.string(),
      difference: z.string(),
      explained: z.array(z.object({ what: z.string(), amount: z.string() })),
      unexplained: z.string(),
    }),
  ),
});
/**
 * Operator: where the hot wallet stands against its target and ceiling per chain and asset with limits
 * (`npm run chain:hot`, docs/wallet.md "Hot and cold"); whole coins. `available` is what it holds less what it owes
 * to withdrawals broadcast or waiting; `moving` a transfer of surplus to the cold address not yet settled.
 */
export const ChainHotOutput = z.object({
  lines: z.array(
    z.object({
      chain: z.string(),
      asset: z.string(),
      available: z.string(),
      target: z.string(),
      ceiling: z.string().optional(),
      state: z.enum(['below_target', 'ok', 'above_ceiling']),
      coldAddress: z.string().optional(),
      moving: z.object({ hash: z.string(), amount: z.string() }).optional(),
    }),
  ),
});
/** Operator: record a transaction of ours to or from the hot wallet (`npm run chain:fund`). */
export const ChainFundInput = z.object({
  chain: z.string().trim().min(1).max(20),
  tx: z
    .string()
    .trim()
    .regex(/^0x[0-9a-fA-F]{64}$/, 'a transaction hash'),
});
export const ChainFundOutput = z.object({
  lines: z.array(
    z.object({
      asset: z.string(),
      direction: z.enum(['in', 'out']),
      chainAmount: z.string(),
      logIndex: z.number(),
      recorded: z.boolean(),
    }),
  ),
});

/** The withdrawal address book (issue 34, docs/wallet.md "Address book and allowlist"). */
export const ADDRESS_BOOK_MAX = 50;
/** How long after its mailed confirmation a saved address may receive a withdrawal. */
export const NEW_ADDRESS_DELAY_MS = 24 * 60 * 60_000;

export const AddressBookEntryOutput = z.object({
  id: z.string(),
  chainId: z.number(),
  address: z.string(),
  label: z.string(),
  createdAt: z.string(),
  /** `confirming`: waiting for the mailed link; `waiting`: confirmed, usable from `usableAt`; `ready`. */
  state: z.enum(['confirming', 'waiting', 'ready']),
  usableAt: z.string().nullable(),
});
export type AddressBookEntry = z.infer<typeof AddressBookEntryOutput>;

export const AddressBookOutput = z.object({
  allowlist: z.boolean(),
  /** Turning the allowlist off waits for its mailed link. */
  allowlistOffPending: z.boolean(),
  items: z.array(AddressBookEntryOutput),
});
export type AddressBook = z.infer<typeof AddressBookOutput>;

export const AddressBookAddInput = z.object({
  chainId,
  address: text().min(1).max(200),
  label: text().min(1).max(40),
  totp: totpCodeField.optional(),
});
export const AddressBookCancelInput = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
export const AllowlistInput = z.object({ enabled: z.boolean(), totp: totpCodeField.optional() });
/** The mailed link's secret, posted by the page the link opens (never in an API URL). */
export const AddressBookConfirmInput = z.object({ confirmation: text().regex(/^[0-9a-f]{64}$/) });
export const AddressBookConfirmOutput = z.object({ action: z.enum(['add', 'allowlistOff']) });

/** Operator: withdrawals waiting for review, oldest first (issue 34, docs/wallet.md "Review of large withdrawals"). */
export const WithdrawalReviewsOutput = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      uid: z.string(),
      asset: z.string(),
      amount: z.string(),
      /** Null for an asset the market does not price (every withdrawal of one is reviewed). */
      valueUsd: z.string().nullable(),
      chainId: z.number(),
      address: z.string(),
      createdAt: z.string(),
    }),
  ),
});
export const WithdrawalReviewInput = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  decision: z.enum(['approve', 'reject']),
  note: text().max(500).optional(),
});
export const WithdrawalReviewOutput = z.object({ id: z.string(), status: z.enum(['processing', 'failed']) });

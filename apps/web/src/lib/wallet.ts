import {
  AMOUNT_PROBLEM_KEYS,
  type AmountTextOptions,
  CURRENCIES,
  type Currency,
  DEFAULT_CURRENCY,
  formatAmount,
  formatAssetAmount,
  parseAmount,
  RECORD_KINDS,
  type WalletRecord,
} from '@polaris/contract';
import { settingsStore } from './settings.ts';

/**
 * The wallet's pure rules on the client. Money decisions compare integers of base units (parseAmount /
 * toScaled from the contract); only display formatting turns a decimal string into grouped text.
 */

/** A message of the shared catalogue (`contract:` namespace) and its parameters. */
export interface Problem {
  key: string;
  params?: Record<string, string | number>;
}

type TransferField = 'to' | 'amount';
export type TransferProblems = Partial<Record<TransferField, Problem>>;

/** What the preview said about the destination, and the balance it read. */
export interface TransferTerms {
  kind: 'internal' | 'withdrawal';
  fee: string;
  min: string | null;
  max: string | null;
  available: string;
}

/** Base units of a decimal string the server sent (always well formed); 0 for anything unreadable. */
export function unitsOf(value: string | null | undefined, decimals: number): bigint {
  if (!value) return 0n;
  const parsed = parseAmount(value, decimals);
  return 'units' in parsed ? parsed.units : 0n;
}

/** SPEC §5 transfer rules, in the order a person fixes them: address, amount, fee, limits, balance. */
export function checkTransfer(
  input: { to: string; amount: string; decimals: number },
  terms: TransferTerms | null,
): TransferProblems {
  const problems: TransferProblems = {};
  if (input.to.trim() === '') problems.to = { key: 'wallet.addressEmpty' };
  const parsed = parseAmount(input.amount, input.decimals);
  if ('problem' in parsed) {
    problems.amount =
      parsed.problem === 'tooPrecise'
        ? { key: AMOUNT_PROBLEM_KEYS.tooPrecise, params: { max: input.decimals } }
        : { key: AMOUNT_PROBLEM_KEYS[parsed.problem] };
    return problems;
  }
  if (!terms) return problems;
  const units = parsed.units;
  if (terms.kind === 'withdrawal') {
    if (units <= unitsOf(terms.fee, input.decimals)) {
      problems.amount = { key: 'wallet.amountBelowFee' };
      return problems;
    }
    if (terms.min && units < unitsOf(terms.min, input.decimals)) {
      problems.amount = { key: 'wallet.amountBelowMin', params: { min: terms.min } };
      return problems;
    }
    if (terms.max && units > unitsOf(terms.max, input.decimals)) {
      problems.amount = { key: 'wallet.amountAboveMax', params: { max: terms.max } };
      return problems;
    }
  }
  if (units > unitsOf(terms.available, input.decimals)) problems.amount = { key: 'wallet.insufficient' };
  return problems;
}

/** What the recipient gets: the amount less the fee (a withdrawal's fee is inside its amount), or null. */
export function receiveAmount(amount: string, fee: string, decimals: number): string | null {
  const parsed = parseAmount(amount, decimals);
  if ('problem' in parsed) return null;
  const rest = parsed.units - unitsOf(fee, decimals);
  return rest > 0n ? formatAmount(rest, decimals) : null;
}

/** The most the user can send: the balance, capped by a withdrawal's maximum. */
export function maxSendable(terms: TransferTerms, decimals: number): string {
  const available = unitsOf(terms.available, decimals);
  const cap = terms.kind === 'withdrawal' && terms.max ? unitsOf(terms.max, decimals) : null;
  if (cap !== null && cap < available) return formatAmount(cap, decimals);
  return formatAmount(available, decimals);
}

/** The server's own test for "this is a user of the app" (uid of 8–12 digits, or an email); else an address. */
export function looksLikeUser(to: string): boolean {
  const text = to.trim();
  return /^\d{8,12}$/.test(text) || text.includes('@');
}

/**
 * The app's one display of an asset amount (the contract's `formatAssetAmount`: the asset's display precision,
 * grouped in the chosen language, never through a float), without the asset code: "1,234.50".
 */
export function amountFigure(value: string, asset: string, options: AmountTextOptions = {}): string {
  return formatAssetAmount(value, asset, settingsStore.getState().language, options);
}

/** `amountFigure` with the asset code: "1,234.50 USDT". */
export function assetAmount(value: string, asset: string, options: AmountTextOptions = {}): string {
  return amountFigure(value, asset, { ...options, withCode: true });
}

/** Digits grouped by thousands (fiat and USD figures, already rounded by the server), without ever going through a float ("2921.5" → "2,921.5"). */
export function groupDigits(value: string): string {
  const negative = value.startsWith('-');
  const [whole = '0', fraction] = (negative ? value.slice(1) : value).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
}

/** Shortens a display figure to `places` decimals (truncating; display only). */
export function trimPlaces(value: string, places: number): string {
  const [whole, fraction = ''] = value.split('.');
  const kept = fraction.slice(0, places).replace(/0+$/, '');
  return kept ? `${whole}.${kept}` : (whole ?? '0');
}

export const CURRENCY_SYMBOLS: Record<Currency, string> = {
  CNY: '¥',
  USD: '$',
  RUB: '₽',
  EUR: '€',
  HKD: 'HK$',
  MOP: 'MOP$',
  TWD: 'NT$',
  SGD: 'S$',
  MYR: 'RM',
  CAD: 'C$',
  VND: '₫',
  PHP: '₱',
};

function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);
}

/** The stored currency, or the default when what is stored is not one of the twelve. */
export function currencyOf(stored: string | null | undefined): Currency {
  return isCurrency(stored) ? stored : DEFAULT_CURRENCY;
}

/** "NT$2,921.58"; null values (no market price) are the caller's to word. */
export function formatMoney(value: string, currency: Currency): string {
  return `${CURRENCY_SYMBOLS[currency]}${groupDigits(value)}`;
}

/** SPEC settings.showAssets: hidden figures read as four stars. */
const HIDDEN_FIGURE = '****';
export const shown = (text: string, showAssets: boolean) => (showAssets ? text : HIDDEN_FIGURE);

type RecordTone = 'in' | 'out';
type StatusTone = 'success' | 'warning' | 'danger';

export interface RecordView {
  /** i18n keys (web catalogue) for the type and the status. */
  typeKey: string;
  statusKey: string;
  statusTone: StatusTone;
  tone: RecordTone;
  /** "+100", "-12.5" */
  signedAmount: string;
  /** "12/15" while a deposit confirms, null when it does not apply. */
  confirmations: string | null;
}

const STATUS_TONES: Record<WalletRecord['status'], StatusTone> = {
  completed: 'success',
  processing: 'warning',
  confirming: 'warning',
  held: 'warning',
  review: 'warning',
  failed: 'danger',
};

/** The label of a record (web `records.*` keys): one for every kind the records API returns (`RECORD_KINDS`). */
function recordLabelKey(record: Pick<WalletRecord, 'kind' | 'type'>): string {
  if (record.kind === 'transfer' || record.kind === 'deposit') return `records.type.${record.type}`;
  if (record.kind === 'withdrawal') return 'records.type.withdraw';
  return (RECORD_KINDS as readonly string[]).includes(record.kind)
    ? `records.kind.${record.kind}`
    : 'records.type.other';
}

export function recordView(record: WalletRecord): RecordView {
  const negative = record.amount.startsWith('-');
  const confirmations =
    record.type === 'deposit' && record.confirmations !== null && record.requiredConfirmations !== null
      ? `${Math.min(record.confirmations, record.requiredConfirmations)}/${record.requiredConfirmations}`
      : null;
  return {
    typeKey: recordLabelKey(record),
    statusKey: `records.status.${record.status}`,
    statusTone: STATUS_TONES[record.status],
    tone: negative ? 'out' : 'in',
    signedAmount: negative ? record.amount : `+${record.amount}`,
    confirmations,
  };
}

/** "0x2760…4CEc3": long hashes and addresses shortened for a row; the full text is what gets copied. */
export function shortHash(value: string, head = 6, tail = 4): string {
  return value.length <= head + tail + 1 ? value : `${value.slice(0, head)}…${value.slice(-tail)}`;
}

/** A fresh idempotency key (the contract allows letters, digits, _ and -). */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Trade password rule of this client (docs/wallet-screens.md): 6–16 characters, no spaces at the ends. */
export const TRADE_PASSWORD_MIN = 6;
export const TRADE_PASSWORD_MAX = 16;
export type TradePasswordProblem = 'empty' | 'length' | 'mismatch';

export function checkTradePassword(password: string, confirm?: string): TradePasswordProblem | null {
  if (password === '') return 'empty';
  if (password.length < TRADE_PASSWORD_MIN || password.length > TRADE_PASSWORD_MAX || password.trim() !== password) {
    return 'length';
  }
  if (confirm !== undefined && confirm !== password) return 'mismatch';
  return null;
}

/** Stores the chosen currency (SPEC settings.currency); every query keyed by it then fetches afresh. */
export function chooseCurrency(store: { getState(): { update(patch: { currency: string }): void } }, value: string) {
  if (!isCurrency(value)) return false;
  store.getState().update({ currency: value });
  return true;
}

/**
 * The line under an asset's code. XDR's name is its code, which says nothing: it says what XDR is instead (SPEC §3:
 * a single-address stable coin; it has no market price).
 */
export function assetSubtitle(asset: { code: string; name: string }, t: (key: string) => string): string {
  return asset.code === 'XDR' ? t('wallet.xdrShort') : asset.name;
}

/** Business constants of SPEC §9 and the enumerations of SPEC §3, shared by server and web. */

export const API_BASE = '/rest/polarisex';

/**
 * Request fields that never travel in a URL, where proxies and logs keep them: the server refuses each of them in
 * the query string of every route (status 400), and the web client refuses to build such a URL. `token` is not
 * among them: the server still accepts it as a query parameter from old clients (the web client sends a header).
 */
export const URL_SECRET_KEYS = [
  'password',
  'newPassword',
  'oldPassword',
  'vcode',
  'code',
  'tradePassword',
  'totp',
] as const;

export const REQUEST_TIMEOUT_MS = 300_000;
export const NETWORK_TIMEOUT_MS = 60_000;
export const TOAST_DURATION_MS = 3_000;
export const ASYNC_SCREEN_DELAY_MS = 200;
export const ASYNC_SCREEN_TIMEOUT_MS = 60_000;
export const SCREEN_CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const MAX_PAGE_WIDTH = 430;
export const NAV_BAR_HEIGHT = 48;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 16;
export const VCODE_LENGTH = 6;
export const AVATAR_CACHE_LIMIT = 100;
/** An avatar upload: at most 1 MiB (the client sends a 512 px square, a few dozen KiB). */
export const AVATAR_MAX_BYTES = 1_048_576;
/** The side of the square the client crops and resizes an avatar to before uploading it. */
export const AVATAR_SIZE = 512;
export const PROCESSED_ITEM_MEMORY_MS = 86_400_000;
export const DEFAULT_CURRENCY = 'USD';
export const MICROPAY_LIMIT = 100;
export const APP_VERSION = '3.4.5';
export const APP_VERSION_CODE = 25010275;

/** Email codes: resend window, lifetime, wrong tries before a code dies, failed attempts per account per hour. */
export const VCODE_RESEND_SECONDS = 60;
export const VCODE_TTL_MS = 10 * 60_000;
export const VCODE_MAX_TRIES = 5;
export const AUTH_FAILURES_PER_HOUR = 100;

export const LANGUAGES = ['zh-Hant', 'zh-Hans', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-Hant';

/** SPEC §3 locales: code, telephone area code, default currency. */
export const LOCALES = {
  en_US: { areaCode: '1', currency: 'USD', language: 'en' },
  zh_CN: { areaCode: '86', currency: 'USD', language: 'zh-Hans' },
  zh_TW: { areaCode: '886', currency: 'USD', language: 'zh-Hant' },
  zh_HK: { areaCode: '852', currency: 'USD', language: 'zh-Hant' },
} as const satisfies Record<string, { areaCode: string; currency: string; language: Language }>;
export type LocaleCode = keyof typeof LOCALES;

/** SPEC §3 language map: the locale code each interface language sends to the server. */
export const LANGUAGE_LOCALE: Record<Language, LocaleCode> = {
  en: 'en_US',
  'zh-Hans': 'zh_CN',
  'zh-Hant': 'zh_HK',
};

export const CURRENCIES = ['CNY', 'USD', 'RUB', 'EUR', 'HKD', 'MOP', 'TWD', 'SGD', 'MYR', 'CAD', 'VND', 'PHP'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** SPEC §3 chains by chainId; BTC is listed but waiting (visible, not usable). */
export const CHAINS = [
  { id: 201, symbol: 'BSC', waiting: false },
  { id: 311, symbol: 'AVAX', waiting: false },
  { id: 3, symbol: 'ETH', waiting: false },
  { id: 314, symbol: 'Polygon', waiting: false },
  { id: 320, symbol: 'Solana', waiting: false },
  { id: 322, symbol: 'Ton', waiting: false },
  { id: 1, symbol: 'BTC', waiting: true },
] as const;
export const DEFAULT_CHAIN_ID = CHAINS[0].id;

export const STABLE_COINS = ['USDT', 'BTC', 'XDR'] as const;
export const SINGLE_ADDRESS_COINS = ['XDR'] as const;

export const PAYMENT_TYPES = { bank: 0, alipay: 1, paypal: 101 } as const;

/**
 * Parse whatever locale a client sends (en_US, zh_TW, zh-Hant, en, ...) into an interface language.
 * Unknown or missing values fall back to the default language.
 */
export function languageOf(locale: string | undefined | null): Language {
  if (!locale) return DEFAULT_LANGUAGE;
  const value = locale.trim();
  if ((LANGUAGES as readonly string[]).includes(value)) return value as Language;
  const known = LOCALES[value as LocaleCode];
  if (known) return known.language;
  const lower = value.toLowerCase().replace('-', '_');
  if (lower.startsWith('en')) return 'en';
  if (lower === 'zh_cn' || lower === 'zh_sg' || lower.startsWith('zh_hans')) return 'zh-Hans';
  if (lower.startsWith('zh')) return 'zh-Hant';
  return DEFAULT_LANGUAGE;
}

/**
 * Every ledger entry kind that moves a user's available balance, i.e. every kind `/wallet/records` returns; each
 * has a label in the three languages (web `records.kind.*`). Kinds between system accounts only
 * (ticket_earning_hold, ticket_release, withdrawal_settle, referral_fund) never reach a user's records.
 */
export const RECORD_KINDS = [
  'deposit',
  'transfer',
  'withdrawal',
  'withdrawal_refund',
  'ticket_payment',
  'ticket_hold',
  'ticket_hold_release',
  'ticket_refund',
  'creator_withdrawal',
  'bounty_fund',
  'bounty_payout',
  'bounty_refund',
  'redpacket_send',
  'redpacket_claim',
  'redpacket_refund',
  'vip_buy',
  'vip_renew',
  'vip_upgrade',
  'airdrop_fund',
  'airdrop_payout',
  'airdrop_return',
  'invite_reward',
  'activity_deposit_hold',
  'activity_deposit_return',
  'activity_deposit_forfeit',
] as const;
// Here, not in wallet.ts (zod schemas), so the first screen's amount formatting pulls in no zod.
export type RecordKind = (typeof RECORD_KINDS)[number];

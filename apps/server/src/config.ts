import path from 'node:path';
import { type IceServer, NOTICE_REMINDER_LEADS } from '@polaris/contract';
import { z } from 'zod';
import { type GoogleWalletConfig, googleWalletConfig } from './modules/activity/google-wallet.ts';
import { type ApplePassConfig, applePassConfig } from './modules/activity/wallet-pass.config.ts';
import { type CommunityChannel, staticPageConfig } from './modules/app/static-pages.ts';
import { type ChainConfig, chainConfig } from './modules/chain/config.ts';
import { parseIceServers } from './modules/live/media.ts';
import { type PushConfig, pushConfig } from './modules/push/config.ts';
import { type ShareConfig, shareConfig } from './modules/share/config.ts';
import { type WalletKeysConfig, walletKeysConfig } from './modules/wallet/config.ts';
import { REPO_ROOT } from './paths.ts';
import { parseCorsOrigins } from './platform/cors.ts';
import { parseTrustProxy, type TrustProxy } from './platform/region.ts';

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalUrl = z.preprocess(emptyToUndefined, z.url().optional());

/** Every environment variable the server reads, parsed once. The README's configuration table mirrors this. */
const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: optionalUrl,
  DATA_DIR: z.string().default(path.join(REPO_ROOT, 'data')),
  DATABASE_URL: optionalUrl,
  REDIS_URL: optionalUrl,
  SMTP_URL: optionalUrl,
  SMS_GATEWAY_URL: optionalUrl,
  SMS_GATEWAY_TOKEN: z.preprocess(emptyToUndefined, z.string().trim().optional()),
  MAIL_FROM: z.string().default('Polaris <no-reply@polaris.local>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  BLOCKED_COUNTRIES: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((code) => code.trim().toUpperCase())
        .filter(Boolean),
    ),
  COUNTRY_HEADER: z.string().default('cf-ipcountry'),
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, context) => {
      try {
        return parseTrustProxy(value);
      } catch (error) {
        context.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    }),
  RATE_LIMIT_MULTIPLIER: z.coerce.number().min(0.1).max(1000).default(1),
  ICE_SERVERS: z.string().optional(),
  LIVE_HOST_ADDRESSES: z.string().optional(),
  JANUS_URL: optionalUrl,
  JANUS_API_SECRET: z.preprocess(emptyToUndefined, z.string().optional()),
  CHAT_HEARTBEAT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  // Drain on SIGTERM (platform/readiness.ts, main.ts): not ready for this long first, then out within the timeout.
  DRAIN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(5000),
  DRAIN_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  DISCOVERY_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
  PAYOUT_HOLD_HOURS: z.coerce.number().min(0).max(720).default(24),
  /** How often the series worker fills each series' rolling window (docs/activities.md "Recurring series"). */
  SERIES_POLL_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  // Reminders before an activity starts, in minutes, comma-separated (docs/notifications.md "Events: activities, with email and calendar invites").
  /** How long a process holds the notice outbox rows it claimed before another may take them (a process that died). */
  NOTICE_OUTBOX_LEASE_MS: z.coerce.number().int().min(100).default(60_000),
  /** Test failpoint: `die-after-claim` kills the process right after its outbox worker claims rows, before delivering. */
  NOTICE_OUTBOX_FAILPOINT: z.enum(['die-after-claim']).optional(),
  NOTICE_REMINDER_LEADS: z
    .string()
    .default(NOTICE_REMINDER_LEADS.join(','))
    .transform((value, context) => {
      const leads = value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean)
        .map(Number);
      if (leads.length === 0 || leads.some((lead) => !Number.isInteger(lead) || lead < 1 || lead > 43_200)) {
        context.addIssue({ code: 'custom', message: 'minutes from 1 to 43200, comma-separated' });
        return z.NEVER;
      }
      return [...new Set(leads)].sort((a, b) => b - a);
    }),
  TOTP_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .regex(/^[0-9a-f]{64}$/i)
      .optional(),
  ),
  LOCAL_CHAIN_DELAY_MS: z.coerce.number().int().min(0).max(86_400_000).default(5000),
  LOCAL_CHAIN_FAIL_RATE: z.coerce.number().min(0).max(1).default(0),
  LOCAL_CHAIN_BLOCK_MS: z.coerce.number().int().min(1).max(3_600_000).default(3000),
  /** Withdrawals worth more than this (US dollars, market prices) wait for an operator's approval (docs/wallet.md). */
  WITHDRAWAL_REVIEW_ABOVE_USD: z.coerce.number().int().min(0).max(1_000_000_000).default(10_000),
  MARKET_API_KEY: z.preprocess(emptyToUndefined, z.string().trim().optional()),
  NODE_ENV: z.string().optional(),
  OPERATOR_ROUTES: z.preprocess(emptyToUndefined, z.enum(['on', 'off']).optional()),
  MARKET_API_URL: z.preprocess(emptyToUndefined, z.url().default('https://api.coingecko.com/api/v3')),
  CLIENT_RELEASE_FILE: z.preprocess(emptyToUndefined, z.string().optional()),
  MAP_TILE_URL: z.preprocess(emptyToUndefined, z.url().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png')),
  GOOGLE_OIDC_ISSUER: z.preprocess(emptyToUndefined, z.url().default('https://accounts.google.com')),
  GOOGLE_OIDC_CLIENT_ID: z.preprocess(emptyToUndefined, z.string().trim().optional()),
  GOOGLE_OIDC_CLIENT_SECRET: z.preprocess(emptyToUndefined, z.string().trim().optional()),
  APPLE_OIDC_ISSUER: z.preprocess(emptyToUndefined, z.url().default('https://appleid.apple.com')),
  APPLE_OIDC_CLIENT_ID: z.preprocess(emptyToUndefined, z.string().trim().optional()),
  APPLE_OIDC_CLIENT_SECRET: z.preprocess(emptyToUndefined, z.string().trim().optional()),
  APPLE_TEAM_ID: z.preprocess(emptyToUndefined, z.string().trim().optional()),
  APPLE_KEY_ID: z.preprocess(emptyToUndefined, z.string().trim().optional()),
  APPLE_PRIVATE_KEY: z.preprocess(emptyToUndefined, z.string().trim().optional()),
  DAOGAME_API_URL: optionalUrl,
  DAOGAME_API_KEY: z.preprocess(emptyToUndefined, z.string().trim().optional()),
  DAOGAME_SHELL_URL: optionalUrl,
  DAOGAME_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8000),
  GEOCODER_URL: optionalUrl,
  GEOCODER_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  WEBVIEW_ALLOWLIST: z.string().default(''),
  // Short links and app links (modules/share/config.ts, docs/new-user-polish.md "links").
  SHORT_LINK_HOST: z.string().optional(),
  ANDROID_APP_PACKAGE: z.string().optional(),
  ANDROID_CERT_SHA256: z.string().optional(),
  IOS_TEAM_ID: z.string().optional(),
  // Apple Wallet passes (modules/activity/wallet-pass.config.ts): all or none.
  APPLE_PASS_TYPE_ID: z.string().optional(),
  APPLE_PASS_TEAM_ID: z.string().optional(),
  APPLE_PASS_CERT_FILE: z.string().optional(),
  APPLE_PASS_KEY_FILE: z.string().optional(),
  APPLE_PASS_KEY_PASSPHRASE: z.string().optional(),
  APPLE_PASS_APNS_URL: z.string().optional(),
  APPLE_PASS_APNS_CA_FILE: z.string().optional(),
  APPLE_WWDR_CERT_FILE: z.string().optional(),
  GOOGLE_WALLET_ISSUER_ID: z.string().optional(),
  GOOGLE_WALLET_SERVICE_ACCOUNT_FILE: z.string().optional(),
  IOS_BUNDLE_ID: z.string().optional(),
  CORS_ORIGINS: z
    .string()
    .optional()
    .transform((value, context) => {
      try {
        return parseCorsOrigins(value);
      } catch (error) {
        context.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    }),
  COMMUNITY_CHANNELS: z.string().optional(),
  CAPTCHA_HMAC_KEY: z.preprocess(emptyToUndefined, z.string().trim().min(32).optional()),
  CAPTCHA_COMPLEXITY: z.coerce.number().int().min(2).max(10_000_000).default(50_000),
  CAPTCHA_TTL_SECONDS: z.coerce.number().int().min(10).max(86_400).default(1200),
  CAPTCHA_REDPACKET_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(10),
  // Push (modules/push, docs/notifications.md "Push").
  VAPID_PUBLIC_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .regex(/^B[A-Za-z0-9_-]{86}$/, 'the uncompressed P-256 public key, base64url (87 characters)')
      .optional(),
  ),
  VAPID_PRIVATE_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{43}$/, 'the P-256 private key, base64url (43 characters)')
      .optional(),
  ),
  VAPID_SUBJECT: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'a mailto: address or an https: URL')
      .optional(),
  ),
  PUSH_ENDPOINT_ALLOW: z.string().default(''),
  PUSH_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  FCM_SERVICE_ACCOUNT_JSON: z.preprocess(emptyToUndefined, z.string().trim().optional()),
  FCM_API_URL: z.preprocess(emptyToUndefined, z.url().default('https://fcm.googleapis.com')),
  APNS_KEY_P8: z.preprocess(emptyToUndefined, z.string().trim().optional()),
  APNS_KEY_ID: z.preprocess(emptyToUndefined, z.string().trim().optional()),
  APNS_TEAM_ID: z.preprocess(emptyToUndefined, z.string().trim().optional()),
  APNS_TOPIC: z.preprocess(emptyToUndefined, z.string().trim().optional()),
  APNS_URL: z.preprocess(emptyToUndefined, z.url().default('https://api.push.apple.com')),
  METRICS_PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).optional()),
  METRICS_HOST: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9.:-]{1,253}$/, 'an IP address or a host name')
    .default('127.0.0.1'),
  METRICS_TOKEN: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9._~+/=-]{24,256}$/, '24 to 256 characters of A-Z a-z 0-9 . _ ~ + / = -')
      .optional(),
  ),
});

export type Config = WalletKeysConfig & {
  port: number;
  host: string;
  publicUrl: string;
  /** Whether PUBLIC_URL was set: without it `publicUrl` is a default that only this machine reaches. */
  publicUrlSet: boolean;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  /** HTTP SMS gateway (JSON POST); without it texts go to DATA_DIR/outbox (platform/sms.ts). */
  smsGatewayUrl: string | undefined;
  smsGatewayToken: string | undefined;
  mailFrom: string;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  sessionTtlMs: number;
  blockedCountries: string[];
  countryHeader: string;
  /** Who may set `X-Forwarded-For` and the country header: nobody, N hops, or these addresses. */
  trustProxy: TrustProxy;
  /** CoinGecko API key; without it the market screens serve the shipped demo dataset. */
  marketApiKey: string | undefined;
  marketApiUrl: string;
  /** Map tile URL template; the web app reads it from /app/config and the CSP allows its origin for images. */
  mapTileUrl: string;
  /** 32-byte hex key that seals TOTP secrets at rest; without it one is made and kept in DATA_DIR. */
  totpKey: string | undefined;
  localChainDelayMs: number;
  localChainFailRate: number;
  localChainBlockMs: number;
  /** Withdrawals worth more than this many US dollars wait for an operator's review. */
  withdrawalReviewAboveUsd: number;
  /** Chains a node answers for, the hot wallet, attendance NFTs on chain (modules/chain/config.ts). */
  chains: ChainConfig;
  /** Whether this process runs the background workers (withdrawals, activity escrow); tests drive them by hand. */
  backgroundWorkers: boolean;
  /** Scales every rate-limit preset (a busy event venue behind one address may need more). */
  rateLimitMultiplier: number;
  /** Off only in tests that call an endpoint more often than a person could. */
  rateLimit: boolean;
  /** STUN/TURN servers for live video (ICE_SERVERS, a JSON array of RTCIceServer); none by default. */
  iceServers: IceServer[];
  /** Extra host addresses the embedded SFU offers as ICE candidates (LIVE_HOST_ADDRESSES, comma separated). */
  liveHostAddresses: string[];
  /** Janus's HTTP API (JANUS_URL): live video goes to a Janus VideoRoom instead of the embedded SFU. */
  janusUrl: string | undefined;
  /** Janus's `api_secret`, when Janus requires one (JANUS_API_SECRET). */
  janusApiSecret: string | undefined;
  /** How often the chat socket pings each client; one that did not answer the previous ping is closed. */
  chatHeartbeatMs: number;
  /** After SIGTERM, how long the node answers "not ready" while still serving, so the balancer stops sending to it. */
  drainGraceMs: number;
  /** After SIGTERM, the longest a drain may take before the process exits anyway (code 1). */
  drainTimeoutMs: number;
  /** How long anonymous discovery reads (activity list, explore) are cached; 0 turns the cache off. */
  discoveryCacheMs: number;
  /** The operator routes (local chain deposit, ledger check): on outside production unless OPERATOR_ROUTES says. */
  operatorRoutes: boolean;
  /** How long ticket money stays frozen in creator earnings after an activity ends before the organizer gets it. */
  payoutHoldMs: number;
  seriesPollMs: number;
  /** Reminders before an activity starts, in minutes, longest first (NOTICE_REMINDER_LEADS; 1440 and 60). */
  noticeReminderLeads: number[];
  /** The notice outbox's lease and its test failpoint (docs/notifications.md, "The outbox"). */
  noticeOutbox: { leaseMs: number; failpoint: 'die-after-claim' | undefined };
  /** Google and Apple sign-in; a provider without a client id is off and its button hidden. */
  oidc: OidcConfig;
  /** The JSON file a release writes its version and notes to (docs/app-platform.md); unset: the built-in version. */
  clientReleaseFile: string | undefined;
  /** The DAO game API (docs/daogame.md); without both URL and key the tab serves the shipped demo catalogue. */
  daogameApiUrl: string | undefined;
  daogameApiKey: string | undefined;
  daogameTimeoutMs: number;
  /** A Nominatim-compatible geocoding API for the location picker; without it, the local gazetteer answers. */
  geocoderUrl: string | undefined;
  geocoderTimeoutMs: number;
  /** Where "play" opens a game; by default the local demo shell this server serves. */
  daogameShellUrl: string;
  /** Origins the web-view page may open and frame (docs/static-pages.md); always ours and the game shell's. */
  webViewAllowList: string[];
  /** Other origins that may call the API: the native shells' (platform/cors.ts, docs/native-apps.md). */
  corsOrigins: string[];
  /** The official channels join-community shows. */
  communityChannels: CommunityChannel[];
  captcha: {
    /** HMAC key that signs challenges; without it one is made and kept in DATA_DIR (set it when processes share a database). */
    hmacKey: string | undefined;
    /** The largest counter a challenge asks for: the solver tries about half of it on average. */
    complexity: number;
    ttlMs: number;
    /** Red packets one person may open in a minute before a claim asks for the captcha. */
    redPacketsPerMinute: number;
  };
  /** Web Push and native push (modules/push/config.ts, docs/notifications.md "Push"). */
  push: PushConfig;
  /** Short links (SHORT_LINK_HOST) and the app-link files (Android package and certificates, Apple team and bundle). */
  share: ShareConfig;
  /** Apple Wallet passes: the pass type's certificate and key (modules/activity/wallet-pass.config.ts); none: no pass. */
  applePass: ApplePassConfig | undefined;
  /** Google Wallet: the issuer and the service account that signs save links (modules/activity/google-wallet.ts). */
  googleWallet: GoogleWalletConfig | undefined;
  /** The Prometheus endpoint (platform/metrics.ts, docs/metrics.md); neither port nor token: not served. */
  metrics: {
    /** A port of its own (METRICS_PORT) on `host`, never the public one; 0 takes any free port. */
    port: number | undefined;
    host: string;
    /** A bearer token (METRICS_TOKEN): asked for on the metrics port, and opens `/metrics` on the main port. */
    token: string | undefined;
  };
};

export interface OidcProviderConfig {
  issuer: string;
  clientId: string;
  /** A fixed client secret (Google; or Apple's, made by hand, or a local test provider's). */
  clientSecret: string | undefined;
  /** Apple: the key its client secret JWT is signed with, made afresh for each token request. */
  appleKey: { teamId: string; keyId: string; privateKey: string } | undefined;
}
export type OidcConfig = { google: OidcProviderConfig | undefined; apple: OidcProviderConfig | undefined };

function oidcConfig(e: z.infer<typeof EnvSchema>): OidcConfig {
  const appleKey =
    e.APPLE_TEAM_ID && e.APPLE_KEY_ID && e.APPLE_PRIVATE_KEY
      ? // A PEM pasted into one line of an env file keeps its line breaks as \n.
        { teamId: e.APPLE_TEAM_ID, keyId: e.APPLE_KEY_ID, privateKey: e.APPLE_PRIVATE_KEY.replaceAll('\\n', '\n') }
      : undefined;
  return {
    google: e.GOOGLE_OIDC_CLIENT_ID
      ? {
          issuer: e.GOOGLE_OIDC_ISSUER,
          clientId: e.GOOGLE_OIDC_CLIENT_ID,
          clientSecret: e.GOOGLE_OIDC_CLIENT_SECRET,
          appleKey: undefined,
        }
      : undefined,
    apple: e.APPLE_OIDC_CLIENT_ID
      ? {
          issuer: e.APPLE_OIDC_ISSUER,
          clientId: e.APPLE_OIDC_CLIENT_ID,
          clientSecret: e.APPLE_OIDC_CLIENT_SECRET,
          appleKey,
        }
      : undefined,
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('\n  ');
    throw new Error(`Invalid environment:\n  ${problems}`);
  }
  const e = parsed.data;
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT !== 0 && e.METRICS_PORT === e.PORT) {
    throw new Error('Invalid environment:\n  METRICS_PORT: must differ from PORT (metrics stay off the public port)');
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    publicUrlSet: e.PUBLIC_URL !== undefined,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    smsGatewayUrl: e.SMS_GATEWAY_URL,
    smsGatewayToken: e.SMS_GATEWAY_TOKEN,
    mailFrom: e.MAIL_FROM,
    logLevel: e.LOG_LEVEL,
    sessionTtlMs: e.SESSION_TTL_DAYS * 86_400_000,
    blockedCountries: e.BLOCKED_COUNTRIES,
    countryHeader: e.COUNTRY_HEADER.toLowerCase(),
    trustProxy: e.TRUST_PROXY,
    marketApiKey: e.MARKET_API_KEY,
    marketApiUrl: e.MARKET_API_URL,
    mapTileUrl: e.MAP_TILE_URL,
    ...walletKeysConfig(env),
    totpKey: e.TOTP_KEY,
    localChainDelayMs: e.LOCAL_CHAIN_DELAY_MS,
    localChainFailRate: e.LOCAL_CHAIN_FAIL_RATE,
    localChainBlockMs: e.LOCAL_CHAIN_BLOCK_MS,
    withdrawalReviewAboveUsd: e.WITHDRAWAL_REVIEW_ABOVE_USD,
    chains: chainConfig(env),
    backgroundWorkers: true,
    rateLimitMultiplier: e.RATE_LIMIT_MULTIPLIER,
    rateLimit: true,
    iceServers: parseIceServers(e.ICE_SERVERS),
    liveHostAddresses: (e.LIVE_HOST_ADDRESSES ?? '')
      .split(',')
      .map((address) => address.trim())
      .filter(Boolean),
    janusUrl: e.JANUS_URL?.replace(/\/$/, ''),
    janusApiSecret: e.JANUS_API_SECRET,
    chatHeartbeatMs: e.CHAT_HEARTBEAT_MS,
    drainGraceMs: e.DRAIN_GRACE_MS,
    drainTimeoutMs: e.DRAIN_TIMEOUT_MS,
    discoveryCacheMs: e.DISCOVERY_CACHE_MS,
    operatorRoutes: e.OPERATOR_ROUTES ? e.OPERATOR_ROUTES === 'on' : e.NODE_ENV !== 'production',
    payoutHoldMs: Math.round(e.PAYOUT_HOLD_HOURS * 3_600_000),
    seriesPollMs: e.SERIES_POLL_MS,
    noticeReminderLeads: e.NOTICE_REMINDER_LEADS,
    noticeOutbox: { leaseMs: e.NOTICE_OUTBOX_LEASE_MS, failpoint: e.NOTICE_OUTBOX_FAILPOINT },
    oidc: oidcConfig(e),
    clientReleaseFile: e.CLIENT_RELEASE_FILE ? path.resolve(e.CLIENT_RELEASE_FILE) : undefined,
    corsOrigins: e.CORS_ORIGINS,
    geocoderUrl: e.GEOCODER_URL?.replace(/\/+$/, ''),
    geocoderTimeoutMs: e.GEOCODER_TIMEOUT_MS,
    ...staticPageConfig(e, publicUrl),
    captcha: {
      hmacKey: e.CAPTCHA_HMAC_KEY,
      complexity: e.CAPTCHA_COMPLEXITY,
      ttlMs: e.CAPTCHA_TTL_SECONDS * 1000,
      redPacketsPerMinute: e.CAPTCHA_REDPACKET_PER_MINUTE,
    },
    push: pushConfig(e),
    share: shareConfig(e, publicUrl),
    applePass: applePassConfig(e),
    googleWallet: googleWalletConfig(e),
    metrics: { port: e.METRICS_PORT, host: e.METRICS_HOST, token: e.METRICS_TOKEN },
  };
}

import {
  type CityNames,
  type Currency,
  DEFAULT_CHAIN_ID,
  DEFAULT_CURRENCY,
  DEFAULT_LANGUAGE,
  LANGUAGE_LOCALE,
  LANGUAGES,
  type Language,
  LOCALES,
  MICROPAY_LIMIT,
  NAV_BAR_HEIGHT,
  type UserInfo,
} from '@polaris/contract';

/**
 * SPEC §3: everything the client keeps lives in ONE namespaced localStorage object, so the product never
 * collides with another app on the same origin and can be wiped in one step.
 */
export const STORE_KEY = 'polarisex:store';

/** What we keep of the user: the server's user info plus the token it belongs to. */
export type StoredUser = Partial<UserInfo> & { uid: string; uuid: string; token: string };

export interface SessionData {
  token: string | null;
  userInfo: StoredUser | null;
  loginStatus: boolean;
}

export interface Settings {
  language: Language;
  currency: Currency | string;
  currencyId: number | null;
  areaCode: string;
  chain: number;
  appBarHeight: number;
  appMode: boolean;
  fingerprint: { login: boolean; pay: boolean };
  showAssets: boolean;
  micropay: boolean;
  micropayLimit: number;
}

/** The activity home's preferred city (components/activity/city-store.ts); `chosen` once picked or skipped. */
export interface ActivityPrefs {
  /** A catalogue city id (or a city's free text); '' for all cities. */
  city: string;
  /** The chosen city's names in the three languages, so the home names it without a request. */
  cityNames?: CityNames | null;
  chosen: boolean;
}

/** The whole of `polarisex:store`, one slice per concern (docs/web-client.md "Storage"). */
export interface StoredState {
  /** `signingKey` (hex) is what versions before the non-extractable key kept here; it is moved out on read. */
  session?: Partial<SessionData> & { signingKey?: unknown };
  settings?: Partial<Settings>;
  activity?: Partial<ActivityPrefs>;
  /** SPEC §3: red packets and bounties a user has dealt with in a room (lib/processed-memory.ts). */
  processedRedPackets?: Record<string, ProcessedRedPacket>;
  processedBounties?: Record<string, ProcessedBounty>;
  /** SPEC §3: the avatar cache, keyed by a person's uid (lib/avatar-cache.ts); at most 100, oldest out first. */
  avatars?: Record<string, CachedAvatar>;
  /** This install's random id, sent with `/client/device` reports (app/pwa/device.ts). */
  device?: { id: string };
  /** SPEC §4 first launch: whether the guide slides were shown (lib/first-launch.ts). */
  guide?: { seen: boolean };
  /** The device token native push was turned on with in the Android/iOS shell (lib/native-push.ts). */
  nativePush?: { token: string };
  /** What the user searched for, newest first, per search page (lib/recent-searches.ts). */
  recentSearches?: Partial<Record<RecentSearchPlace, string[]>>;
}

/** A person's avatar as last seen, and when (SPEC §3 "Avatar cache"). */
export interface CachedAvatar {
  avatar: string | null;
  timestamp: number;
}
/** The search pages that remember what was searched. */
export type RecentSearchPlace = 'daogame';

/** Keyed `roomId_redpacketCode`. */
interface ProcessedRedPacket {
  redpacketCode: string;
  roomId: string;
  timestamp: number;
}

/** Keyed `roomId_bountyId`. */
interface ProcessedBounty {
  bountyId: string;
  roomId: string;
  timestamp: number;
}

export const EMPTY_SESSION: SessionData = { token: null, userInfo: null, loginStatus: false };

function defaultSettings(language: Language = DEFAULT_LANGUAGE): Settings {
  return {
    language,
    currency: DEFAULT_CURRENCY,
    currencyId: null,
    areaCode: LOCALES[LANGUAGE_LOCALE[language]].areaCode,
    chain: DEFAULT_CHAIN_ID,
    appBarHeight: NAV_BAR_HEIGHT,
    appMode: false,
    fingerprint: { login: false, pay: false },
    showAssets: true,
    micropay: false,
    micropayLimit: MICROPAY_LIMIT,
  };
}

/**
 * The first language for a browser's preferred ones (`navigator.languages`), in its order: English for `en-*`,
 * Traditional Chinese for `zh-TW`, `zh-HK`, `zh-MO`, `zh-Hant*` and a bare `zh`, Simplified for `zh-CN`, `zh-SG`,
 * `zh-Hans*`; SPEC §1's default (zh-Hant) when none of them matches.
 */
export function languageFromBrowser(preferred: readonly string[] | undefined): Language {
  for (const tag of preferred ?? []) {
    const lower = tag.toLowerCase();
    if (lower === 'en' || lower.startsWith('en-')) return 'en';
    if (/^zh-(cn|sg|hans)(-|$)/.test(lower)) return 'zh-Hans';
    if (lower === 'zh' || /^zh-(tw|hk|mo|hant)(-|$)/.test(lower)) return 'zh-Hant';
  }
  return DEFAULT_LANGUAGE;
}

function browserLanguages(): readonly string[] | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.languages;
}

/**
 * First launch (SPEC §4): fill in only what is not stored yet; never overwrite a user's choice. The language, when
 * none is stored, follows the browser's.
 */
export function withFirstLaunchDefaults(
  stored: Partial<Settings> | undefined,
  preferred: readonly string[] | undefined = browserLanguages(),
): Settings {
  const language =
    stored?.language && (LANGUAGES as readonly string[]).includes(stored.language)
      ? stored.language
      : languageFromBrowser(preferred);
  const defaults = defaultSettings(language);
  const result: Record<string, unknown> = { ...defaults };
  for (const [key, value] of Object.entries(stored ?? {})) {
    if (value !== undefined && value !== null) result[key] = value;
  }
  result.language = language;
  return result as unknown as Settings;
}

function backing(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Some privacy modes throw on access; the app still works, it just forgets on reload.
    return null;
  }
}

export function readStore(storage: Storage | null = backing()): StoredState {
  try {
    const raw = storage?.getItem(STORE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return typeof parsed === 'object' && parsed !== null ? (parsed as StoredState) : {};
  } catch {
    return {};
  }
}

export function writeSlice<K extends keyof StoredState>(
  key: K,
  value: StoredState[K],
  storage: Storage | null = backing(),
): void {
  try {
    storage?.setItem(STORE_KEY, JSON.stringify({ ...readStore(storage), [key]: value }));
  } catch {
    // Quota or privacy mode: keeping the state in memory is the best we can do.
  }
}

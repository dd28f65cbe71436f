import { LANGUAGE_LOCALE, type Language, URL_SECRET_KEYS } from '@polaris/contract';
import { apiUrl } from '@/lib/api-origin.ts';

/**
 * The URL and headers of an API call, apart from the request layer (request.ts) so the first screen's early
 * requests (app/early-requests.ts), sent before the app has loaded, are built the same way and can be recognised
 * as the app's own.
 */

/** Query parameters of a GET: flat values only, since they travel in the URL. */
export type Params = Record<string, string | number | boolean | null | undefined>;

export interface StoredIdentity {
  token?: string | null;
  uid?: string | null;
  uuid?: string | null;
}

interface CallContext {
  language: Language;
  identity: StoredIdentity;
  /** Leave the `locale` query parameter off (SPEC §7: "unless the call opts out"). */
  withoutLocale?: boolean;
}

const APP_ID = 'polarisex-web';

/**
 * The server refuses these in a URL; failing here makes the mistake visible in development. This client also
 * keeps the token out of URLs (the server accepts it there only from old clients).
 */
const SECRET_PARAMS: readonly string[] = [...URL_SECRET_KEYS, 'token'];

export function requestUrl(
  path: string,
  params: Params | undefined,
  { language, identity, withoutLocale }: CallContext,
) {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (SECRET_PARAMS.includes(key)) throw new Error(`"${key}" must not travel in a URL (${path})`);
    if (value !== undefined && value !== null) query.set(key, String(value));
  }
  if (!withoutLocale) query.set('locale', LANGUAGE_LOCALE[language]);
  if (identity.uid) query.set('uid', identity.uid);
  if (identity.uuid) query.set('uuid', identity.uuid);
  const search = query.toString();
  return apiUrl(`${path}${search ? `?${search}` : ''}`);
}

/** The headers of every call; `accept` names a file type for downloads. */
export function requestHeaders({
  language,
  identity,
  accept,
}: Omit<CallContext, 'withoutLocale'> & { accept?: string }): Record<string, string> {
  const headers: Record<string, string> = {
    accept: accept ? `${accept}, application/json` : 'application/json',
    appid: APP_ID,
    locale: LANGUAGE_LOCALE[language],
  };
  if (identity.uid) headers.uid = identity.uid;
  if (identity.uuid) headers.uuid = identity.uuid;
  if (identity.token) headers.token = identity.token;
  return headers;
}

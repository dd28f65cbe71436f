import { API_BASE } from './constants.ts';
import { text } from './text.ts';

/**
 * The schemes a stored link may have. Only `https:`: a link someone stores (an operator's airdrop website, an
 * applicant's whitepaper, an online activity's meeting room, a bounty submission) is opened by other people, so
 * `javascript:`, `data:`, `vbscript:`, `file:`, `blob:` and plain `http:` (readable and changeable on the way)
 * are refused, and so is `http://localhost` (it names the reader's own machine, never the author's). A product
 * that needs another scheme adds it here, for every field at once.
 */
export const LINK_SCHEMES = ['https:'] as const;

/** A link anyone may open: a scheme of LINK_SCHEMES, a host name with a dot, no user name or password in it. */
export function isSafeLink(value: string): boolean {
  if (/\s/.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (
    (LINK_SCHEMES as readonly string[]).includes(url.protocol) &&
    url.hostname.includes('.') &&
    url.username === '' &&
    url.password === ''
  );
}

/**
 * What a presenter may hand out of a link stored before `httpsUrl` guarded its field: an `http:` or `https:`
 * address with a host, or nothing. Older rules let `http:` meeting links in, and those still work; a scheme that
 * runs script or reads files (`javascript:`, `data:`, `file:`) never leaves the server.
 */
export function servableLink(value: string | null): string | null {
  if (value === null || /\s/.test(value)) return null;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '' ? value : null;
  } catch {
    return null;
  }
}

/**
 * The one type of every stored link (status 400 naming the field otherwise). `error` is the catalogue key of the
 * refusal ("Please enter a link starting with https://" by default); `max` its length.
 */
export function httpsUrl(options: { max: number; error?: string }) {
  return text()
    .max(options.max)
    .refine(isSafeLink, { error: options.error ?? 'validation.httpsUrl' })
    .meta({ 'x-url': 'https', examples: ['https://example.com/page'] });
}

/** The path of an image this server stores (`/activity/image/<id>/<width>.webp` below the API base). */
const OWN_IMAGE_PATH = new RegExp(`^${API_BASE.replace(/[/.]/g, '\\$&')}/activity/image/[a-f0-9]{32}/\\d{2,5}\\.webp$`);

/**
 * A picture's address (a room's avatar): a safe link, or an image uploaded to this server, by its path or its
 * full address (whose scheme is the server's own `PUBLIC_URL`, `http:` on a developer's machine).
 */
export function imageUrl(options: { max: number; error?: string }) {
  return text()
    .max(options.max)
    .refine(
      (value) => {
        if (isSafeLink(value)) return true;
        if (OWN_IMAGE_PATH.test(value)) return true;
        try {
          const url = new URL(value);
          return (
            (url.protocol === 'https:' || url.protocol === 'http:') &&
            OWN_IMAGE_PATH.test(url.pathname) &&
            url.search === '' &&
            url.hash === '' &&
            url.username === ''
          );
        } catch {
          return false;
        }
      },
      { error: options.error ?? 'validation.httpsUrl' },
    )
    .meta({ 'x-url': 'image', examples: ['https://example.com/logo.webp'] });
}

import { apiAsset, apiUrl, webOrigin } from './api-origin.ts';

/**
 * One identity (issue 23 item 9): how a person is named and pictured wherever they appear. The server names people
 * by `coalesce(open_name, uname)`; the client names the signed-in person the same way.
 */

/** The name a person shows: their display name, else their user name; null when they set neither. */
export function displayNameOf(user: { uname?: string | null; openName?: string | null } | null | undefined) {
  return user?.openName?.trim() || user?.uname?.trim() || null;
}

/** The first letter (or CJK character, or whole emoji) of a name, for a letter avatar; '#' when there is none. */
export function initialOf(name: string | null | undefined): string {
  const first = Array.from((name ?? '').trim())[0];
  return first ? first.toUpperCase() : '#';
}

/**
 * An avatar's address when it is one the app may show: an uploaded image id (its 320 px copy), a path on the API, or
 * a URL on this site or the API's origin. Other hosts are outside the Content-Security-Policy's img-src, so they get
 * the initial instead.
 */
export function avatarSrc(avatar: string | null | undefined, origin = webOrigin()): string | null {
  if (!avatar) return null;
  if (/^[a-f0-9]{32}$/.test(avatar)) return apiUrl(`/activity/image/${avatar}/320.webp`);
  if (avatar.startsWith('/') && !avatar.startsWith('//')) return apiAsset(avatar);
  try {
    const url = new URL(avatar);
    return url.origin === origin || url.origin === webOrigin() ? avatar : null;
  } catch {
    return null;
  }
}

/** Colours for letter avatars, each with white text at 4.5:1 or more. */
const COLOURS = ['#2346d8', '#1a7f4b', '#a35a00', '#c0262d', '#6d3fc0', '#0f6e8c', '#8a3b74', '#4b5565'];

/** A letter avatar's colour, the same for a person everywhere. */
export function colourOf(seed: string): string {
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return COLOURS[hash % COLOURS.length]!;
}

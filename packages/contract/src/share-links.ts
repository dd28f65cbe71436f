/**
 * Short share links (issue 23, docs/new-user-polish.md "links"): `<SHORT_LINK_HOST>/s/<code>`. The code is a
 * reversible encoding, no table: one letter for the kind of object, then the object's own public key, which is
 * already what its long link carries. Activity codes (12 of 62 characters), red packet codes, room invite tokens
 * and personal invite codes are random, so a short link is no easier to guess than the long one; a bounty's key is
 * its number, and the server previews a bounty only when its policy lets anyone see it.
 *
 * | letter | object | key |
 * | --- | --- | --- |
 * | `a` | activity | its code, and `.<invitation code>` for an organizer's invitation |
 * | `b` | bounty | its id |
 * | `r` | red packet | its code (never its password) |
 * | `u` | sign-up with a personal invite code | the invite code |
 * | `c` | chat room invite | the room's invite token |
 */
export type ShareTarget =
  | { kind: 'activity'; code: string; invite?: string }
  | { kind: 'bounty'; id: string }
  | { kind: 'redpacket'; code: string }
  | { kind: 'register'; inviteCode: string }
  | { kind: 'room'; token: string };

export const SHORT_LINK_PREFIX = '/s/';

const KEY = /^[A-Za-z0-9_-]{1,64}$/;
const ACTIVITY = /^([A-Za-z0-9]{1,32})(?:\.([A-Za-z0-9_-]{1,64}))?$/;

/** The code of a short link: kind letter + key. */
export function shareCode(target: ShareTarget): string {
  switch (target.kind) {
    case 'activity':
      return target.invite ? `a${target.code}.${target.invite}` : `a${target.code}`;
    case 'bounty':
      return `b${target.id}`;
    case 'redpacket':
      return `r${target.code}`;
    case 'register':
      return `u${target.inviteCode}`;
    case 'room':
      return `c${target.token}`;
  }
}

/** What a code names, or null for anything that is not a code we make (the server then answers 404). */
export function parseShareCode(code: string): ShareTarget | null {
  const kind = code.charAt(0);
  const key = code.slice(1);
  if (kind === 'a') {
    const match = ACTIVITY.exec(key);
    if (!match?.[1]) return null;
    return match[2] ? { kind: 'activity', code: match[1], invite: match[2] } : { kind: 'activity', code: match[1] };
  }
  if (kind === 'b') return /^[1-9][0-9]{0,17}$/.test(key) ? { kind: 'bounty', id: key } : null;
  if (!KEY.test(key)) return null;
  if (kind === 'r') return { kind: 'redpacket', code: key };
  if (kind === 'u') return { kind: 'register', inviteCode: key };
  if (kind === 'c') return { kind: 'room', token: key };
  return null;
}

/** The short link on a host (`SHORT_LINK_HOST`, by default the public URL), e.g. `https://plrs.example/s/aAbC…`. */
export function shortLink(host: string, target: ShareTarget): string {
  return `${host.replace(/\/+$/, '')}${SHORT_LINK_PREFIX}${shareCode(target)}`;
}

/** The web app's route (hash path) a short link opens; the server redirects people there, the native shells go there. */
export function shareRoute(target: ShareTarget): string {
  const q = encodeURIComponent;
  switch (target.kind) {
    case 'activity':
      return `/pages/activity/details/index?id=${q(target.code)}${target.invite ? `&invite=${q(target.invite)}` : ''}`;
    case 'bounty':
      return `/pages/bounty/bounty-detail/index?id=${q(target.id)}`;
    case 'redpacket':
      return `/pages/red-envelope/password/index?redpacketCode=${q(target.code)}`;
    case 'register':
      return `/pages/user/register/index?inviteCode=${q(target.inviteCode)}`;
    case 'room':
      return `/pages/chatroom/index?invite=${q(target.token)}`;
  }
}

/** The route a short link's URL opens (`https://host/s/aAbC…` → `/pages/activity/details/index?id=AbC…`), or null. */
export function routeOfShortLink(url: string): string | null {
  let pathname: string;
  try {
    pathname = new URL(url).pathname;
  } catch {
    return null;
  }
  if (!pathname.startsWith(SHORT_LINK_PREFIX)) return null;
  const target = parseShareCode(pathname.slice(SHORT_LINK_PREFIX.length));
  return target ? shareRoute(target) : null;
}

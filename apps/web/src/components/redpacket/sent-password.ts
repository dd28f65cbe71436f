/**
 * A password packet's password, kept for this tab only from the send step to the share page: the server never
 * gives it back (it is not in the share link), and it is worth nothing once the sender has passed it on.
 */
const KEY = 'polarisex:redpacket-password:';

function session(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export function rememberSentPassword(code: string, password: string): void {
  try {
    session()?.setItem(`${KEY}${code}`, password);
  } catch {
    // Storage full or refused: the share page then reminds the sender to pass it on without showing it.
  }
}

export function sentPasswordOf(code: string): string | null {
  return session()?.getItem(`${KEY}${code}`) ?? null;
}

/**
 * The invite rules as pure functions (docs/invite-gift.md). `inviterRefusal` is the one rule both sign-up and a
 * later bind apply; at sign-up there is no account yet, so it can refuse nothing there, but the path is the same.
 */

export type InviterRefusal = 'ownCode' | 'loop';

/**
 * Whether `meId` may name the owner of a code as inviter. `chain` is the code's owner followed by their inviter,
 * that one's inviter and so on: my own code is refused, and so is anyone who joined through me, however far
 * down, since naming them would close a loop.
 */
export function inviterRefusal(meId: number | null, chain: readonly number[]): InviterRefusal | null {
  if (meId === null) return null;
  if (chain[0] === meId) return 'ownCode';
  if (chain.includes(meId)) return 'loop';
  return null;
}

export const DAY_MS = 86_400_000;

/** Whether an inviter may still be named: only within the window after sign-up. */
export function withinBindWindow(createdAt: Date, now: Date, days: number): boolean {
  return now.getTime() - createdAt.getTime() <= days * DAY_MS;
}

/** `ab***@example.com`: enough for the inviter to recognise a friend, not enough to write to them. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 0) return '***';
  const local = email.slice(0, at);
  return `${local.slice(0, Math.min(2, Math.max(1, local.length - 1)))}***${email.slice(at)}`;
}

export function displayName(person: {
  email: string | null;
  uname: string | null;
  openName: string | null;
  deletedAt: Date | null;
}): string | null {
  if (person.deletedAt) return null;
  return person.uname || person.openName || (person.email ? maskEmail(person.email) : null);
}

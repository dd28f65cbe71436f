import { formatAmount, toScaled } from '@polaris/contract';

/**
 * What a paid sign-up lacks: the price less the balance, as a decimal string, or null when the balance covers it.
 * Compared in the asset's base units, never as floating point.
 */
export function shortfallOf(price: string, available: string, decimals: number): string | null {
  const missing = toScaled(price, decimals) - toScaled(available, decimals);
  return missing > 0n ? formatAmount(missing, decimals) : null;
}

/** A sign-up left for the deposit page: the ticket and the answers typed, kept for this tab only. */
export interface PausedSignUp {
  ticketTypeId: string;
  answers: Record<string, string>;
}

const keyOf = (activityId: string) => `polaris:signup:${activityId}`;

export function pauseSignUp(activityId: string, paused: PausedSignUp, storage: Storage = sessionStorage): void {
  try {
    storage.setItem(keyOf(activityId), JSON.stringify(paused));
  } catch {
    // Storage full or off (a private window): the sheet reopens on the ticket with its answers empty.
  }
}

/** The paused sign-up of this activity, once: reading it forgets it. Anything malformed is ignored. */
export function resumeSignUp(activityId: string, storage: Storage = sessionStorage): PausedSignUp | null {
  let raw: string | null = null;
  try {
    raw = storage.getItem(keyOf(activityId));
    storage.removeItem(keyOf(activityId));
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<PausedSignUp>;
    if (typeof value.ticketTypeId !== 'string' || typeof value.answers !== 'object' || value.answers === null) {
      return null;
    }
    const answers = Object.fromEntries(
      Object.entries(value.answers).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
    return { ticketTypeId: value.ticketTypeId, answers };
  } catch {
    return null;
  }
}

/**
 * Where the deposit page may send a person back to: only the activity page of this app (a path of ours, never
 * another origin), so a crafted link cannot use the deposit page as a redirect.
 */
export function safeReturnPath(value: string | null, activityPath: string): string | null {
  if (!value?.startsWith(`${activityPath}?`)) return null;
  return /^[\w/?=&%.-]+$/.test(value) ? value : null;
}

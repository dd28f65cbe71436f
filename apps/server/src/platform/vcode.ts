import { Status, VCODE_LENGTH, VCODE_RESEND_SECONDS, VCODE_TTL_MS } from '@polaris/contract';
import type { Database, Tx } from '../db/client.ts';
import { AppError } from './errors.ts';
import { randomDigits } from './secrets.ts';

/** Seconds until another code may go to the address that was last sent one at `last` (SPEC §5); 0 when it may now. */
function resendWaitSeconds(last: Date | undefined, now: Date): number {
  const waitMs = last ? last.getTime() + VCODE_RESEND_SECONDS * 1000 - now.getTime() : 0;
  return waitMs > 0 ? Math.ceil(waitMs / 1000) : 0;
}

/** What is kept of a code: never the code itself. */
interface StoredCode {
  codeHash: string;
  createdAt: Date;
  expiresAt: Date;
}

/** Where one kind of code (email, SMS) is kept and how it leaves; `sendCode` runs the steps in order. */
export interface CodeChannel {
  now: Date;
  /** Serialises requests for one address, so two codes cannot both pass the resend window. */
  lock(tx: Tx): Promise<void>;
  /** Throws when no code may go to this address at all (already registered, a number someone holds). */
  check(tx: Tx): Promise<void>;
  lastSentAt(tx: Tx): Promise<Date | undefined>;
  /** The hash kept in place of the code, salted with what the code is for. */
  hash(code: string): string;
  store(tx: Tx, code: StoredCode): Promise<unknown>;
  /** Sends the code; called after the commit, since no network call runs inside a transaction. */
  deliver(code: string): Promise<void>;
}

/**
 * Sends a sign-in or binding code (SPEC §5): under the address's lock, unless `check` refuses or one went out
 * less than 60 seconds ago (409 `auth.codeTooFrequent`, carrying `resendIn`), a new code is stored hashed with
 * its expiry, then delivered. Answers when the next one may be asked for.
 */
export async function sendCode(db: Database, channel: CodeChannel): Promise<{ resendIn: number }> {
  const { now } = channel;
  const code = randomDigits(VCODE_LENGTH);
  const resendIn = await db.transaction(async (tx) => {
    await channel.lock(tx);
    await channel.check(tx);
    const wait = resendWaitSeconds(await channel.lastSentAt(tx), now);
    if (wait > 0) return wait;
    await channel.store(tx, {
      codeHash: channel.hash(code),
      createdAt: now,
      expiresAt: new Date(now.getTime() + VCODE_TTL_MS),
    });
    return 0;
  });
  if (resendIn > 0) throw new AppError(Status.conflict, 'auth.codeTooFrequent', { seconds: resendIn }, { resendIn });
  await channel.deliver(code);
  return { resendIn: VCODE_RESEND_SECONDS };
}

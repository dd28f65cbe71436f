import { hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2';
import { Status } from '@polaris/contract';
import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { tradePasswords } from '../../db/schema/index.ts';
import { AppError, FieldsError } from '../../platform/errors.ts';
import type { AuthService } from '../auth/service.ts';

export const TRADE_PASSWORD_MAX_TRIES = 5;
export const TRADE_PASSWORD_LOCK_MS = 15 * 60_000;

/**
 * The transaction password that guards money. The client hashes it with the user's uid as the extra value
 * (hashTradePassword); the server keeps argon2id of that. Five wrong tries lock it for 15 minutes.
 */
export class TradePasswordService {
  constructor(private readonly deps: { db: Database; auth: AuthService; now: () => Date }) {}

  async status(userId: number): Promise<{ blank: boolean; lockedUntil: string | null }> {
    const [row] = await this.deps.db.select().from(tradePasswords).where(eq(tradePasswords.userId, userId));
    const locked = row?.lockedUntil && row.lockedUntil > this.deps.now() ? row.lockedUntil.toISOString() : null;
    return { blank: !row, lockedUntil: locked };
  }

  /** Set or change it, proven by a code mailed to the account's address. */
  async set(user: { id: number; email: string }, vcode: string, password: string): Promise<void> {
    const hash = await argon2Hash(password, { algorithm: 2 });
    const now = this.deps.now();
    const done = await this.deps.db.transaction(async (tx) => {
      if (!(await this.deps.auth.consumeCode(tx, user.email, 'trade', vcode))) return false;
      await tx
        .insert(tradePasswords)
        .values({ userId: user.id, hash, updatedAt: now })
        .onConflictDoUpdate({
          target: tradePasswords.userId,
          set: { hash, failedTries: 0, lockedUntil: null, updatedAt: now },
        });
      return true;
    });
    if (!done) throw new FieldsError([{ field: 'vcode', messageKey: 'auth.codeInvalid' }]);
  }

  /** How many hashes this service has checked; tests read it to prove that tries are claimed before checking. */
  verifications = 0;

  /**
   * Throws 414 when none is set, 468 when wrong or locked. A try first claims its slot with one conditional
   * update (the fifth claim sets the lock), then the hash is checked outside any transaction; a right password
   * clears the count. So however many tries arrive at once, at most five are ever checked.
   */
  async verify(userId: number, password: string): Promise<void> {
    const now = this.deps.now();
    const db = this.deps.db;
    const lockUntil = new Date(now.getTime() + TRADE_PASSWORD_LOCK_MS);
    // An expired lock starts a fresh count.
    const tries = sql`(case when ${tradePasswords.lockedUntil} is not null and ${tradePasswords.lockedUntil} <= ${now.toISOString()}::timestamptz
      then 1 else ${tradePasswords.failedTries} + 1 end)`;
    const [claimed] = await db
      .update(tradePasswords)
      .set({
        failedTries: tries,
        lockedUntil: sql`case when ${tries} >= ${TRADE_PASSWORD_MAX_TRIES} then ${lockUntil.toISOString()}::timestamptz else null end`,
      })
      .where(
        and(
          eq(tradePasswords.userId, userId),
          or(isNull(tradePasswords.lockedUntil), lte(tradePasswords.lockedUntil, now)),
        ),
      )
      .returning({ tries: tradePasswords.failedTries, hash: tradePasswords.hash });
    if (!claimed) {
      const [row] = await db.select().from(tradePasswords).where(eq(tradePasswords.userId, userId));
      if (!row) throw new AppError(Status.precondition, 'trade.notSet');
      throw this.lockedError(row.lockedUntil ?? lockUntil, now);
    }
    this.verifications++;
    if (await argon2Verify(claimed.hash, password)) {
      await db
        .update(tradePasswords)
        .set({ failedTries: 0, lockedUntil: null })
        .where(eq(tradePasswords.userId, userId));
      return;
    }
    if (claimed.tries >= TRADE_PASSWORD_MAX_TRIES) throw this.lockedError(lockUntil, now);
    const left = TRADE_PASSWORD_MAX_TRIES - claimed.tries;
    throw new AppError(Status.secondFactor, 'trade.wrong', { left }, { left });
  }

  private lockedError(until: Date, now: Date): AppError {
    const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
    return new AppError(Status.secondFactor, 'trade.locked', { minutes }, { lockedUntil: until.toISOString() });
  }
}

import { hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2';
import { Status } from '@polaris/contract';
import type { Database } from '../../db/client.ts';
import { AppError, FieldsError } from '../../platform/errors.ts';
import { sha256Hex } from '../../platform/secrets.ts';
import type { AuthService } from '../auth/service.ts';
import {
  claimCheckSlot,
  clearFailures,
  findTradePassword,
  releaseSlotRight,
  releaseSlotWrong,
  saveTradePassword,
} from './store.ts';

const TRADE_PASSWORD_MAX_TRIES = 5;
const TRADE_PASSWORD_LOCK_MS = 15 * 60_000;
/** How long a try may wait for a free slot while others are being checked. */
const CHECK_WAIT_MS = 120_000;
/** Slots released by another process are noticed this often; this process's releases wake waiters at once. */
const OTHER_PROCESS_POLL_MS = 1000;
/** After this, a slot whose check never finished (its request died) is free again. */
const STALE_CHECK_MS = 30_000;
/** How long a right password is remembered in memory, and for how many users at most. */
const RECENT_MS = 60_000;
const RECENT_MAX = 10_000;
const recentKey = (userId: number, storedHash: string, password: string) =>
  `${userId}:${sha256Hex(`${storedHash}\n${password}`)}`;

/**
 * The transaction password that guards money. The client hashes it with the user's uid as the extra value
 * (hashTradePassword); the server keeps argon2id of that. Five wrong tries lock it for 15 minutes.
 */
export class TradePasswordService {
  constructor(private readonly deps: { db: Database; auth: AuthService; now: () => Date }) {}

  async status(userId: number): Promise<{ blank: boolean; lockedUntil: string | null }> {
    const row = await findTradePassword(this.deps.db, userId);
    const locked = row?.lockedUntil && row.lockedUntil > this.deps.now() ? row.lockedUntil.toISOString() : null;
    return { blank: !row, lockedUntil: locked };
  }

  /**
   * Set or change it, proven by a code mailed to the account's address (the authenticator code, when on, was
   * taken by the router: the route is in the second-factor table).
   */
  async set(user: { id: number; email: string }, vcode: string, password: string): Promise<void> {
    const hash = await argon2Hash(password, { algorithm: 2 });
    const now = this.deps.now();
    const done = await this.deps.db.transaction(async (tx) => {
      if (!(await this.deps.auth.consumeCode(tx, user.email, 'trade', vcode))) return false;
      await saveTradePassword(tx, user.id, hash, now);
      return true;
    });
    if (!done) throw new FieldsError([{ field: 'vcode', messageKey: 'auth.codeInvalid' }]);
  }

  /** How many hashes this service has checked; tests read it to prove that tries are claimed before checking. */
  verifications = 0;
  /** Tries of this process waiting for a slot, per user; a released slot wakes them instead of a busy poll. */
  private readonly waiting = new Map<number, Set<() => void>>();
  private readonly recent = new Map<string, number>();

  /**
   * Throws 414 when none is set, 468 when wrong or locked. A try first claims one of the five slots with one
   * conditional update: failures recorded plus tries being checked must stay under five. Then the hash is
   * checked outside any transaction and the slot is given back, as a failure when wrong (the fifth locks) or
   * clearing the failures when right. So however many tries arrive at once, a wrong password is checked at
   * most five times, and right ones sent together only wait for a slot.
   */
  async verify(userId: number, password: string): Promise<void> {
    const deadline = Date.now() + CHECK_WAIT_MS;
    for (;;) {
      const row = await findTradePassword(this.deps.db, userId);
      const now = this.deps.now();
      if (!row) throw new AppError(Status.precondition, 'trade.notSet');
      if (row.lockedUntil && row.lockedUntil > now) throw this.lockedError(row.lockedUntil, now);
      if (this.recentlyRight(userId, row.hash, password)) {
        if (row.failedTries > 0) await clearFailures(this.deps.db, userId);
        return;
      }
      const claimed = await claimCheckSlot(this.deps.db, userId, {
        now,
        staleBefore: new Date(now.getTime() - STALE_CHECK_MS),
        maxTries: TRADE_PASSWORD_MAX_TRIES,
      });
      if (claimed) return this.check(userId, claimed.hash, password);
      // Every slot is held by a try being checked: wait until one is released here, or look again shortly in
      // case another process released it.
      if (Date.now() > deadline) throw new AppError(Status.secondFactor, 'trade.busy');
      await this.slotReleased(userId, OTHER_PROCESS_POLL_MS);
    }
  }

  /**
   * A password that passed argon2 moments ago for the same stored hash passes again without another check, so
   * a burst of payments does not queue for slots. Kept only in this process's memory, keyed by the stored hash
   * (a changed password, here or in another process, misses) and never for a wrong password.
   */
  private recentlyRight(userId: number, storedHash: string, password: string): boolean {
    const expires = this.recent.get(recentKey(userId, storedHash, password));
    return expires !== undefined && expires > Date.now();
  }

  private rememberRight(userId: number, storedHash: string, password: string) {
    const now = Date.now();
    if (this.recent.size >= RECENT_MAX) {
      for (const [key, expires] of this.recent) if (expires <= now) this.recent.delete(key);
      if (this.recent.size >= RECENT_MAX) this.recent.clear();
    }
    this.recent.set(recentKey(userId, storedHash, password), now + RECENT_MS);
  }

  private slotReleased(userId: number, timeoutMs: number): Promise<void> {
    return new Promise((resolve) => {
      const waiters = this.waiting.get(userId) ?? new Set();
      this.waiting.set(userId, waiters);
      const done = () => {
        clearTimeout(timer);
        waiters.delete(done);
        if (waiters.size === 0) this.waiting.delete(userId);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      waiters.add(done);
    });
  }

  private async check(userId: number, hash: string, password: string): Promise<void> {
    let right = false;
    try {
      await this.checkAndRelease(userId, hash, password);
      right = true;
    } finally {
      // A slot came free. After a right password every waiter here may pass from memory, so wake them all;
      // after a wrong one, only the next in line.
      const waiters = [...(this.waiting.get(userId) ?? [])];
      for (const wake of right ? waiters : waiters.slice(0, 1)) wake();
    }
  }

  private async checkAndRelease(userId: number, hash: string, password: string): Promise<void> {
    this.verifications++;
    const right = await argon2Verify(hash, password);
    if (right) {
      this.rememberRight(userId, hash, password);
      await releaseSlotRight(this.deps.db, userId);
      return;
    }
    const now = this.deps.now();
    const until = new Date(now.getTime() + TRADE_PASSWORD_LOCK_MS);
    const counted = await releaseSlotWrong(this.deps.db, userId, {
      lockUntil: until,
      maxTries: TRADE_PASSWORD_MAX_TRIES,
    });
    const tries = counted ?? TRADE_PASSWORD_MAX_TRIES;
    if (tries >= TRADE_PASSWORD_MAX_TRIES) throw this.lockedError(until, now);
    const left = TRADE_PASSWORD_MAX_TRIES - tries;
    throw new AppError(Status.secondFactor, 'trade.wrong', { left }, { left });
  }

  private lockedError(until: Date, now: Date): AppError {
    const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
    return new AppError(Status.secondFactor, 'trade.locked', { minutes }, { lockedUntil: until.toISOString() });
  }
}

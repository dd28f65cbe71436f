import { SECURITY_HOLD_MS, type SecurityHoldReason, type SecurityHolds, Status } from '@polaris/contract';
import type { Database, Tx } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { AuthService } from '../auth/service.ts';
import {
  activeHolds,
  frozenAccounts,
  insertHold,
  liftFreeze,
  type SecurityHoldRow,
  userIdByUid,
} from './holds.store.ts';

/** The changes after which money is held for a day; `frozen` is the owner's own and has no end. */
export type ChangeHoldReason = Exclude<SecurityHoldReason, 'frozen'>;

/** A moment as the refusal shows it, the same in every language: `2026-11-30 10:17 UTC`. */
const holdTime = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

export interface SecurityHoldDeps {
  db: Database;
  now: () => Date;
  auth: Pick<AuthService, 'verifyPassword' | 'revokeAllIn' | 'accountSessionsEnded'>;
}

/**
 * "May money leave this account now" (docs/security-centre.md, "Holds after security changes"). The security
 * module keeps the holds: one for SECURITY_HOLD_MS after a password reset or change, Google Authenticator switched
 * off, the phone changed or a sign-in from a new device, written by the module that made the change in its own
 * transaction (`holdIn`, handed to auth and identity as a function); and the owner's freeze, which also ends every
 * session and refuses sign-ins until an operator lifts it. The router asks `refuseMoneyOut` before every route of
 * the contract's MONEY_OUT_OPERATIONS.
 */
export class SecurityHoldService {
  constructor(private readonly deps: SecurityHoldDeps) {}

  /** Money stays in for a day from now, in the caller's transaction (the change's own). */
  holdIn(tx: Tx, userId: number, reason: ChangeHoldReason): Promise<void> {
    const since = this.deps.now();
    return insertHold(tx, { userId, reason, since, until: new Date(since.getTime() + SECURITY_HOLD_MS) });
  }

  async holds(userId: number): Promise<SecurityHolds> {
    const rows = await activeHolds(this.deps.db, userId, this.deps.now());
    return {
      frozen: rows.some((row) => row.until === null),
      holds: rows.map((row) => ({
        reason: row.reason as SecurityHoldReason,
        since: row.since.toISOString(),
        until: row.until?.toISOString() ?? null,
      })),
    };
  }

  /**
   * Throws the refusal of money leaving the account while a hold is on: the freeze first, otherwise the hold that
   * ends last (status 409, `{ reason, until }`, the message saying why and until when).
   */
  async refuseMoneyOut(userId: number): Promise<void> {
    const [hold] = await activeHolds(this.deps.db, userId, this.deps.now());
    if (hold) throw refusal(hold);
  }

  /** The refusal of a sign-in to a frozen account, in the sign-in's transaction (auth's one session door). */
  async signInRefusal(tx: Tx, userId: number): Promise<AppError | null> {
    const holds = await activeHolds(tx, userId, this.deps.now());
    return holds.some((row) => row.until === null) ? new AppError(Status.noPermission, 'moneyOut.frozenSignIn') : null;
  }

  /**
   * The owner freezes the account at once, proven by the login password: no withdrawal, transfer or sign-in
   * until an operator unfreezes it after checking their identity. Every session ends, this one too, so whoever
   * else holds one is out. Freezing a frozen account changes nothing.
   */
  async freeze(user: { id: number; email: string }, password: string, ip: string): Promise<void> {
    await this.deps.auth.verifyPassword(user.email, password, ip);
    await this.deps.db.transaction(async (tx) => {
      await insertHold(tx, { userId: user.id, reason: 'frozen', since: this.deps.now(), until: null });
      await this.deps.auth.revokeAllIn(tx, user.id);
    });
    await this.deps.auth.accountSessionsEnded(user.id);
  }

  /** The operator's list of frozen accounts, oldest first. */
  async frozen(): Promise<{ items: { uid: string; since: string }[] }> {
    const rows = await frozenAccounts(this.deps.db);
    return { items: rows.map((row) => ({ uid: String(row.uid), since: row.since.toISOString() })) };
  }

  /** The operator lifts a freeze after an identity check, recording what was checked; 404 when not frozen. */
  async unfreeze(input: { owner: string; note: string }): Promise<Record<string, never>> {
    const userId = await userIdByUid(this.deps.db, Number(input.owner));
    const lifted =
      userId !== undefined &&
      (await this.deps.db.transaction((tx) => liftFreeze(tx, userId, this.deps.now(), input.note)));
    if (!lifted) throw new AppError(Status.notFound, 'moneyOut.notFrozen');
    return {};
  }
}

function refusal(hold: SecurityHoldRow): AppError {
  const until = hold.until ? holdTime(hold.until) : '';
  return new AppError(
    Status.conflict,
    `moneyOut.${hold.reason}`,
    { until },
    { reason: hold.reason, until: hold.until?.toISOString() ?? null },
  );
}

import { randomInt } from 'node:crypto';
import { SECOND_FACTOR_TOTP, Status, TOTP_MAX_TRIES, TOTP_RECOVERY_CODES, TOTP_TRY_WINDOW_MS } from '@polaris/contract';
import { generateSecret, generateURI, verify } from 'otplib';
import type { Database } from '../../db/client.ts';
import type { AttemptLimiter, AttemptRule } from '../../platform/attempts.ts';
import { AppError } from '../../platform/errors.ts';
import type { SecretBox } from '../../platform/sealed.ts';
import type { SecondFactorRelease, SecondFactorScope } from '../../platform/second-factor.ts';
import { sha256Hex } from '../../platform/secrets.ts';
import type { Notifier } from '../notifications/events.ts';
import { secondFactorChanged } from './events.ts';
import type { SecurityHoldService } from './holds.service.ts';
import {
  claimTimeStep,
  deleteTotp,
  enableTotp,
  findTotpFactor,
  recoveryCodesLeft,
  releaseRecoveryCode,
  releaseTimeStep,
  savePendingTotp,
  useRecoveryCode,
} from './totp.store.ts';

const TOTP_ISSUER = 'Polaris';
const TOTP_TRIES: AttemptRule = { max: TOTP_MAX_TRIES, windowMs: TOTP_TRY_WINDOW_MS };
/** One period either side of now, for phones whose clocks drift a little. */
const EPOCH_TOLERANCE_S = 30;
/** Signed-out checks (password reset, provider link) count apart, so a stranger cannot lock the owner out. */
const tryKey = (userId: number, scope: SecondFactorScope = 'session') =>
  scope === 'session' ? `totp:${userId}` : `totp:${userId}:signed-out`;

/** Recovery codes read aloud and typed by hand: no 0/O, 1/I/L. */
const RECOVERY_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
function randomRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < 10; i++) code += RECOVERY_ALPHABET[randomInt(0, RECOVERY_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}
const normalizeRecovery = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();
const recoveryHash = (userId: number, code: string) => sha256Hex(`totp-recovery:${userId}:${normalizeRecovery(code)}`);
const isRecoveryCode = (code: string) => !/^\d{6}$/.test(code.trim());

const secondFactor = (key: string, params: Record<string, number> = {}, extra: Record<string, string> = {}) =>
  new AppError(Status.secondFactor, key, params, { factor: SECOND_FACTOR_TOTP, ...extra });

/**
 * Google Authenticator for one user. Enrolment stores a pending secret; the first right code switches it on and
 * answers ten recovery codes once. While it is on, `require` guards every operation of the contract's
 * SECOND_FACTOR_OPERATIONS table, called once per request by the router (platform/second-factor.ts), never by a
 * service: no code or a wrong, reused or locked-out code is status 468.
 *
 * Every check first claims a try (five per 15 minutes, one atomic upsert, so a burst of wrong codes counts
 * exactly five); a right code gives its try back. An accepted code records its time step with one conditional
 * update, so the same code cannot pass twice, even in two requests at once.
 */
export class TotpService {
  constructor(
    private readonly deps: {
      db: Database;
      attempts: AttemptLimiter;
      box: SecretBox;
      now: () => Date;
      /** "Your authenticator was turned on/off", told after the commit (docs/notifications.md). */
      notifier?: Notifier;
      /** Switching it off holds money for a day (holds.service.ts). */
      holds?: Pick<SecurityHoldService, 'holdIn'>;
    },
  ) {}

  async status(userId: number): Promise<{ enabled: boolean; recoveryCodesLeft: number }> {
    const row = await findTotpFactor(this.deps.db, userId);
    if (!row?.enabledAt) return { enabled: false, recoveryCodesLeft: 0 };
    return { enabled: true, recoveryCodesLeft: await recoveryCodesLeft(this.deps.db, userId) };
  }

  async isEnabled(userId: number): Promise<boolean> {
    return Boolean((await findTotpFactor(this.deps.db, userId))?.enabledAt);
  }

  /** A fresh secret to scan or copy; replaces an unfinished enrolment. */
  async enrol(user: { id: number; email: string }): Promise<{ secret: string; uri: string }> {
    const secret = generateSecret();
    const saved = await savePendingTotp(this.deps.db, user.id, this.deps.box.seal(secret), this.deps.now());
    if (!saved) throw new AppError(Status.conflict, 'security.totpAlreadyOn');
    return { secret, uri: generateURI({ issuer: TOTP_ISSUER, label: user.email, secret }) };
  }

  /** The first right code switches TOTP on; the recovery codes are answered this once and kept only hashed. */
  async confirm(userId: number, code: string): Promise<{ recoveryCodes: string[] }> {
    const row = await findTotpFactor(this.deps.db, userId);
    if (row?.enabledAt) throw new AppError(Status.conflict, 'security.totpAlreadyOn');
    if (!row) throw new AppError(Status.precondition, 'security.totpNotEnrolled');
    if (isRecoveryCode(code)) throw secondFactor('security.totpFormat');
    await this.check(userId, this.deps.box.open(row.secretSealed), code, 'session');
    const recoveryCodes = Array.from({ length: TOTP_RECOVERY_CODES }, randomRecoveryCode);
    const enabledAt = this.deps.now();
    const done = await this.deps.db.transaction(async (tx) => {
      const enabled = await enableTotp(
        tx,
        userId,
        enabledAt,
        recoveryCodes.map((recovery) => recoveryHash(userId, recovery)),
      );
      if (enabled) await this.deps.notifier?.notifyIn(tx, [secondFactorChanged(userId, 'enabled', enabledAt)]);
      return enabled;
    });
    if (!done) throw new AppError(Status.conflict, 'security.totpAlreadyOn');
    return { recoveryCodes };
  }

  /**
   * Switching it off. Its route is in the second-factor table, so the router has already taken a code (or a
   * recovery code) when this runs.
   */
  async disable(userId: number): Promise<void> {
    const enabledAt = (await findTotpFactor(this.deps.db, userId))?.enabledAt;
    if (!enabledAt) throw new AppError(Status.precondition, 'security.totpNotOn');
    // Keyed by the enrolment switched off: two disables at once tell the owner once.
    await this.deps.db.transaction(async (tx) => {
      await deleteTotp(tx, userId);
      await this.deps.notifier?.notifyIn(tx, [secondFactorChanged(userId, 'disabled', enabledAt)]);
      await this.deps.holds?.holdIn(tx, userId, 'secondFactorOff');
    });
  }

  /**
   * Passes when TOTP is off (null); otherwise the code must be right and unused, or a 468 says why not. A right
   * code is spent, so it is called exactly once per request: by the router's second-factor gate. It answers how
   * to give the code back if the operation it guarded is then refused (nothing changed, so the user need not
   * wait for the next code).
   */
  async require(
    userId: number,
    code: string | undefined,
    scope: SecondFactorScope = 'session',
  ): Promise<SecondFactorRelease | null> {
    const row = await findTotpFactor(this.deps.db, userId);
    if (!row?.enabledAt) return null;
    if (!code) throw secondFactor('security.totpRequired');
    if (isRecoveryCode(code)) return this.checkRecovery(userId, code, scope);
    return this.check(userId, this.deps.box.open(row.secretSealed), code, scope);
  }

  /** Forget the factor (account deletion). */
  async remove(userId: number): Promise<void> {
    await deleteTotp(this.deps.db, userId);
  }

  /** Claims a try before the code is checked; answers how many tries the window has used, this one included. */
  private async claimTry(userId: number, scope: SecondFactorScope): Promise<number> {
    const used = await this.deps.attempts.claim(tryKey(userId, scope), TOTP_TRIES);
    if (used === null) throw locked();
    return used;
  }

  private async check(
    userId: number,
    secret: string,
    code: string,
    scope: SecondFactorScope,
  ): Promise<SecondFactorRelease> {
    const used = await this.claimTry(userId, scope);
    const result = await verify({
      secret,
      token: code.trim(),
      epoch: Math.floor(this.deps.now().getTime() / 1000),
      epochTolerance: EPOCH_TOLERANCE_S,
    });
    if (!result.valid || !('timeStep' in result)) throw wrong(used);
    const { timeStep } = result;
    if (!(await claimTimeStep(this.deps.db, userId, timeStep))) throw secondFactor('security.totpReused');
    await this.deps.attempts.release(tryKey(userId, scope));
    return () => releaseTimeStep(this.deps.db, userId, timeStep);
  }

  private async checkRecovery(userId: number, code: string, scope: SecondFactorScope): Promise<SecondFactorRelease> {
    const used = await this.claimTry(userId, scope);
    const usedAt = this.deps.now();
    const id = await useRecoveryCode(this.deps.db, userId, recoveryHash(userId, code), usedAt);
    if (id === null) throw wrong(used);
    await this.deps.attempts.release(tryKey(userId, scope));
    return () => releaseRecoveryCode(this.deps.db, id, usedAt);
  }
}

const locked = () => secondFactor('security.totpLocked', { minutes: Math.ceil(TOTP_TRY_WINDOW_MS / 60_000) });
const wrong = (used: number) =>
  used >= TOTP_MAX_TRIES ? locked() : secondFactor('security.totpWrong', { left: TOTP_MAX_TRIES - used });

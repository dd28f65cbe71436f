import { randomBytes } from 'node:crypto';
import { hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2';
import {
  AUTH_FAILURES_PER_HOUR,
  type CodePurpose,
  type Language,
  Status,
  translate,
  VCODE_MAX_TRIES,
} from '@polaris/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Tx } from '../../db/client.ts';
import type { AttemptLimiter, AttemptRule } from '../../platform/attempts.ts';
import { AppError, FieldsError } from '../../platform/errors.ts';
import type { Mailer } from '../../platform/mail.ts';
import { randomInviteCode, randomToken, safeEqualHex, sha256Hex } from '../../platform/secrets.ts';
import type { SessionUser } from '../../platform/session.ts';
import type { SessionEvents } from '../../platform/session-events.ts';
import { sendCode } from '../../platform/vcode.ts';
import type { InviteService } from '../invite/service.ts';
import type { Notifier } from '../notifications/events.ts';
import { DeviceService } from './devices.service.ts';
import { forgetDevices } from './devices.store.ts';
import { passwordChanged } from './events.ts';
import { presentSession } from './presenter.ts';
import {
  anonymiseAccount,
  findAccountByEmail,
  findAccountById,
  findSessionByTokenHash,
  insertAccount,
  insertCode,
  insertSession,
  inviteCodeTaken,
  lastCodeSentAt,
  liveSessionIds,
  liveSessions,
  lockAccountRow,
  lockCodeRequests,
  lockNewestCode,
  markCodeUsed,
  revokeAllSessions,
  revokeOtherSessions,
  revokeOwnSession,
  revokeSession,
  setCodeTries,
  setPasswordHash,
} from './store.ts';

export interface AuthDeps {
  db: Database;
  attempts: AttemptLimiter;
  mailer: Mailer;
  sessionTtlMs: number;
  now: () => Date;
  /** The one rule for naming an inviter, shared with binding one later. */
  invites: Pick<InviteService, 'resolveInviter'>;
  /** Told, after the commit, of every session that ended, so its sockets and media close on every process. */
  sessionEvents: Pick<SessionEvents, 'ended'>;
  /** Security notices (new device, password changed), told after the commit (docs/notifications.md). */
  notifier?: Notifier;
  /**
   * The security module's holds (docs/security-centre.md, "Holds after security changes"), as functions so auth
   * imports nothing of it: a change that holds money writes its hold in its own transaction, and a frozen account
   * is refused at the one door sessions are issued through.
   */
  holds?: {
    holdIn(tx: Tx, userId: number, reason: 'passwordReset' | 'passwordChanged' | 'newDevice'): Promise<void>;
    signInRefusal(tx: Tx, userId: number): Promise<Error | null>;
  };
  log?: FastifyBaseLogger;
}

/** Public purposes plus the ones only a logged-in user may ask for. */
export type AnyCodePurpose = CodePurpose | 'trade' | 'delete' | 'antiPhishing';

export interface IssuedSession {
  uid: string;
  uuid: string;
  token: string;
  signingKey: string;
  expiresAt: string;
}

const codeHash = (email: string, purpose: string, code: string) => sha256Hex(`${email}:${purpose}:${code}`);
const argon2Options = { algorithm: 2 /* Argon2id */ } as const;

/**
 * Failed logins per account and per source address: a stranger guessing from elsewhere uses up only their
 * own window, so they cannot lock the owner out, and reset by emailed code never waits on it.
 */
const LOGIN_FAILURES: AttemptRule = { max: AUTH_FAILURES_PER_HOUR, windowMs: 3_600_000 };
const loginKey = (userId: number, source: string) => `login:${userId}:${source}`;

/** Where a login comes from: the address counts towards the failure cap, the agent names the session. */
export interface LoginClient {
  ip: string;
  userAgent?: string;
}

const notRegistered = () => new FieldsError([{ field: 'email', messageKey: 'auth.emailNotRegistered' }]);
const wrongCode = () => new FieldsError([{ field: 'vcode', messageKey: 'auth.codeInvalid' }]);

export class AuthService {
  /** Sign-ins from devices the account has not used before. */
  readonly devices: DeviceService;

  constructor(private readonly deps: AuthDeps) {
    this.devices = new DeviceService(deps);
  }

  private get db() {
    return this.deps.db;
  }

  /** Locks the account row, first of the locks deleting it takes. */
  lockAccountRow(tx: Tx, userId: number): Promise<void> {
    return lockAccountRow(tx, userId);
  }

  /** Deleting an account, inside its transaction: the row anonymised, every session ended, its devices gone. */
  async forgetUser(tx: Tx, userId: number, now: Date): Promise<void> {
    await anonymiseAccount(tx, userId, now);
    await forgetDevices(tx, userId);
  }

  /** Sends a code unless one went out for this email and purpose less than 60 seconds ago. */
  sendCode(email: string, purpose: AnyCodePurpose, language: Language): Promise<{ resendIn: number }> {
    return sendCode(this.db, {
      now: this.deps.now(),
      lock: (tx) => lockCodeRequests(tx, email, purpose),
      check: async (tx) => {
        const registered = Boolean(await findAccountByEmail(tx, email));
        if (purpose === 'signup' && registered) {
          throw new FieldsError([{ field: 'email', messageKey: 'auth.emailRegistered' }], Status.conflict);
        }
        if (purpose !== 'signup' && !registered) throw notRegistered();
      },
      lastSentAt: (tx) => lastCodeSentAt(tx, email, purpose),
      hash: (code) => codeHash(email, purpose, code),
      store: (tx, code) => insertCode(tx, { email, purpose, ...code }),
      deliver: (code) =>
        this.deps.mailer.send({
          to: email,
          subject: translate(language, 'mail.codeSubject', { code }),
          text: translate(language, 'mail.codeBody', {
            code,
            purpose: translate(language, `mail.purpose.${purpose}`),
          }),
          language,
        }),
    });
  }

  async isRegistered(email: string): Promise<boolean> {
    return Boolean(await findAccountByEmail(this.db, email));
  }

  /**
   * Checks the newest code for the email and purpose and uses it up when it matches. A wrong code counts a
   * try (and a failure for the account); the fifth wrong try kills the code. Returns whether it matched.
   */
  async consumeCode(tx: Tx, email: string, purpose: AnyCodePurpose, code: string): Promise<boolean> {
    const now = this.deps.now();
    const row = await lockNewestCode(tx, email, purpose);
    if (!row || row.usedAt || row.expiresAt <= now || row.tries >= VCODE_MAX_TRIES) return false;
    if (!safeEqualHex(codeHash(email, purpose, code), row.codeHash)) {
      await setCodeTries(tx, row.id, row.tries + 1);
      return false;
    }
    await markCodeUsed(tx, row.id, now);
    return true;
  }

  /** Claims a login try for the account from this address before anything is checked. */
  private async claimLoginTry(userId: number, source: string): Promise<string> {
    const key = loginKey(userId, source);
    if ((await this.deps.attempts.claim(key, LOGIN_FAILURES)) === null) {
      throw new AppError(Status.conflict, 'auth.tooManyFailures');
    }
    return key;
  }

  private async createSession(tx: Tx, user: { id: number; uid: number; uuid: string }, userAgent?: string) {
    const refused = await this.deps.holds?.signInRefusal(tx, user.id);
    if (refused) throw refused;
    const token = randomToken();
    const signingKey = randomBytes(32).toString('hex');
    const expiresAt = new Date(this.deps.now().getTime() + this.deps.sessionTtlMs);
    await insertSession(tx, {
      userId: user.id,
      tokenHash: sha256Hex(token),
      signingKey,
      userAgent: userAgent?.slice(0, 300),
      createdAt: this.deps.now(),
      expiresAt,
    });
    return { uid: String(user.uid), uuid: user.uuid, token, signingKey, expiresAt: expiresAt.toISOString() };
  }

  /**
   * The one way a session is issued (sign-up, password, emailed code, Google and Apple): `prove` runs in a
   * transaction and opens the session there (`open`) for the account it proved, or answers otherwise; once the
   * session is committed, the device is recorded (a new one is told about, an account's first is not).
   */
  async signIn<R>(
    userAgent: string | undefined,
    prove: (tx: Tx, open: (account: { id: number; uid: number; uuid: string }) => Promise<IssuedSession>) => Promise<R>,
  ): Promise<R> {
    const opened: { userId?: number } = {};
    const outcome = await this.db.transaction((tx) =>
      prove(tx, (account) => {
        opened.userId = account.id;
        return this.createSession(tx, account, userAgent);
      }),
    );
    if (opened.userId !== undefined) await this.devices.signedIn(opened.userId, userAgent);
    return outcome;
  }

  /** The live (not deleted) account with this email or id, for modules that sign people in another way. */
  async liveAccount(tx: Tx | Database, by: { email: string } | { id: number }) {
    const account = 'email' in by ? await findAccountByEmail(tx, by.email) : await findAccountById(tx, by.id);
    return account && !account.deletedAt ? account : undefined;
  }

  /**
   * An account whose owner proved the email elsewhere (a provider's verified email). Its password is random and
   * never told: the owner signs in through the provider, or sets one with "forgot password".
   */
  async createVerifiedAccount(tx: Tx, input: { email: string; uname: string | null }) {
    const passwordHash = await argon2Hash(randomToken(), argon2Options);
    let inviteCode = randomInviteCode();
    while (await inviteCodeTaken(tx, inviteCode)) inviteCode = randomInviteCode();
    return insertAccount(tx, {
      email: input.email,
      passwordHash,
      inviteCode,
      invitedBy: null,
      createdAt: this.deps.now(),
      uname: input.uname,
    });
  }

  async signup(
    input: { email: string; vcode: string; password: string; inviteCode?: string },
    userAgent?: string,
  ): Promise<IssuedSession> {
    const passwordHash = await argon2Hash(input.password, argon2Options);
    const outcome = await this.signIn(userAgent, async (tx, open) => {
      if (await findAccountByEmail(tx, input.email)) return { kind: 'registered' as const };
      // Throws (rolling back, the code unspent) for a code that names nobody.
      const invitedBy = input.inviteCode
        ? (await this.deps.invites.resolveInviter(tx, input.inviteCode, null)).id
        : null;
      if (!(await this.consumeCode(tx, input.email, 'signup', input.vcode))) return { kind: 'badCode' as const };
      let inviteCode = randomInviteCode();
      while (await inviteCodeTaken(tx, inviteCode)) inviteCode = randomInviteCode();
      const user = await insertAccount(tx, {
        email: input.email,
        passwordHash,
        inviteCode,
        invitedBy,
        createdAt: this.deps.now(),
      });
      return { kind: 'ok' as const, session: await open(user) };
    });
    if (outcome.kind === 'registered') {
      throw new FieldsError([{ field: 'email', messageKey: 'auth.emailRegistered' }], Status.conflict);
    }
    if (outcome.kind === 'badCode') throw wrongCode();
    return outcome.session;
  }

  async loginWithPassword(input: { email: string; password: string }, client: LoginClient): Promise<IssuedSession> {
    const user = await findAccountByEmail(this.db, input.email);
    if (!user) throw notRegistered();
    const tryKey = await this.claimLoginTry(user.id, client.ip);
    if (!(await argon2Verify(user.passwordHash, input.password))) {
      throw new FieldsError([{ field: 'password', messageKey: 'auth.wrongPassword' }]);
    }
    // A right password is not a failure: its slot goes back.
    await this.deps.attempts.release(tryKey);
    return this.signIn(client.userAgent, (_tx, open) => open(user));
  }

  async loginWithCode(input: { email: string; vcode: string }, client: LoginClient): Promise<IssuedSession> {
    const user = await findAccountByEmail(this.db, input.email);
    if (!user) throw notRegistered();
    const tryKey = await this.claimLoginTry(user.id, client.ip);
    const session = await this.signIn(client.userAgent, async (tx, open) =>
      (await this.consumeCode(tx, input.email, 'login', input.vcode)) ? open(user) : null,
    );
    if (!session) throw wrongCode();
    await this.deps.attempts.release(tryKey);
    return session;
  }

  /** Sets a new password and ends every session of the account, so a stolen session dies with the old password. */
  async resetPassword(input: { email: string; vcode: string; password: string }): Promise<void> {
    const user = await findAccountByEmail(this.db, input.email);
    if (!user) throw notRegistered();
    // No login-failure check here: whoever holds the mailbox may always reset (the code has its own 5 tries).
    const passwordHash = await argon2Hash(input.password, argon2Options);
    const ended = await this.db.transaction(async (tx) => {
      if (!(await this.consumeCode(tx, input.email, 'reset', input.vcode))) return null;
      await setPasswordHash(tx, user.id, passwordHash);
      await this.deps.notifier?.notifyIn(tx, [passwordChanged(user.id, this.deps.now())]);
      await this.deps.holds?.holdIn(tx, user.id, 'passwordReset');
      return revokeAllSessions(tx, user.id, this.deps.now());
    });
    if (!ended) throw wrongCode();
    await this.ended(ended);
  }

  /**
   * Change the login password of a signed-in user, proven by the current password or a mailed `reset` code.
   * Every other session ends, so a stolen session dies with the old password; the caller's stays.
   */
  async changePassword(
    user: { id: number; email: string; sessionId: number },
    input: { oldPassword?: string; vcode?: string; password: string },
    ip: string,
  ): Promise<void> {
    const account = await findAccountByEmail(this.db, user.email);
    if (!account) throw new AppError(Status.notFound, 'http.404');
    const passwordHash = await argon2Hash(input.password, argon2Options);
    if (input.oldPassword !== undefined) {
      const tryKey = await this.claimLoginTry(account.id, ip);
      if (!(await argon2Verify(account.passwordHash, input.oldPassword))) {
        throw new FieldsError([{ field: 'oldPassword', messageKey: 'security.oldPasswordWrong' }]);
      }
      await this.deps.attempts.release(tryKey);
    }
    const ended = await this.db.transaction(async (tx) => {
      if (input.vcode !== undefined && !(await this.consumeCode(tx, user.email, 'reset', input.vcode))) return null;
      await setPasswordHash(tx, account.id, passwordHash);
      await this.deps.notifier?.notifyIn(tx, [passwordChanged(account.id, this.deps.now())]);
      await this.deps.holds?.holdIn(tx, account.id, 'passwordChanged');
      return revokeOtherSessions(tx, account.id, user.sessionId, this.deps.now());
    });
    if (!ended) throw wrongCode();
    await this.ended(ended);
  }

  /** Checks the login password of a signed-in user (a wrong one counts as a failed login from `ip`). */
  async verifyPassword(email: string, password: string, ip: string): Promise<void> {
    const account = await findAccountByEmail(this.db, email);
    if (!account) throw new AppError(Status.notFound, 'http.404');
    const tryKey = await this.claimLoginTry(account.id, ip);
    if (!(await argon2Verify(account.passwordHash, password))) {
      throw new FieldsError([{ field: 'password', messageKey: 'security.oldPasswordWrong' }]);
    }
    await this.deps.attempts.release(tryKey);
  }

  /** End every login of the user but the one asking ("sign out everywhere else"). */
  async revokeOtherSessions(userId: number, keepSessionId: number): Promise<void> {
    await this.ended(await revokeOtherSessions(this.db, userId, keepSessionId, this.deps.now()));
  }

  /** Logins that still work, newest first. */
  async activeSessions(userId: number, currentSessionId: number) {
    const rows = await liveSessions(this.db, userId, this.deps.now());
    return rows.map((row) => presentSession(row, currentSessionId));
  }

  /** End one of the user's own logins; someone else's answers "not found". */
  async revokeSession(userId: number, sessionId: number): Promise<void> {
    if (!(await revokeOwnSession(this.db, userId, sessionId, this.deps.now()))) {
      throw new AppError(Status.notFound, 'http.404');
    }
    await this.ended([sessionId]);
  }

  async logout(sessionId: number): Promise<void> {
    await this.ended(await revokeSession(this.db, sessionId, this.deps.now()));
  }

  /** Every session of the account ends in the caller's transaction (a freeze); announce with `accountSessionsEnded`. */
  async revokeAllIn(tx: Tx, userId: number): Promise<void> {
    await revokeAllSessions(tx, userId, this.deps.now());
  }

  /**
   * Every session of the account ended in a transaction of another module (the account was deleted): announced
   * like the ones ended here. Called after that transaction commits.
   */
  async accountSessionsEnded(userId: number): Promise<void> {
    await this.deps.sessionEvents.ended({ userId });
  }

  /** Which of these sessions still work (the chat sockets' heartbeat asks, to close what an announcement missed). */
  stillLive(sessionIds: number[]): Promise<Set<number>> {
    return liveSessionIds(this.db, sessionIds, this.deps.now());
  }

  /**
   * The one way out for the sessions this service ends: after the commit, every process closes what is bound to
   * them (chat sockets, live media). Every revocation above goes through here.
   */
  private async ended(sessionIds: number[]): Promise<void> {
    await this.deps.sessionEvents.ended({ sessionIds });
  }

  /** The user behind a raw token, or null when it is unknown, expired or revoked. */
  async sessionUser(token: string): Promise<SessionUser | null> {
    const row = await findSessionByTokenHash(this.db, sha256Hex(token));
    if (!row || row.revokedAt || row.expiresAt <= this.deps.now()) return null;
    return {
      id: row.id,
      uid: row.uid,
      uuid: row.uuid,
      email: row.email,
      sessionId: row.sessionId,
      signingKey: row.signingKey,
      expiresAt: row.expiresAt,
    };
  }
}

import type { AntiPhishingStatus, Language } from '@polaris/contract';
import type { Database } from '../../db/client.ts';
import { FieldsError } from '../../platform/errors.ts';
import type { AuthService } from '../auth/service.ts';
import { deleteAntiPhishingCode, findAntiPhishingCode, saveAntiPhishingCode } from './anti-phishing.store.ts';

/**
 * The anti-phishing code (docs/security-centre.md, "Anti-phishing code"): a code the user chooses, which the
 * mail layer writes on the first line of every mail to their address (platform/mail-stamp.ts asks
 * `codeForEmail`). Setting, changing or removing it takes a code mailed to the account and, while Google
 * Authenticator is on, its code (taken by the router: the route is in the second-factor table).
 */
export class AntiPhishingService {
  constructor(private readonly deps: { db: Database; auth: AuthService; now: () => Date }) {}

  async status(userId: number): Promise<AntiPhishingStatus> {
    const row = await findAntiPhishingCode(this.deps.db, userId);
    if (!row) return { set: false, masked: null, updatedAt: null };
    return { set: true, masked: maskAntiPhishingCode(row.code), updatedAt: row.updatedAt.toISOString() };
  }

  /** Mails the code that proves the change, to the account's own address (which shows the current code). */
  sendCode(user: { email: string }, language: Language) {
    return this.deps.auth.sendCode(user.email, 'antiPhishing', language);
  }

  /** Sets or changes the code, or removes it (`code: null`), in the transaction that uses up the mailed code. */
  async change(user: { id: number; email: string }, input: { code: string | null; vcode: string }): Promise<void> {
    const now = this.deps.now();
    const done = await this.deps.db.transaction(async (tx) => {
      if (!(await this.deps.auth.consumeCode(tx, user.email, 'antiPhishing', input.vcode))) return false;
      if (input.code === null) await deleteAntiPhishingCode(tx, user.id);
      else await saveAntiPhishingCode(tx, user.id, input.code, now);
      return true;
    });
    if (!done) throw new FieldsError([{ field: 'vcode', messageKey: 'auth.codeInvalid' }]);
  }

  /** The code of the live account with this address, for the mail layer; null for a stranger or no code. */
  async codeForEmail(email: string): Promise<string | null> {
    const account = await this.deps.auth.liveAccount(this.deps.db, { email });
    if (!account) return null;
    return (await findAntiPhishingCode(this.deps.db, account.id))?.code ?? null;
  }
}

/**
 * The code as the security centre shows it: the first and last two characters (one each for codes under six), the
 * rest as four stars whatever its length, so the screen proves which code is set without handing it to whoever
 * holds the session.
 */
function maskAntiPhishingCode(code: string): string {
  const shown = code.length >= 6 ? 2 : 1;
  return `${code.slice(0, shown)}****${code.slice(-shown)}`;
}

import { type BoundPhone, type Language, type Phone, Status, translate, VCODE_MAX_TRIES } from '@polaris/contract';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { Database, Tx } from '../../db/client.ts';
import type { AttemptLimiter, AttemptRule } from '../../platform/attempts.ts';
import { AppError, FieldsError, ServiceUnavailableError } from '../../platform/errors.ts';
import { safeEqualHex, sha256Hex } from '../../platform/secrets.ts';
import type { SmsSender } from '../../platform/sms.ts';
import { sendCode } from '../../platform/vcode.ts';
import { presentPhone } from './presenter.ts';
import {
  bindPhone,
  findPhone,
  forgetPhone,
  insertPhoneCode,
  lastCodeSentAt,
  lockCodeRequests,
  newestPhoneCode,
  phoneHolder,
  useCode,
} from './store.ts';

/** Wrong codes per user in a quarter of an hour; the slot is claimed before the code is compared. */
const PHONE_CODE_TRIES: AttemptRule = { max: VCODE_MAX_TRIES, windowMs: 15 * 60_000 };
const tryKey = (userId: number) => `phone-bind:${userId}`;
const codeHash = (userId: number, e164: string, code: string) => sha256Hex(`phone:${userId}:${e164}:${code}`);

/** The number in E.164 when it is a valid number of its area's plan; a 400 naming `phone` otherwise. */
function normalisePhone(input: Phone): string {
  const parsed = parsePhoneNumberFromString(`+${input.areaCode}${input.phone}`);
  if (!parsed?.isValid() || parsed.countryCallingCode !== input.areaCode) {
    throw new FieldsError([{ field: 'phone', messageKey: 'identity.phoneInvalid' }]);
  }
  return parsed.number;
}

/**
 * Binding a phone to the account: a code goes by SMS (after the commit, never inside a transaction) to a
 * valid number no other account holds; the right code binds it. Wrong codes are limited per user by
 * `AttemptLimiter` (one atomic claim per try, so 200 wrong codes at once get exactly five compared).
 */
export class PhoneService {
  constructor(
    private readonly deps: {
      db: Database;
      attempts: AttemptLimiter;
      sms: SmsSender;
      now: () => Date;
      /** Changing a bound number holds money for a day (the security module's, docs/security-centre.md). */
      holds?: { holdIn(tx: Tx, userId: number, reason: 'phoneChanged'): Promise<void> };
    },
  ) {}

  /** Deleting an account, inside its transaction: the bound phone and its codes. */
  forgetUser(tx: Tx, userId: number): Promise<void> {
    return forgetPhone(tx, userId);
  }

  async check(input: Phone): Promise<{ e164: string; available: boolean }> {
    const e164 = normalisePhone(input);
    return { e164, available: (await phoneHolder(this.deps.db, e164)) === undefined };
  }

  async phoneOf(userId: number): Promise<BoundPhone | null> {
    const row = await findPhone(this.deps.db, userId);
    return row ? presentPhone(row) : null;
  }

  async hasPhone(userId: number): Promise<boolean> {
    return (await findPhone(this.deps.db, userId)) !== undefined;
  }

  sendCode(userId: number, input: Phone, language: Language): Promise<{ resendIn: number }> {
    const e164 = normalisePhone(input);
    return sendCode(this.deps.db, {
      now: this.deps.now(),
      lock: (tx) => lockCodeRequests(tx, userId),
      check: async (tx) => {
        const holder = await phoneHolder(tx, e164);
        if (holder === userId) throw new AppError(Status.conflict, 'identity.phoneSame');
        if (holder !== undefined) throw new FieldsError([{ field: 'phone', messageKey: 'identity.phoneTaken' }], 409);
      },
      lastSentAt: (tx) => lastCodeSentAt(tx, userId),
      hash: (code) => codeHash(userId, e164, code),
      store: (tx, code) => insertPhoneCode(tx, { userId, e164, ...code }),
      deliver: async (code) => {
        try {
          await this.deps.sms.send({ to: e164, text: translate(language, 'identity.smsBody', { code }) });
        } catch (error) {
          throw new ServiceUnavailableError('identity.smsUnavailable', error);
        }
      },
    });
  }

  async bind(userId: number, input: Phone & { vcode: string }): Promise<BoundPhone> {
    const e164 = normalisePhone(input);
    if ((await this.deps.attempts.claim(tryKey(userId), PHONE_CODE_TRIES)) === null) {
      throw new AppError(Status.conflict, 'identity.tooManyTries', { minutes: PHONE_CODE_TRIES.windowMs / 60_000 });
    }
    const now = this.deps.now();
    const outcome = await this.deps.db.transaction(async (tx) => {
      await lockCodeRequests(tx, userId);
      const row = await newestPhoneCode(tx, userId);
      const matches =
        row &&
        row.e164 === e164 &&
        !row.usedAt &&
        row.expiresAt > now &&
        safeEqualHex(codeHash(userId, e164, input.vcode), row.codeHash);
      if (!matches || !(await useCode(tx, row.id, now))) return { kind: 'badCode' as const };
      // A first number is not a change; replacing one is what someone taking the account over would do.
      const changed = (await findPhone(tx, userId)) !== undefined;
      if (!(await bindPhone(tx, { userId, areaCode: input.areaCode, e164, boundAt: now }))) {
        // Thrown, so the removal of the old number and the use of the code roll back.
        throw new FieldsError([{ field: 'phone', messageKey: 'identity.phoneTaken' }], Status.conflict);
      }
      if (changed) await this.deps.holds?.holdIn(tx, userId, 'phoneChanged');
      return { kind: 'bound' as const };
    });
    if (outcome.kind === 'badCode') throw new FieldsError([{ field: 'vcode', messageKey: 'auth.codeInvalid' }]);
    // A right code does not count against the limit.
    await this.deps.attempts.release(tryKey(userId));
    return (await this.phoneOf(userId))!;
  }
}

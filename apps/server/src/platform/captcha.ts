import { createHmac, randomBytes, randomInt } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type CaptchaChallenge, CaptchaChallengeOutput } from '@polaris/contract';
import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { type Database, query } from '../db/client.ts';
import { FieldsError } from './errors.ts';

/**
 * The self-hosted proof-of-work captcha (ALTCHA, altcha-lib's v2 challenges). A challenge is signed with our HMAC
 * key and says how far the solver must count (`complexity`); verifying costs one hash. Each accepted solution
 * is claimed in `captcha_solutions` before the guarded work runs, so it counts once across every process.
 */
export interface CaptchaSettings {
  hmacKey: string;
  complexity: number;
  ttlMs: number;
}

/** What the widget sends: base64 of `{ challenge, solution }` (altcha's client payload). */
const Payload = z.object({
  challenge: z.object({
    parameters: CaptchaChallengeOutput.shape.parameters.extend({ expiresAt: z.number() }),
    signature: z.string(),
  }),
  solution: z.object({ counter: z.number().int().nonnegative(), derivedKey: z.string().max(256) }),
});

const ALGORITHM = 'SHA-256';
/** Old claims are swept at most this often by each process (a claim's row is useless once its challenge expired). */
const SWEEP_EVERY_MS = 60_000;

const captchaError = (messageKey: 'captcha.required' | 'captcha.invalid' | 'captcha.reused' | 'captcha.expired') =>
  new FieldsError([{ field: 'captcha', messageKey }]);

export class Captcha {
  private readonly signatureKey: string;
  private readonly keySignatureKey: string;
  private lastSweep = 0;

  constructor(private readonly deps: { db: Database; now: () => Date; settings: CaptchaSettings }) {
    // Two secrets derived from the one configured key, one per signature altcha-lib makes.
    this.signatureKey = createHmac('sha256', deps.settings.hmacKey).update('altcha-challenge').digest('hex');
    this.keySignatureKey = createHmac('sha256', deps.settings.hmacKey).update('altcha-key').digest('hex');
  }

  async challenge(): Promise<CaptchaChallenge> {
    const { complexity, ttlMs } = this.deps.settings;
    // Deterministic mode: we pick the counter, so the work is bounded (half the complexity up to all of it).
    const challenge = await createChallenge({
      algorithm: ALGORITHM,
      cost: 1,
      counter: randomInt(Math.floor(complexity / 2), complexity + 1),
      deriveKey,
      expiresAt: new Date(this.deps.now().getTime() + ttlMs),
      hmacSignatureSecret: this.signatureKey,
      hmacKeySignatureSecret: this.keySignatureKey,
    });
    return CaptchaChallengeOutput.parse(challenge);
  }

  /**
   * Accepts a payload once: checks signature, solution and expiry, then claims its nonce. Throws a 400 on the
   * `captcha` field otherwise (required, invalid, expired, reused).
   */
  async verify(encoded: string | undefined): Promise<void> {
    if (!encoded) throw captchaError('captcha.required');
    const payload = decode(encoded);
    if (!payload) throw captchaError('captcha.invalid');
    const { challenge, solution } = payload;
    const now = this.deps.now();
    // Expiry by our clock (altcha-lib reads the wall clock; tests move ours).
    const expiresAt = new Date(challenge.parameters.expiresAt * 1000);
    const result = await verifySolution({
      challenge,
      solution,
      deriveKey,
      hmacSignatureSecret: this.signatureKey,
      hmacKeySignatureSecret: this.keySignatureKey,
    }).catch(() => null);
    if (!result || result.invalidSignature || result.invalidSolution) throw captchaError('captcha.invalid');
    if (result.expired || expiresAt <= now) throw captchaError('captcha.expired');
    if (!result.verified) throw captchaError('captcha.invalid');
    await this.sweep(now);
    const { rows } = await query<{ nonce: string }>(
      this.deps.db,
      sql`insert into captcha_solutions (nonce, expires_at)
          values (${challenge.parameters.nonce}, ${expiresAt.toISOString()}::timestamptz)
          on conflict (nonce) do nothing
          returning nonce`,
    );
    if (rows.length === 0) throw captchaError('captcha.reused');
  }

  private async sweep(now: Date): Promise<void> {
    if (now.getTime() - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now.getTime();
    await this.deps.db.execute(sql`delete from captcha_solutions where expires_at < ${now.toISOString()}::timestamptz`);
  }
}

function decode(encoded: string): z.infer<typeof Payload> | null {
  try {
    const parsed = Payload.safeParse(JSON.parse(Buffer.from(encoded, 'base64').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The key: CAPTCHA_HMAC_KEY in production. Without it, one is made once and kept in DATA_DIR/captcha-key.txt,
 * so challenges survive a restart of a local install (processes on other machines need the variable).
 */
export async function captchaKey(config: { hmacKey?: string; dataDir: string }, log: FastifyBaseLogger) {
  if (config.hmacKey) return config.hmacKey;
  const file = path.join(config.dataDir, 'captcha-key.txt');
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch {
    await writeFile(file, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' }).catch(() => undefined);
    log.warn({ file }, 'CAPTCHA_HMAC_KEY is not set: generated a local key; set it in production');
    return (await readFile(file, 'utf8')).trim();
  }
}

import type { AttemptLimiter, AttemptRule } from '../../platform/attempts.ts';
import type { Captcha } from '../../platform/captcha.ts';

/**
 * When a claimer looks automated, the claim asks for the captcha (docs/captcha.md). The signal: one person
 * opening more than `perMinute` different packets within a minute, which a person reading a chat does not do
 * and a script sweeping every packet it sees does. Counted per account, not per address: people at a meetup
 * share one venue address. Retries on the same packet (double taps, password typos) count once.
 */
/** Counts every try on one packet (the counter is an integer column, hence not Infinity). */
const EVERY_TRY: AttemptRule = { max: 1_000_000_000, windowMs: 60_000 };

export class ClaimAutomationGuard {
  private readonly rule: AttemptRule;

  constructor(private readonly deps: { attempts: AttemptLimiter; captcha: Captcha; perMinute: number }) {
    // One slot more than allowed: the first packet past the limit takes it, so its own retries see a full window.
    this.rule = { max: deps.perMinute + 1, windowMs: 60_000 };
  }

  /** Claims this packet's slot in the person's minute; past the limit, only a fresh captcha lets the claim on. */
  async check(userId: number, code: string, captcha: string | undefined): Promise<void> {
    const minuteKey = `redpacket-sweep:${userId}`;
    // Exactly one of many simultaneous tries on a packet sees 1 (the upsert is atomic) and takes the slot.
    const tryNumber = await this.deps.attempts.claim(`redpacket-try:${userId}:${code}`, EVERY_TRY);
    let automated: boolean;
    if (tryNumber === 1) {
      const slot = await this.deps.attempts.claim(minuteKey, this.rule);
      automated = slot === null || slot > this.deps.perMinute;
    } else {
      automated = await this.deps.attempts.isFull(minuteKey, this.rule);
    }
    if (automated) await this.deps.captcha.verify(captcha);
  }
}

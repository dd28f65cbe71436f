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

interface Check {
  userId: number;
  code: string;
  captcha: string | undefined;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * The checks of a crowd are counted together: every check that arrives while one batch is being counted waits
 * for the next, and a batch costs two statements whatever its size (the tries, then the minute slots of the first
 * tries, or whether the minute is full for repeats) instead of two per claim. A thousand people opening one packet
 * at once were two thousand upserts in single file on the embedded database's one connection before their claims.
 */
export class ClaimAutomationGuard {
  private readonly rule: AttemptRule;
  private queue: Check[] = [];
  private draining = false;

  constructor(private readonly deps: { attempts: AttemptLimiter; captcha: Captcha; perMinute: number }) {
    // One slot more than allowed: the first packet past the limit takes it, so its own retries see a full window.
    this.rule = { max: deps.perMinute + 1, windowMs: 60_000 };
  }

  /** Claims this packet's slot in the person's minute; past the limit, only a fresh captcha lets the claim on. */
  check(userId: number, code: string, captcha: string | undefined): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ userId, code, captcha, resolve, reject });
      if (this.draining) return;
      this.draining = true;
      // The rest of this turn's arrivals join the first batch.
      setImmediate(() => void this.drain());
    });
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, 1000);
      // A key appears once per statement: a person's second try on one packet in the same batch goes in a
      // later round, so exactly one of simultaneous tries still sees 1 (the upsert is atomic per row).
      for (const round of rounds(batch, tryKey)) {
        let automated: Map<Check, boolean>;
        try {
          automated = await this.count(round);
        } catch (error) {
          for (const check of round) check.reject(error);
          continue;
        }
        for (const check of round) {
          if (!automated.get(check)) check.resolve();
          else this.deps.captcha.verify(check.captcha).then(check.resolve, check.reject);
        }
      }
    }
    this.draining = false;
  }

  /** Whether each check of a round (distinct tries) looks automated. */
  private async count(round: Check[]): Promise<Map<Check, boolean>> {
    const { attempts } = this.deps;
    const tries = await attempts.claimEach(round.map(tryKey), EVERY_TRY);
    const first = round.filter((check) => tries.get(tryKey(check)) === 1);
    const repeats = round.filter((check) => tries.get(tryKey(check)) !== 1);
    const automated = new Map<Check, boolean>();
    // A person opening several new packets in one batch takes one minute slot per packet, one round each.
    for (const people of rounds(first, minuteKey)) {
      const slots = await attempts.claimEach(people.map(minuteKey), this.rule);
      for (const check of people) {
        const slot = slots.get(minuteKey(check));
        automated.set(check, slot === null || slot === undefined || slot > this.deps.perMinute);
      }
    }
    const full = await attempts.fullOf([...new Set(repeats.map(minuteKey))], this.rule);
    for (const check of repeats) automated.set(check, full.has(minuteKey(check)));
    return automated;
  }
}

const tryKey = (check: Check) => `redpacket-try:${check.userId}:${check.code}`;
const minuteKey = (check: Check) => `redpacket-sweep:${check.userId}`;

/** Splits `items` so that no key appears twice in one round, keeping each key's items in arrival order. */
function rounds<T>(items: T[], keyOf: (item: T) => string): T[][] {
  const result: T[][] = [];
  const seen = new Map<string, number>();
  for (const item of items) {
    const key = keyOf(item);
    const index = seen.get(key) ?? 0;
    seen.set(key, index + 1);
    if (index === result.length) result.push([]);
    result[index]!.push(item);
  }
  return result;
}

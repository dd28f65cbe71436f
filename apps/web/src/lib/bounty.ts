import {
  AMOUNT_PROBLEM_KEYS,
  BOUNTY_LIMITS,
  type BOUNTY_SUBMIT_KINDS,
  formatAmount,
  parseAmount,
} from '@polaris/contract';
import type { Problem } from './wallet.ts';

/**
 * Problem keys are whole i18n keys: the shared catalogue's under `contract:`, the web's own under `bounty.`.
 *
 * The bounty form's pure rules on the client, checked before the trade password is asked for; the server checks
 * the same again. Money is compared in base units (bigint), never as floats.
 */

export type SubmitKind = (typeof BOUNTY_SUBMIT_KINDS)[number];
/** The creator states either what each winner gets or how many winners share the pool; the other is computed. */
export type SplitMode = 'perWinner' | 'winners';

export interface BountyFormValues {
  title: string;
  total: string;
  mode: SplitMode;
  /** What each winner gets (mode perWinner) or how many winners (mode winners). */
  split: string;
  /** The `datetime-local` value, in the device's time zone. */
  deadline: string;
  submitKinds: readonly SubmitKind[];
}

export type BountyField = 'title' | 'total' | 'split' | 'deadline' | 'submitKinds';
export type BountyProblems = Partial<Record<BountyField, Problem>>;

/** How the pool splits: both figures, once the one typed and the pool agree. */
export type Split = { perWinner: string; winners: number } | { problem: Problem };

const amountProblem = (problem: keyof typeof AMOUNT_PROBLEM_KEYS, decimals: number): Problem =>
  problem === 'tooPrecise'
    ? { key: `contract:${AMOUNT_PROBLEM_KEYS.tooPrecise}`, params: { max: decimals } }
    : { key: `contract:${AMOUNT_PROBLEM_KEYS[problem]}` };

const winnersRange: Problem = { key: 'contract:bounty.winnersRange', params: { max: BOUNTY_LIMITS.maxWinners } };

/** The pool's units, or why it cannot be read (an empty pool has the bounty's own message). */
function poolUnits(total: string, decimals: number): bigint | Problem {
  if (total.trim() === '') return { key: 'contract:bounty.totalEmpty' };
  const parsed = parseAmount(total, decimals);
  return 'problem' in parsed ? amountProblem(parsed.problem, decimals) : parsed.units;
}

/**
 * The other half of the split: from a reward per winner, the number of winners (the pool must be a whole multiple
 * of it); from a number of winners, each one's reward (the pool must divide into equal rewards at the asset's
 * decimals). Winners are 1 to BOUNTY_LIMITS.maxWinners.
 */
export function splitPool(total: string, mode: SplitMode, value: string, decimals: number): Split {
  const pool = poolUnits(total, decimals);
  if (typeof pool !== 'bigint') return { problem: pool };
  if (mode === 'perWinner') {
    const parsed = parseAmount(value, decimals);
    if ('problem' in parsed) return { problem: amountProblem(parsed.problem, decimals) };
    if (parsed.units > pool) return { problem: { key: 'contract:bounty.perWinnerAboveTotal' } };
    const winners = pool / parsed.units;
    if (winners > BigInt(BOUNTY_LIMITS.maxWinners)) return { problem: winnersRange };
    if (pool % parsed.units !== 0n) {
      return { problem: { key: 'contract:bounty.notEven', params: { count: Number(winners) } } };
    }
    return { perWinner: formatAmount(parsed.units, decimals), winners: Number(winners) };
  }
  const text = value.trim();
  if (!/^\d{1,4}$/.test(text)) return { problem: winnersRange };
  const winners = Number(text);
  if (winners < 1 || winners > BOUNTY_LIMITS.maxWinners) return { problem: winnersRange };
  const each = pool / BigInt(winners);
  if (each === 0n || pool % BigInt(winners) !== 0n) {
    return { problem: { key: 'contract:bounty.notEven', params: { count: winners } } };
  }
  return { perWinner: formatAmount(each, decimals), winners };
}

/** Whether a deadline lies in the window the server accepts: 10 minutes to 180 days from now. */
export function deadlineProblem(deadline: Date | null, now: number): Problem | undefined {
  if (deadline === null || Number.isNaN(deadline.getTime())) return { key: 'contract:activity.dateInvalid' };
  const ahead = deadline.getTime() - now;
  const min = BOUNTY_LIMITS.minDurationMinutes * 60_000;
  const max = BOUNTY_LIMITS.maxDurationDays * 86_400_000;
  return ahead < min || ahead > max ? { key: 'contract:bounty.deadlineRange' } : undefined;
}

/** A `datetime-local` value ("2026-05-01T18:30") as the moment it names on this device, or null. */
export function localDateTime(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A Date as a `datetime-local` value in the device's time zone. */
export function toLocalInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** Everything wrong with the form, by field, in the order a person fixes them. */
export function checkBountyForm(values: BountyFormValues, decimals: number, now: number): BountyProblems {
  const problems: BountyProblems = {};
  const title = values.title.trim();
  if (title === '') problems.title = { key: 'bounty.form.titleRequired' };
  else if (title.length > BOUNTY_LIMITS.titleMax) {
    problems.title = { key: 'bounty.form.titleTooLong', params: { max: BOUNTY_LIMITS.titleMax } };
  }
  const pool = poolUnits(values.total, decimals);
  if (typeof pool !== 'bigint') problems.total = pool;
  else {
    const split = splitPool(values.total, values.mode, values.split, decimals);
    if ('problem' in split) problems.split = split.problem;
  }
  const deadline = deadlineProblem(localDateTime(values.deadline), now);
  if (deadline) problems.deadline = deadline;
  if (values.submitKinds.length === 0) {
    problems.submitKinds = { key: 'bounty.form.submitKindsRequired' };
  }
  return problems;
}

/** SPEC §5's URL check for a submitted link: a well-formed https:// address with a host. */
export function isHttpsLink(value: string): boolean {
  const text = value.trim();
  if (!/^https:\/\//i.test(text) || text.length > BOUNTY_LIMITS.linkMax || /\s/.test(text)) return false;
  try {
    const url = new URL(text);
    return url.protocol === 'https:' && url.hostname.includes('.');
  } catch {
    return false;
  }
}

export type SubmissionField = 'text' | 'link' | 'image';

/** What a submission lacks of what the bounty asks for, or a link that is not https. */
export function checkSubmission(
  kinds: readonly SubmitKind[],
  input: { text: string; link: string; imageId: string | null },
): Partial<Record<SubmissionField, Problem>> {
  const problems: Partial<Record<SubmissionField, Problem>> = {};
  if (kinds.includes('text') && input.text.trim() === '') problems.text = { key: 'contract:bounty.missingText' };
  if (input.text.length > BOUNTY_LIMITS.submissionTextMax) {
    problems.text = { key: 'bounty.submit.textTooLong', params: { max: BOUNTY_LIMITS.submissionTextMax } };
  }
  const link = input.link.trim();
  if (kinds.includes('link') && link === '') problems.link = { key: 'contract:bounty.missingLink' };
  else if (link !== '' && !isHttpsLink(link)) problems.link = { key: 'contract:bounty.linkInvalid' };
  if (kinds.includes('image') && !input.imageId) problems.image = { key: 'contract:bounty.missingImage' };
  return problems;
}

/** Time left until `deadline`, coarse as a card shows it, or null once it has passed. */
export function timeLeft(deadline: string, now: number): { unit: 'days' | 'hours' | 'minutes'; count: number } | null {
  const ms = new Date(deadline).getTime() - now;
  if (!(ms > 0)) return null;
  const minutes = Math.ceil(ms / 60_000);
  if (minutes < 60) return { unit: 'minutes', count: minutes };
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return { unit: 'hours', count: hours };
  return { unit: 'days', count: Math.floor(hours / 24) };
}

/** The escrow still held: the pool less what the paid winners got. */
export function escrowLeft(bounty: { total: string; perWinner: string; paidCount: number }, decimals: number): string {
  const total = parseAmount(bounty.total, decimals);
  const each = parseAmount(bounty.perWinner, decimals);
  if ('problem' in total) return bounty.total;
  const paid = 'problem' in each ? 0n : each.units * BigInt(bounty.paidCount);
  const left = total.units - paid;
  return formatAmount(left > 0n ? left : 0n, decimals);
}

/** How many decimals a decimal string shows: enough to compute with when the asset's own are not at hand. */
export function decimalsOf(...values: string[]): number {
  return Math.max(0, ...values.map((value) => value.split('.')[1]?.length ?? 0));
}

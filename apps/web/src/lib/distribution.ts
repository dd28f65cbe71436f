import { percentToBp, type SplitRequest } from '@polaris/contract';

/**
 * A typed percentage as the schema should see it: empty means 0; anything that is not a plain decimal becomes NaN
 * so the schema names the field.
 */
export function parsePercent(value: string): number {
  const trimmed = value.trim();
  if (trimmed === '') return 0;
  return /^\d+(\.\d*)?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/**
 * What the organizer keeps of a ticket bought without a referral, in percent: everything the co-hosts' shares
 * leave. (A referred ticket first pays its referral share; the co-hosts' shares apply to the rest.)
 */
export function organizerKeeps(input: Pick<SplitRequest, 'cohosts'>): number {
  const cohosts = input.cohosts.reduce((sum, c) => sum + percentToBp(c.percent), 0);
  return (10_000 - cohosts) / 100;
}

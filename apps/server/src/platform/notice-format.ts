import { formatAmount } from '@polaris/contract';

/**
 * Values inside a notice's text (its params), which are written once and read in any language: so they are
 * language-neutral. A notice's words are the catalogue's (docs/notifications.md).
 */

/** A date to the minute, in UTC, named so (the server does not know every reader's zone): `2026-11-27 14:00 UTC`. */
export function noticeDate(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** An amount with its asset: `12.5 USDT`. */
export const noticeAmount = (units: bigint, decimals: number, asset: string) =>
  `${formatAmount(units, decimals)} ${asset}`;

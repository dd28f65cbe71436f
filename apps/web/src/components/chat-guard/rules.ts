import { CHAT_RULE_LIMITS } from '@polaris/contract';

/** The hours before a new member may post links that the settings offer (0: no rule). */
const LINK_HOURS = [0, 1, 24, 72, 168] as const;

/** The link-rule choices, with a value set through the API between the steps shown too. */
export function linkHourChoices(current: number): number[] {
  return [...new Set<number>([...LINK_HOURS, current])].sort((a, b) => a - b);
}

/** Blocked words as typed: one per line or separated by commas, trimmed, no empties or repeats, within the limits. */
export function parseWords(text: string): string[] {
  const words = text
    .split(/[\n,，、]/u)
    .map((word) => word.trim())
    .filter(Boolean);
  return [...new Set(words)].slice(0, CHAT_RULE_LIMITS.words);
}

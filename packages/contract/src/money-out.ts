/**
 * "May money leave this account now" (issue 34): one policy the server's router consults, keyed by route path, as
 * it consults the second-factor table. For a route in MONEY_OUT_OPERATIONS, after the caller and the input are
 * known and before the second factor is asked or the handler runs, the security module answers whether the account
 * is held: for 24 hours after a change to how one signs in or is reached (SECURITY_HOLD_REASONS), or frozen by its
 * owner until an operator lifts it. A held account gets status 409 with `{ reason, until }` (until is null while
 * frozen) and a message in its language saying why and until when; nothing moves.
 *
 * "Out" means money that reaches someone else's hands at the sender's choice: a withdrawal to an address, a transfer
 * to another user, a paid ticket given away, a red packet (anyone in the room, an accomplice too, may claim it).
 * Paying the app for something (ticket sign-up, a membership, a bounty's escrow, an airdrop's pool) is not: the money
 * stays with the activity or the operator, and what comes back comes back to the payer (docs/security-centre.md).
 */
export const MONEY_OUT_OPERATIONS = {
  '/wallet/transfer': 'withdraw to an address or transfer to another user',
  '/activity/ticket/transfer': 'give a paid ticket to someone else',
  '/redpacket/send': 'send a red packet that others claim',
} as const satisfies Record<string, string>;

export type MoneyOutPath = keyof typeof MONEY_OUT_OPERATIONS;

export const isMoneyOut = (path: string): path is MoneyOutPath => Object.hasOwn(MONEY_OUT_OPERATIONS, path);

/** How long money stays in after a security change. */
export const SECURITY_HOLD_MS = 24 * 60 * 60_000;

/**
 * The changes that hold money for SECURITY_HOLD_MS: each is what someone who took over the account would do first
 * to keep the owner out or to pass the checks of a withdrawal. `frozen` is the owner's own freeze (no end).
 */
export const SECURITY_HOLD_REASONS = [
  'passwordReset',
  'passwordChanged',
  'secondFactorOff',
  'phoneChanged',
  'newDevice',
  'frozen',
] as const;

export type SecurityHoldReason = (typeof SECURITY_HOLD_REASONS)[number];

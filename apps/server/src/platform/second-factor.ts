import type { SecondFactorOperation } from '@polaris/contract';

/**
 * The router's second-factor gate (issue 21). The policy — which operations ask for the code and whose account
 * answers — is the contract's SECOND_FACTOR_OPERATIONS table; the router looks every route up there and, for one
 * in the table, calls this check after the input is valid and before the handler runs. The check is injected
 * (Router options), so the router depends on no module: app.ts builds it from the TOTP service and the two
 * account lookups below.
 */
interface SecondFactorRequest {
  path: string;
  operation: SecondFactorOperation;
  /** The signed-in caller, or null on the operations done signed out (password reset, linking a provider). */
  userId: number | null;
  /** The validated input, without the code. */
  input: Record<string, unknown>;
  /** The `totp` field as sent: a 6-digit code, a recovery code, or nothing. */
  code: string | undefined;
}

/** Gives a spent code back, for when the operation it let through was refused and changed nothing. */
export type SecondFactorRelease = () => Promise<void>;

/** Answers the release of the code it spent, or null when no code was asked (the account has no factor on). */
export type SecondFactorCheck = (request: SecondFactorRequest) => Promise<SecondFactorRelease | null>;

/**
 * Whose tries a check counts against: `session` for a signed-in caller; `signedOut` for the operations anyone can
 * send with an email or a ticket, so a stranger guessing there cannot lock the owner out of their own operations.
 */
export type SecondFactorScope = 'session' | 'signedOut';

export interface SecondFactorDeps {
  /** Passes when the account has no authenticator on; otherwise the code must verify (and is spent), or 468. */
  verify(userId: number, code: string | undefined, scope: SecondFactorScope): Promise<SecondFactorRelease | null>;
  /** The live account with this email, if any. */
  accountByEmail(email: string): Promise<number | null>;
  /** The account a pending provider-link ticket is for, if the ticket is live and this browser's. */
  accountByLinkTicket(ticket: string, browserKey: string): Promise<number | null>;
}

/** The check the router calls: find the account the table names, then exactly one verification. */
export function secondFactorCheck(deps: SecondFactorDeps): SecondFactorCheck {
  return async ({ operation, userId, input, code }) => {
    switch (operation.account) {
      case 'session':
        // Table routes that use the session are registered with `auth: 'user'` (the router refuses others).
        if (userId === null) throw new Error('a session operation without a session');
        return deps.verify(userId, code, 'session');
      case 'email': {
        const account = typeof input.email === 'string' ? await deps.accountByEmail(input.email) : null;
        // An unknown email: nothing to protect; the handler answers as it does for anyone.
        return account === null ? null : deps.verify(account, code, 'signedOut');
      }
      case 'linkTicket': {
        const { ticket, browserKey } = input;
        const account =
          typeof ticket === 'string' && typeof browserKey === 'string'
            ? await deps.accountByLinkTicket(ticket, browserKey)
            : null;
        // A spent, expired or foreign ticket: the handler answers "sign-in link expired".
        return account === null ? null : deps.verify(account, code, 'signedOut');
      }
    }
  };
}

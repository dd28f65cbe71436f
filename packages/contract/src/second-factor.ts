/**
 * The second-factor policy (issue 21): every sensitive operation — it moves money out, changes how one signs
 * in or is reached, or removes protection — keyed by its route path. The server's router consults this table
 * before any handler runs: while the account has Google Authenticator on, the request's `totp` field (a 6-digit
 * code or a recovery code) must verify, or the answer is status 468 and nothing changes. The web app reads the
 * same table to show the code field up front on those forms.
 *
 * A route whose path looks sensitive (SENSITIVE_PATH) must be in SECOND_FACTOR_OPERATIONS or in
 * NO_SECOND_FACTOR with the reason; a test fails otherwise, so a new route cannot forget the decision.
 */

/** The request field that carries the code, on every operation of the table. */
export const SECOND_FACTOR_FIELD = 'totp' as const;

/**
 * Whose authenticator is asked. `session`: the signed-in caller. `email`: nobody is signed in (a password reset
 * by mailed code); the account is the one with the input's `email`. `linkTicket`: nobody is signed in (linking
 * a Google or Apple sign-in to an existing account); the account is the one the input's `ticket` is for.
 */
export type SecondFactorAccount = 'session' | 'email' | 'linkTicket';

export type SecondFactorKind = 'money' | 'signIn' | 'reach' | 'protection';

export interface SecondFactorOperation {
  account: SecondFactorAccount;
  kind: SecondFactorKind;
  /** What the operation does, for the docs and the test's messages. */
  what: string;
}

export const SECOND_FACTOR_OPERATIONS = {
  '/wallet/transfer': { account: 'session', kind: 'money', what: 'transfer to a user or withdraw to an address' },
  '/open/master/withdraw': { account: 'session', kind: 'money', what: 'withdraw creator earnings' },
  '/activity/ticket/transfer': { account: 'session', kind: 'money', what: 'give a paid ticket to someone else' },
  '/user/payments/add': { account: 'session', kind: 'money', what: 'add a payment method' },
  '/user/payments/update': { account: 'session', kind: 'money', what: 'change a payment method' },
  '/user/trade/password': { account: 'session', kind: 'money', what: 'set or change the transaction password' },
  '/user/password/change': { account: 'session', kind: 'signIn', what: 'change the login password' },
  '/user/reset': { account: 'email', kind: 'signIn', what: 'reset the login password by mailed code' },
  '/user/oidc/link': { account: 'linkTicket', kind: 'signIn', what: 'link Google or Apple by password or code' },
  '/user/identity/providers/unlink': { account: 'session', kind: 'signIn', what: 'unlink Google or Apple' },
  '/user/binding/phone': { account: 'session', kind: 'reach', what: 'bind or change the phone' },
  '/user/identity/sessions/revoke': { account: 'session', kind: 'protection', what: 'sign out one other login' },
  '/user/identity/sessions/revokeOthers': {
    account: 'session',
    kind: 'protection',
    what: 'sign out everywhere else',
  },
  '/user/gauth/disable': { account: 'session', kind: 'protection', what: 'switch Google Authenticator off' },
  '/user/deleteAccount': { account: 'session', kind: 'protection', what: 'delete the account' },
  '/wallet/addressBook/add': { account: 'session', kind: 'money', what: 'save a withdrawal address' },
  '/wallet/addressBook/allowlist': {
    account: 'session',
    kind: 'protection',
    what: 'turn the withdrawal allowlist on or off',
  },
  '/user/antiPhishing/change': {
    account: 'session',
    kind: 'protection',
    what: 'set, change or remove the anti-phishing code',
  },
} as const satisfies Record<string, SecondFactorOperation>;

export type SecondFactorPath = keyof typeof SECOND_FACTOR_OPERATIONS;

/**
 * Routes whose path looks sensitive but that do not ask for the code, each with the reason. Deciding here is as
 * deliberate as adding to the table above.
 */
export const NO_SECOND_FACTOR: Record<string, string> = {
  '/wallet/transfer/preview': 'reads the fee and the recipient; moves nothing',
  '/open/ticket/user-withdrawal': 'lists past creator withdrawals; reads only',
  '/user/payments': 'lists payment methods; reads only',
  '/user/payments/delete': 'removes a way to be paid; moves nothing and lets nobody in',
  '/user/trade/vcode': 'mails a code to the account; changes nothing',
  '/user/isFdPwdBlank': 'whether the transaction password is set; reads only',
  '/user/fdPwd/validate': 'checks the transaction password (with its own try limit); changes nothing',
  '/user/password/vcode': 'mails a code to the account; changes nothing',
  '/user/vcode/send': 'mails a code (sign-up, login, reset); changes nothing',
  '/user/binding/phone/vcode': 'texts a code to the new number; changes nothing',
  '/open/check/phone': 'whether a number is valid and free; binds nothing',
  '/user/checkIsBindEmail': 'whether an email is registered; reads only',
  '/user/invite/bind': 'names who invited me; moves nothing out, changes no way in',
  '/user/identity/providers': 'lists linked sign-ins; reads only',
  '/user/identity/sessions': 'lists active logins; reads only',
  '/user/deleteAccount/check': 'what must be settled first; reads only',
  '/user/deleteAccount/vcode': 'mails a code to the account; changes nothing',
  '/user/gauth/status': 'whether Google Authenticator is on; reads only',
  '/user/gauth/enrol': 'starts a setup; refused while it is on, so it removes nothing',
  '/user/gauth/confirm': 'switches it on; its own first code is the proof',
  '/user/oidc/ticket': 'signs in with an already linked provider, like a login; links nothing new',
  '/user/logout': 'ends the caller’s own login only',
  '/live/session/close': 'ends the caller’s own live video session',
  '/activity/draft/delete': 'deletes an unpublished draft; no money, no sign-in',
  '/calendar/entry/delete': 'deletes a personal calendar entry',
  '/calendar/feed/reset': 'replaces the private calendar feed link; reveals and removes no protection',
  '/calendar/host/links': 'the addresses of the organizer’s public feed and listing; reads only, public anyway',
  '/chat/message/delete': 'deletes a chat message',
  '/chat/room/invite/reset': 'replaces a room’s invite link',
  '/admin/withdrawals/review':
    'an operator’s decision on a held withdrawal, behind the admin token (operator-guard), not a user’s session',
};

/** Words in a path that make it look sensitive; such a path needs a decision above. */
export const SENSITIVE_PATH =
  /withdraw|transfer|payment|password|pwd|reset|phone|email|bind|link|delete|revoke|session|gauth|totp|trade|logout|change|identity\/providers/i;

export function secondFactorOf(path: string): SecondFactorOperation | undefined {
  return (SECOND_FACTOR_OPERATIONS as Record<string, SecondFactorOperation>)[path];
}

/** Paths that look sensitive but have no decision yet: neither in the table nor in NO_SECOND_FACTOR. */
export function undecidedSensitivePaths(paths: readonly string[]): string[] {
  return paths.filter(
    (path) => SENSITIVE_PATH.test(path) && secondFactorOf(path) === undefined && NO_SECOND_FACTOR[path] === undefined,
  );
}

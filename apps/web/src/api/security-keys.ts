/**
 * The security centre's query keys, in their own tiny module (like wallet-keys.ts) so logout and a lost session
 * can drop the account's logins and authenticator state without loading the security hooks.
 */
export const securityKeys = {
  all: ['security'] as const,
  totp: () => [...securityKeys.all, 'totp'] as const,
  sessions: () => [...securityKeys.all, 'sessions'] as const,
  deletion: () => [...securityKeys.all, 'deletion'] as const,
  verification: () => [...securityKeys.all, 'verification'] as const,
  providers: () => [...securityKeys.all, 'providers'] as const,
  antiPhishing: () => [...securityKeys.all, 'antiPhishing'] as const,
};

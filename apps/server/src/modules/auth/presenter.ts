import type { SessionRow } from './store.ts';

/** A login as the security centre lists it: no token, no key, only what tells the user which device it is. */
export function presentSession(row: SessionRow, currentSessionId: number) {
  return {
    id: row.id,
    userAgent: row.userAgent,
    createdAt: row.createdAt.toISOString(),
    current: row.id === currentSessionId,
  };
}

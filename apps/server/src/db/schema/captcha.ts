import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Captcha solutions already accepted, keyed by their challenge's nonce: a solution is claimed here with
 * `INSERT … ON CONFLICT DO NOTHING` before the request it guards runs, so it counts once across every server
 * process. A row is only needed until its challenge expires (then the challenge itself is refused).
 */
export const captchaSolutions = pgTable(
  'captcha_solutions',
  {
    nonce: text('nonce').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('captcha_solutions_expires_idx').on(table.expiresAt)],
);

import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { at } from './columns.ts';

/**
 * Mail written in the same transaction as the change it reports, and sent afterwards by a worker, so no mail
 * is sent inside a transaction and none is lost when a process stops between the commit and the send.
 * Delivery is at least once: a process that stops after sending but before marking the row sends it again.
 */
export const mailQueue = pgTable(
  'mail_queue',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** What the mail is about, e.g. `activity-change:<registration id>`; for finding it again, not shown. */
    topic: text('topic').notNull(),
    /** Extra headers, e.g. RFC 8058's `List-Unsubscribe` and `List-Unsubscribe-Post`. */
    headers: jsonb('headers').$type<Record<string, string>>(),
    /** Attachments (a calendar invite): file name, content type (with its parameters) and text content. */
    attachments: jsonb('attachments').$type<{ filename: string; contentType: string; content: string }[]>(),
    /** The language the mail is written in (its anti-phishing line follows it); null: English and Chinese both. */
    language: text('language'),
    createdAt: at('created_at').notNull(),
    /** Not before this time: a claim pushes it forward, so a failed or interrupted send is retried later. */
    nextAttemptAt: at('next_attempt_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    sentAt: at('sent_at'),
  },
  (t) => [index('mail_queue_due_idx').on(t.nextAttemptAt, t.id).where(sql`${t.sentAt} is null`)],
);

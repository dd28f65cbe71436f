import type { Language } from '@polaris/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { pgArray } from '../db/arrays.ts';
import { type Database, query, type Tx } from '../db/client.ts';
import { mailQueue } from '../db/schema/index.ts';
import type { MailAttachment, Mailer, MailMessage } from './mail.ts';
import type { Metrics } from './metrics.ts';

export interface QueuedMail extends MailMessage {
  /** What the mail is about, e.g. `activity-change:<registration id>`. */
  topic: string;
}

/** After this many failed sends a mail stays in the queue unsent, for an operator to look at. */
const MAIL_MAX_ATTEMPTS = 10;
/** Rows per insert statement: far below PostgreSQL's 65,535 bind parameters. */
const INSERT_CHUNK = 1000;

/**
 * Queue mail in the caller's transaction: it is sent after, and only if, that transaction commits. Network
 * calls never happen inside a transaction, and a crash after the commit does not lose the mail.
 */
export async function enqueueMail(tx: Tx, mails: QueuedMail[], now: Date): Promise<void> {
  const at = now.toISOString();
  // One statement per chunk over arrays (a blast queues thousands): each column is one bound parameter.
  for (let i = 0; i < mails.length; i += INSERT_CHUNK) {
    const chunk = mails.slice(i, i + INSERT_CHUNK);
    const column = (value: (mail: QueuedMail) => string) => pgArray(chunk.map(value));
    await query(
      tx,
      sql`insert into mail_queue (recipient, subject, body, topic, headers, attachments, language, created_at,
                                  next_attempt_at)
          select r, s, b, t, nullif(h, 'null'::jsonb), nullif(a, 'null'::jsonb), nullif(l, ''), ${at}::timestamptz,
                 ${at}::timestamptz
          from unnest(${column((mail) => mail.to)}::text[], ${column((mail) => mail.subject)}::text[],
                      ${column((mail) => mail.text)}::text[], ${column((mail) => mail.topic)}::text[],
                      ${column((mail) => JSON.stringify(mail.headers ?? null))}::jsonb[],
                      ${column((mail) => JSON.stringify(mail.attachments?.length ? mail.attachments : null))}::jsonb[],
                      ${column((mail) => mail.language ?? '')}::text[])
            as w(r, s, b, t, h, a, l)`,
    );
  }
}

/**
 * Sends queued mail. Safe in several processes: one statement claims a batch (FOR UPDATE SKIP LOCKED) and
 * pushes each claimed row's next attempt forward (1, 2, 4 … minutes, at most 6 hours), so no other process
 * takes it while it is being sent, and a send that fails or is cut short is tried again later.
 */
export class MailQueue {
  private readonly feeds: ((limit: number) => Promise<unknown>)[] = [];

  constructor(
    private readonly deps: { db: Database; mailer: Mailer; now: () => Date; log: FastifyBaseLogger; metrics?: Metrics },
  ) {}

  /** Mail due now and not sent, counted up to `limit` (a bounded query, run at every metrics scrape). */
  async backlog(limit = 10_000): Promise<number> {
    const now = this.deps.now().toISOString();
    const counted = await query<{ due: number }>(
      this.deps.db,
      sql`select count(*)::int as due from (
            select 1 from mail_queue
            where sent_at is null and next_attempt_at <= ${now}::timestamptz and attempts < ${MAIL_MAX_ATTEMPTS}
            limit ${limit}) due`,
    );
    return Number(counted.rows[0]?.due ?? 0);
  }

  /**
   * A sender whose mail is written when it goes out (notice mail: modules/notifications/notice-mail.ts): asked to
   * queue up to `limit` of what is due before each claim.
   */
  feedFrom(feed: (limit: number) => Promise<unknown>): void {
    this.feeds.push(feed);
  }

  async deliverDue(limit = 50): Promise<{ sent: number; failed: number }> {
    for (const feed of this.feeds) {
      await feed(limit).catch((error: unknown) => this.deps.log.warn({ err: error }, 'mail feed failed; will retry'));
    }
    const now = this.deps.now().toISOString();
    const claimed = await query<{
      id: string;
      recipient: string;
      subject: string;
      body: string;
      headers: Record<string, string> | string | null;
      attachments: MailAttachment[] | string | null;
      language: Language | null;
      attempts: number;
    }>(
      this.deps.db,
      sql`update mail_queue set attempts = attempts + 1,
            next_attempt_at = ${now}::timestamptz + least(power(2, attempts), 360) * interval '1 minute'
          where id in (
            select id from mail_queue
            where sent_at is null and next_attempt_at <= ${now}::timestamptz and attempts < ${MAIL_MAX_ATTEMPTS}
            order by next_attempt_at, id limit ${limit} for update skip locked)
          returning id::text, recipient, subject, body, headers, attachments, language, attempts`,
    );
    let sent = 0;
    let failed = 0;
    for (const row of claimed.rows) {
      try {
        await this.deps.mailer.send({
          to: row.recipient,
          subject: row.subject,
          text: row.body,
          headers: jsonColumn(row.headers) ?? undefined,
          attachments: jsonColumn(row.attachments) ?? undefined,
          language: row.language ?? undefined,
        });
      } catch (error) {
        failed++;
        const last = Number(row.attempts) >= MAIL_MAX_ATTEMPTS;
        this.deps.metrics?.mail(last ? 'failed' : 'retried');
        this.deps.log[last ? 'error' : 'warn'](
          { err: error, mailId: row.id, attempts: Number(row.attempts) },
          last ? 'queued mail failed for the last time' : 'queued mail failed; will retry',
        );
        continue;
      }
      await this.deps.db
        .update(mailQueue)
        .set({ sentAt: this.deps.now() })
        .where(eq(mailQueue.id, Number(row.id)));
      this.deps.metrics?.mail('sent');
      sent++;
    }
    return { sent, failed };
  }
}

/** A jsonb column read through raw SQL: parsed by node-postgres, a string from some drivers. */
function jsonColumn<T>(value: T | string | null): T | null {
  if (value === null) return null;
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}

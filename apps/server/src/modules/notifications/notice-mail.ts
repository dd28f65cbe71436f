import { API_BASE, languageOf, type NoticeCategory, type NoticeKind, translate } from '@polaris/contract';
import type { Database, Tx } from '../../db/client.ts';
import type { Links } from '../../platform/links.ts';
import { enqueueMail, type QueuedMail } from '../../platform/mail-queue.ts';
import { type ClaimedMail, takeDueMails } from './deliveries.store.ts';
import { noticeText } from './presenter.ts';
import type { UnsubscribeTokens } from './tokens.ts';

/** Email deliveries written into the mail queue per transaction. */
const MAIL_BATCH = 50;

/**
 * A notice's email, written when it is sent rather than when the notice is recorded: the fan-out writes one
 * `email` delivery row beside the inbox row, and the mail worker (`MailQueue.deliverDue`, which asks this first)
 * takes due rows, writes each mail in the recipient's language of now, and queues it in the same transaction that
 * marks its row done, so each is queued once across processes.
 */
export class NoticeMails {
  constructor(
    private readonly deps: {
      db: Database;
      now: () => Date;
      links: Links;
      tokens: UnsubscribeTokens;
      emailsOf: (tx: Tx, userIds: number[]) => Promise<Map<number, string>>;
    },
  ) {}

  /** Queues up to `limit` due notice mails; answers how many were taken. */
  async queueDue(limit = MAIL_BATCH): Promise<number> {
    return this.deps.db.transaction(async (tx) => {
      const now = this.deps.now();
      const taken = await takeDueMails(tx, now, limit);
      const emails = await this.deps.emailsOf(
        tx,
        taken.map((row) => row.userId),
      );
      await enqueueMail(
        tx,
        taken.flatMap((row) => {
          const email = emails.get(row.userId);
          return email === undefined ? [] : [this.mailFor(row, email)];
        }),
        now,
      );
      return taken.length;
    });
  }

  /** Every due notice mail (tests, and a drain). */
  async queueAll(): Promise<number> {
    let total = 0;
    for (;;) {
      const taken = await this.queueDue(500);
      total += taken;
      if (taken < 500) return total;
    }
  }

  /** The notice's email in the recipient's language, with an open link and a one-click unsubscribe (RFC 8058). */
  private mailFor(row: ClaimedMail, to: string): QueuedMail {
    const language = languageOf(row.language);
    const { title, body } = noticeText(row.kind as NoticeKind, row.params, language);
    const unsubscribe = this.unsubscribeUrl(row.userId, row.category as NoticeCategory);
    const lines = [body];
    if (row.link) lines.push(translate(language, 'notice.words.open', { link: this.appUrl(row.link) }));
    lines.push(`-- \n${translate(language, 'notice.words.unsubscribe', { link: unsubscribe })}`);
    return {
      to,
      subject: title,
      text: `${lines.join('\n\n')}\n`,
      topic: `notice:${row.noticeId}`,
      headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      attachments: row.attachments ?? undefined,
      language,
    };
  }

  /** The one-click unsubscribe URL of a user's email in a category. */
  unsubscribeUrl(userId: number, category: NoticeCategory): string {
    const token = this.deps.tokens.make(userId, category);
    return `${this.deps.links.publicUrl}${API_BASE}/notice/unsubscribe?token=${encodeURIComponent(token)}`;
  }

  /** An in-app path as a link to the web app (hash routes). */
  appUrl(path: string): string {
    if (/^https?:\/\//.test(path)) return path;
    return `${this.deps.links.publicUrl}/#${path.startsWith('/') ? path : `/${path}`}`;
  }
}

import { ANTI_PHISHING_CODE_PATTERN, type Language, translate } from '@polaris/contract';
import type { Mailer, MailMessage } from './mail.ts';

/**
 * The anti-phishing code of the account an address belongs to, or null (no account, or no code). The security
 * module answers it (`AntiPhishingService.codeForEmail`, wired in app-modules.ts); the mail layer reads no table.
 */
export type AntiPhishingLookup = (email: string) => Promise<string | null>;

/**
 * The line that carries the code, in the mail's language; a mail written in English and Chinese both (an
 * invitation) carries it in both.
 */
export function antiPhishingLine(code: string, language: Language | null | undefined): string {
  if (language) return translate(language, 'mail.antiPhishing', { code });
  return `${translate('en', 'mail.antiPhishing', { code })} / ${translate('zh-Hant', 'mail.antiPhishing', { code })}`;
}

/**
 * The mail with the recipient's code as its first line, before anything its writer wrote. Only the text body
 * changes: never the subject or a header, so a code cannot add a header or break a line there. A code that does
 * not match the pattern (it is checked when it is set; this is the last guard) is left out.
 */
export function stampMail(message: MailMessage, code: string | null): MailMessage {
  if (code === null || !ANTI_PHISHING_CODE_PATTERN.test(code)) return message;
  return { ...message, text: `${antiPhishingLine(code, message.language)}\n\n${message.text}` };
}

/**
 * Every mail the product sends passes here, sent at once (sign-in codes, invitations) or from the mail queue
 * (notices, blasts, calendar invites, receipts): each is stamped with its recipient's anti-phishing code just
 * before it leaves, so no template can forget it and a code changed after a mail was queued is the one shown.
 * Until the security module is connected (`stampWith`), sending throws: no mail leaves unchecked.
 */
export class StampingMailer implements Mailer {
  private lookup: AntiPhishingLookup | undefined;

  constructor(private readonly inner: Mailer) {}

  get destination(): string {
    return this.inner.destination;
  }

  /** Connects the lookup once the security module is built (the platform is built before every module). */
  stampWith(lookup: AntiPhishingLookup): void {
    this.lookup = lookup;
  }

  async send(message: MailMessage): Promise<void> {
    if (!this.lookup) throw new Error('mail: the anti-phishing lookup is not connected yet');
    await this.inner.send(stampMail(message, await this.lookup(message.to)));
  }

  close(): void {
    this.inner.close();
  }
}

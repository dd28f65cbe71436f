import type { Mailer, MailMessage } from '../../src/platform/mail.ts';

/**
 * A mailer that keeps what it is given: the demo accounts' codes are read from here instead of being written
 * to the outbox, so seeding leaves no mail behind.
 */
export class Mailbox implements Mailer {
  readonly destination = 'memory';
  private readonly sent: MailMessage[] = [];

  async send(message: MailMessage): Promise<void> {
    this.sent.push(message);
  }

  close(): void {}

  /** The newest six-digit code mailed to an address. */
  async codeFor(email: string): Promise<string> {
    for (let i = this.sent.length - 1; i >= 0; i--) {
      const message = this.sent[i]!;
      const code = message.to === email ? /\b(\d{6})\b/.exec(`${message.subject}\n${message.text}`)?.[1] : undefined;
      if (code) return code;
    }
    throw new Error(`no code was mailed to ${email}`);
  }
}

import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** Where mail goes, for the start-up log: `smtp` or the outbox folder. */
  readonly destination: string;
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * Real mail through SMTP_URL when it is set. Without it, each mail is rendered to a real .eml file under
 * DATA_DIR/outbox and logged, so someone trying the app locally can read the code and finish sign-up.
 */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  dataDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      destination: 'smtp',
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
      close: () => transport.close(),
    };
  }
  const outbox = path.join(options.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let sequence = 0;
  return {
    destination: outbox,
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      await mkdir(outbox, { recursive: true });
      sequence = (sequence + 1) % 1000;
      const safeAddress = message.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
      const file = path.join(outbox, `${Date.now()}-${String(sequence).padStart(3, '0')}-${safeAddress}.eml`);
      await writeFile(file, info.message as Buffer);
      options.log.info({ to: message.to, subject: message.subject, file }, `mail (outbox): ${message.text}`);
    },
    close: () => transport.close(),
  };
}

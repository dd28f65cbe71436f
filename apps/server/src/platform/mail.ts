import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Language } from '@polaris/contract';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

/** A file a mail carries, as the mail queue keeps it: text content (a calendar invite). */
export interface MailAttachment {
  filename: string;
  /** The MIME type with its parameters, e.g. `text/calendar; charset=utf-8; method=REQUEST`. */
  contentType: string;
  content: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Extra headers, e.g. RFC 8058's `List-Unsubscribe` and `List-Unsubscribe-Post`. */
  headers?: Record<string, string>;
  attachments?: MailAttachment[];
  /**
   * The language the mail is written in; its anti-phishing line (platform/mail-stamp.ts) follows it. Absent: the
   * mail is in English and Traditional Chinese both (an invitation to an address whose reader is not known).
   */
  language?: Language;
}

/** The bare address of a From line: `Polaris <no-reply@polaris.local>` -> `no-reply@polaris.local`. */
export function mailboxOf(from: string): string {
  return /<([^<>\s]+@[^<>\s]+)>/.exec(from)?.[1] ?? from.trim();
}

/** An iTIP method named in a `text/calendar` content type (`method=REQUEST`), or null. */
function calendarMethod(contentType: string): string | null {
  const [type, ...parameters] = contentType.split(';').map((part) => part.trim());
  if (type?.toLowerCase() !== 'text/calendar') return null;
  for (const parameter of parameters) {
    const [name, value] = parameter.split('=').map((part) => part.trim());
    if (name?.toLowerCase() === 'method' && value) return value.replace(/^"|"$/g, '').toUpperCase();
  }
  return null;
}

/**
 * A message as nodemailer takes it. The first calendar invite (`text/calendar` with a METHOD) goes out as
 * nodemailer's `icalEvent`: a `text/calendar; method=…` alternative beside the text, and the same file
 * attached, which is how mail clients (Gmail, Outlook, Apple Mail) recognise an invitation and offer to add or
 * update the event. Any other file is a plain attachment.
 */
function nodemailerMessage(from: string, message: MailMessage) {
  const files = message.attachments ?? [];
  const invite = files.find((file) => calendarMethod(file.contentType) !== null);
  return {
    from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    ...(message.headers && Object.keys(message.headers).length > 0 ? { headers: message.headers } : {}),
    ...(invite
      ? {
          icalEvent: {
            method: calendarMethod(invite.contentType)!,
            filename: invite.filename,
            content: invite.content,
          },
        }
      : {}),
    attachments: files
      .filter((file) => file !== invite)
      .map((file) => ({ filename: file.filename, contentType: file.contentType, content: file.content })),
  };
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
        await transport.sendMail(nodemailerMessage(options.from, message));
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
      const info = await transport.sendMail(nodemailerMessage(options.from, message));
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

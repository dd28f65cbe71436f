import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** One MIME entity: its headers (names lower-cased, folded lines joined) and its raw body. */
interface MimeEntity {
  headers: Map<string, string>;
  body: string;
}

function splitEntity(raw: string): MimeEntity {
  const text = raw.replace(/\r\n/g, '\n');
  const split = text.indexOf('\n\n');
  const head = (split === -1 ? text : text.slice(0, split)).replace(/\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of head.split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: split === -1 ? '' : text.slice(split + 2) };
}

function decodeBody(entity: MimeEntity): string {
  const encoding = (entity.headers.get('content-transfer-encoding') ?? '').toLowerCase();
  if (encoding === 'base64') return Buffer.from(entity.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = entity.body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => `%${hex}`);
    return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
  }
  return entity.body;
}

/** The leaf parts of a (possibly nested multipart) entity, each with its content type and decoded text. */
function leaves(entity: MimeEntity): { contentType: string; filename: string | null; text: string }[] {
  const contentType = entity.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!/^multipart\//i.test(contentType) || !boundary) {
    const disposition = entity.headers.get('content-disposition') ?? '';
    const filename = /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? /name="?([^";]+)"?/i.exec(contentType)?.[1];
    return [{ contentType, filename: filename ?? null, text: decodeBody(entity) }];
  }
  const parts = entity.body.split(`--${boundary}`).slice(1);
  return parts
    .filter((part) => !part.startsWith('--'))
    .flatMap((part) => leaves(splitEntity(part.replace(/^\r?\n/, '').replace(/\r?\n$/, '')))); // the break before a boundary is the boundary's
}

const decodeWords = (value: string) =>
  value.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_, kind: string, data: string) =>
    kind.toLowerCase() === 'b'
      ? Buffer.from(data, 'base64').toString('utf8')
      : decodeURIComponent(data.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, '%$1')),
  );

/**
 * Decode one .eml written by the outbox mailer (or received over SMTP): the headers, the text body (the
 * `text/plain` part of a multipart mail) and every other part (a calendar invite is one).
 */
export function emlText(eml: string): {
  to: string;
  subject: string;
  text: string;
  headers: Map<string, string>;
  parts: { contentType: string; filename: string | null; text: string }[];
} {
  const entity = splitEntity(eml);
  const parts = leaves(entity);
  const text = parts.find((part) => /^text\/plain/i.test(part.contentType))?.text ?? '';
  return {
    to: entity.headers.get('to') ?? '',
    subject: decodeWords(entity.headers.get('subject') ?? ''),
    text,
    headers: entity.headers,
    parts: parts.filter((part) => !/^text\/plain/i.test(part.contentType)),
  };
}

/** The newest mail in an outbox folder addressed to `email`, or undefined. */
export async function latestMail(outboxDir: string, email: string) {
  let names: string[];
  try {
    names = await readdir(outboxDir);
  } catch {
    return undefined;
  }
  const mine = names.filter((name) => name.endsWith(`-${email}.eml`)).sort();
  const newest = mine[mine.length - 1];
  if (!newest) return undefined;
  return emlText(await readFile(path.join(outboxDir, newest), 'utf8'));
}

/**
 * The 6-digit code in the newest code mail to `email`. Notices (a deposit, a new device…) may arrive after the code:
 * they are the mails with a `List-Unsubscribe` header, and are passed over, as a person skims past them.
 */
export async function latestCode(outboxDir: string, email: string): Promise<string | undefined> {
  let names: string[];
  try {
    names = await readdir(outboxDir);
  } catch {
    return undefined;
  }
  const mine = names.filter((name) => name.endsWith(`-${email}.eml`)).sort();
  for (const name of mine.reverse()) {
    const mail = emlText(await readFile(path.join(outboxDir, name), 'utf8'));
    if (mail.headers.has('list-unsubscribe')) continue;
    return /\b(\d{6})\b/.exec(mail.text)?.[1];
  }
  return undefined;
}

/** The 6-digit code in the newest text message (outbox SMS, platform/sms.ts) to an E.164 number. */
export async function latestSmsCode(outboxDir: string, e164: string): Promise<string | undefined> {
  let names: string[];
  try {
    names = await readdir(outboxDir);
  } catch {
    return undefined;
  }
  const newest = names
    .filter((name) => name.endsWith(`-sms-${e164}.txt`))
    .sort()
    .at(-1);
  if (!newest) return undefined;
  return /\b(\d{6})\b/.exec(await readFile(path.join(outboxDir, newest), 'utf8'))?.[1];
}

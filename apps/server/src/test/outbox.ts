import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** Decode the text body of one .eml written by the outbox mailer (single part, quoted-printable or base64). */
export function emlText(eml: string): { to: string; subject: string; text: string } {
  const split = eml.indexOf('\n\n');
  const head = eml.slice(0, split).replace(/\n[ \t]+/g, ' ');
  const body = eml.slice(split + 2);
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  let text = body;
  if (encoding === 'base64') text = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => `%${hex}`);
    text = decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
  }
  const subject = header('Subject').replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_, kind: string, data: string) =>
    kind.toLowerCase() === 'b'
      ? Buffer.from(data, 'base64').toString('utf8')
      : decodeURIComponent(data.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, '%$1')),
  );
  return { to: header('To'), subject, text };
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

/** The 6-digit code in the newest mail to `email`. */
export async function latestCode(outboxDir: string, email: string): Promise<string | undefined> {
  const mail = await latestMail(outboxDir, email);
  return mail ? /\b(\d{6})\b/.exec(mail.text)?.[1] : undefined;
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

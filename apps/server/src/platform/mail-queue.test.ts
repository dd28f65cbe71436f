import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailQueue } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { emlText } from '../test/outbox.ts';
import { createMailer, type Mailer, type MailMessage } from './mail.ts';
import { enqueueMail, MailQueue } from './mail-queue.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A mailer that records what it sends and refuses while `down` is set. */
function recordingMailer() {
  const sent: MailMessage[] = [];
  const mailer: Mailer & { down: boolean; sent: MailMessage[] } = {
    destination: 'test',
    down: false,
    sent,
    async send(message) {
      if (mailer.down) throw new Error('connection refused');
      sent.push(message);
    },
    close() {},
  };
  return mailer;
}

describe('mail queue', () => {
  it('sends only what a committed transaction queued, once, and retries a failed send later', async () => {
    const mailer = recordingMailer();
    const queue = new MailQueue({ db: t.database.db, mailer, now: t.clock.now, log: t.app.log });
    const mail = (n: number) => ({ to: `q${n}@example.com`, subject: `S${n}`, text: `T${n}`, topic: `test:${n}` });
    await t.database.db.transaction(async (tx) => enqueueMail(tx, [mail(1), mail(2)], t.clock.now()));
    await expect(
      t.database.db.transaction(async (tx) => {
        await enqueueMail(tx, [mail(3)], t.clock.now());
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');

    mailer.down = true;
    expect(await queue.deliverDue()).toEqual({ sent: 0, failed: 2 });
    // Not again at once: the claim pushed the next try a minute ahead.
    expect(await queue.deliverDue()).toEqual({ sent: 0, failed: 0 });

    mailer.down = false;
    t.clock.advance(61_000);
    const runs = await Promise.all([queue.deliverDue(), queue.deliverDue()]);
    expect(runs.reduce((sum, run) => sum + run.sent, 0)).toBe(2);
    expect(mailer.sent.map((message) => message.to).sort()).toEqual(['q1@example.com', 'q2@example.com']);
    t.clock.advance(3_600_000);
    expect(await queue.deliverDue()).toEqual({ sent: 0, failed: 0 });
    const rows = await t.database.db.select().from(mailQueue).where(eq(mailQueue.topic, 'test:1'));
    expect(rows).toMatchObject([{ attempts: 2 }]);
    expect(rows[0]!.sentAt).not.toBeNull();
  });
});

/** A real SMTP server on a free port that keeps every message it accepts, whole. */
async function smtpPeer() {
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return { received, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

const INVITE = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Polaris//Activities//EN',
  'METHOD:REQUEST',
  'BEGIN:VEVENT',
  'UID:activity-TEST01@polaris',
  'DTSTAMP:20261126T100000Z',
  'DTSTART:20261201T100000Z',
  'DTEND:20261201T120000Z',
  'SEQUENCE:2',
  'SUMMARY:Builders Night',
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join('\r\n');

describe('queued headers and attachments', () => {
  const queued = (to: string) => ({
    to,
    subject: 'You are going: Builders Night',
    text: 'Your ticket is in the app.',
    topic: `test:invite:${to}`,
    headers: {
      'List-Unsubscribe': '<https://polaris.test/unsubscribe?t=abc>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    attachments: [
      { filename: 'invite.ics', contentType: 'text/calendar; charset=utf-8; method=REQUEST', content: INVITE },
    ],
  });

  /** What a mail client needs to see: the unsubscribe headers, the text, and the invitation as text/calendar. */
  function expectInvitation(raw: string, to: string) {
    const mail = emlText(raw);
    expect(mail.to).toBe(to);
    expect(mail.headers.get('list-unsubscribe')).toBe('<https://polaris.test/unsubscribe?t=abc>');
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(mail.text.trim()).toBe('Your ticket is in the app.');
    const calendars = mail.parts.filter((part) => /^text\/calendar/i.test(part.contentType));
    expect(calendars.length).toBeGreaterThan(0);
    // The alternative part names the iTIP method, as mail clients require to offer "add to calendar".
    expect(calendars.some((part) => /method="?REQUEST"?/i.test(part.contentType))).toBe(true);
    // ... and the same file attached (nodemailer names it application/ics) for clients that only read attachments.
    const file = mail.parts.find((part) => part.filename === 'invite.ics');
    for (const part of [...calendars, file])
      expect(part?.text.replace(/\r\n/g, '\n')).toBe(INVITE.replace(/\r\n/g, '\n'));
  }

  it('sends a queued mail with its List-Unsubscribe headers and calendar invite through SMTP', async () => {
    const smtp = await smtpPeer();
    const mailer = createMailer({
      smtpUrl: smtp.url,
      from: 'Polaris <no-reply@polaris.test>',
      dataDir: '',
      log: t.app.log,
    });
    try {
      const queue = new MailQueue({ db: t.database.db, mailer, now: t.clock.now, log: t.app.log });
      await t.database.db.transaction((tx) => enqueueMail(tx, [queued('invitee@example.com')], t.clock.now()));
      const rows = await t.database.db
        .select()
        .from(mailQueue)
        .where(eq(mailQueue.topic, 'test:invite:invitee@example.com'));
      expect(rows[0]).toMatchObject({ headers: queued('x').headers, attachments: queued('x').attachments });
      expect(await queue.deliverDue()).toEqual({ sent: 1, failed: 0 });
      expect(smtp.received).toHaveLength(1);
      expectInvitation(smtp.received[0]!, 'invitee@example.com');
    } finally {
      mailer.close();
      await smtp.close();
    }
  });

  it('writes the same to the outbox .eml without SMTP', async () => {
    const { mkdtemp } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const dir = await mkdtemp(path.join(tmpdir(), 'outbox-'));
    const mailer = createMailer({ from: 'Polaris <no-reply@polaris.test>', dataDir: dir, log: t.app.log });
    const queue = new MailQueue({ db: t.database.db, mailer, now: t.clock.now, log: t.app.log });
    await t.database.db.transaction((tx) => enqueueMail(tx, [queued('outbox@example.com')], t.clock.now()));
    expect(await queue.deliverDue()).toEqual({ sent: 1, failed: 0 });
    const [file] = await readdir(path.join(dir, 'outbox'));
    expectInvitation(await readFile(path.join(dir, 'outbox', file!), 'utf8'), 'outbox@example.com');
  });
});

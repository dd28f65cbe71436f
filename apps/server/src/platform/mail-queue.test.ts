import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailQueue } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import type { Mailer, MailMessage } from './mail.ts';
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

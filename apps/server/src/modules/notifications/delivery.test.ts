import { API_BASE, type Notice, type NoticePreferences, type NoticeUnread } from '@polaris/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { PushDeliveryService } from './deliveries.service.ts';
import type { NoticeEvent } from './events.ts';
import type { PushMessage, PushSender } from './push.port.ts';

/** Channels after the inbox: preferences, quiet hours, the notice email and its unsubscribe, the push worker. */

let t: TestApp;
type User = { token: string; id: number; email: string };

async function user(email: string): Promise<User> {
  const { token } = await t.register(email);
  const session = await t.services.auth.sessionUser(token);
  return { token, id: session!.id, email };
}

async function rows(statement: ReturnType<typeof sql>) {
  return (await query<Record<string, unknown>>(t.database.db, statement)).rows;
}

const deposit = (key: string, userIds: number[], over: Partial<NoticeEvent> = {}): NoticeEvent => ({
  kind: 'depositCredited',
  key,
  userIds,
  params: { amount: '5 USDT' },
  link: '/pages/wallet/index',
  ...over,
});

async function noticeOf(userId: number, key: string) {
  const [row] = await rows(sql`select id, read_at from notices where user_id = ${userId} and key = ${key}`);
  return row as { id: string | number; read_at: Date | string | null } | undefined;
}

/** The notice mails of a key, once the mail worker's first step has written what is due into the mail queue. */
async function mailsOf(userId: number, key: string) {
  await t.services.notifications.mails.queueAll();
  return (await rows(
    sql`select m.recipient, m.subject, m.body, m.headers, m.attachments from mail_queue m
        join notices n on m.topic = 'notice:' || n.id where n.user_id = ${userId} and n.key = ${key}`,
  )) as {
    recipient: string;
    subject: string;
    body: string;
    headers: Record<string, string> | null;
    attachments: unknown[] | null;
  }[];
}

async function deliveriesOf(userId: number, key: string, channel = 'push') {
  return (await rows(
    sql`select d.next_attempt_at, d.done_at, d.outcome, d.attempts from notice_deliveries d
        join notices n on n.id = d.notice_id where n.user_id = ${userId} and n.key = ${key} and d.channel = ${channel}`,
  )) as { next_attempt_at: Date | string; done_at: Date | string | null; outcome: string | null; attempts: number }[];
}

function setPreferences(token: string, body: Record<string, unknown>) {
  return t.call<NoticePreferences>('POST', '/notice/preferences', { token, body });
}

const METRICS_TOKEN = 'notice-metrics-token-0123456789';

beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_TOKEN } });
});

async function backlog(): Promise<number | undefined> {
  const response = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const line = response.body.split('\n').find((l) => l.startsWith('polaris_job_backlog{queue="notice"}'));
  return line === undefined ? undefined : Number(line.split(' ')[1]);
}
afterAll(async () => {
  await t.close();
});

describe('preferences per channel', () => {
  it('turns channels off: push off means no delivery, email off no mail, in-app off a row already read', async () => {
    const eve = await user('prefs-eve@example.com');
    const changed = await setPreferences(eve.token, {
      channels: [
        { category: 'wallet', channel: 'push', enabled: false },
        { category: 'wallet', channel: 'email', enabled: false },
        { category: 'wallet', channel: 'inapp', enabled: false },
        { category: 'chat', channel: 'email', enabled: true },
        { category: 'security', channel: 'inapp', enabled: false },
      ],
    });
    expect(changed.status).toBe(200);
    expect(changed.attachment.channels.wallet).toEqual({ inapp: false, push: false, email: false });
    expect(changed.attachment.channels.chat).toEqual({ inapp: true, push: true, email: true });
    // Security notices always stay in the inbox.
    expect(changed.attachment.channels.security.inapp).toBe(true);

    await t.services.notifications.notify([deposit('depositCredited:prefs-1', [eve.id])]);
    const row = await noticeOf(eve.id, 'depositCredited:prefs-1');
    expect(row?.read_at).not.toBeNull();
    expect(await mailsOf(eve.id, 'depositCredited:prefs-1')).toEqual([]);
    expect(await deliveriesOf(eve.id, 'depositCredited:prefs-1')).toEqual([]);
    const unread = await t.call<NoticeUnread>('GET', '/notice/unread', { token: eve.token });
    expect(unread.attachment.total).toBe(0);
    const list = await t.call<{ items: Notice[] }>('GET', '/notice/list', { token: eve.token });
    expect(list.attachment.items.map((item) => [item.kind, item.read])).toEqual([['depositCredited', true]]);

    // Security stays in the inbox unread whatever was asked.
    await t.services.notifications.notify([
      { kind: 'passwordChanged', key: 'passwordChanged:prefs-2', userIds: [eve.id], params: {}, link: null },
    ]);
    expect((await noticeOf(eve.id, 'passwordChanged:prefs-2'))?.read_at).toBeNull();
  });

  it('keeps what is not named, and refuses a time zone that does not exist', async () => {
    const fay = await user('prefs-fay@example.com');
    await setPreferences(fay.token, { channels: [{ category: 'bounty', channel: 'push', enabled: false }] });
    const quiet = await setPreferences(fay.token, {
      quietHours: { start: '22:30', end: '07:00' },
      timezone: 'Europe/Berlin',
    });
    expect(quiet.attachment).toMatchObject({ quietHours: { start: '22:30', end: '07:00' }, timezone: 'Europe/Berlin' });
    expect(quiet.attachment.channels.bounty.push).toBe(false);

    const bad = await setPreferences(fay.token, { timezone: 'Mars/Olympus', quietHours: null });
    expect(bad.status).toBe(400);
    expect(bad.attachment).toEqual([{ field: 'timezone', message: 'Not a known time zone' }]);
    const badClock = await setPreferences(fay.token, { quietHours: { start: '24:00', end: '07:00' } });
    expect(badClock.status).toBe(400);
    const kept = await t.call<NoticePreferences>('GET', '/notice/preferences', { token: fay.token });
    expect(kept.attachment.quietHours).toEqual({ start: '22:30', end: '07:00' });

    const none = await setPreferences(fay.token, { quietHours: null });
    expect(none.attachment.quietHours).toBeNull();
    expect(none.attachment.timezone).toBe('Europe/Berlin');
  });
});

describe('quiet hours', () => {
  it('holds push, when it would go, until the end of the recipient’s quiet hours in their zone; others at once', async () => {
    const gus = await user('quiet-gus@example.com');
    const hal = await user('quiet-hal@example.com');
    const zone = 'America/New_York';
    const minuteOfDay = (date: Date) => {
      const [h, m] = new Intl.DateTimeFormat('en-GB', {
        timeZone: zone,
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      })
        .format(date)
        .split(':')
        .map(Number) as [number, number];
      return h * 60 + m;
    };
    const clock = (minutes: number) =>
      `${String(Math.floor(minutes / 60) % 24).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    const now = minuteOfDay(t.clock.now());
    // Quiet from an hour ago to two hours from now, in New York.
    const end = (now + 120) % 1440;
    await setPreferences(gus.token, {
      quietHours: { start: clock((now + 1380) % 1440), end: clock(end) },
      timezone: zone,
    });
    const before = t.clock.now();
    await t.services.notifications.notify([deposit('depositCredited:quiet-1', [gus.id, hal.id])]);
    const sent: number[] = [];
    const worker = new PushDeliveryService({
      db: t.database.db,
      now: t.clock.now,
      log: t.app.log,
      push: {
        available: () => ({ web: true, native: false }),
        async send(userId) {
          sent.push(userId);
          return 'sent';
        },
      },
    });
    await worker.deliverDue(1000);
    const after = t.clock.now();

    // Gus's push waits for the end of his quiet hours, the attempt not counted; Hal's went.
    const [held] = await deliveriesOf(gus.id, 'depositCredited:quiet-1');
    expect(held).toMatchObject({ done_at: null, attempts: 0, outcome: 'quiet hours' });
    const goes = new Date(held!.next_attempt_at);
    expect(goes.getTime()).toBeGreaterThan(after.getTime() + 100 * 60_000);
    expect(goes.getTime()).toBeLessThanOrEqual(before.getTime() + 120 * 60_000);
    expect(minuteOfDay(goes)).toBe(end);
    expect(goes.getUTCSeconds()).toBe(0);
    expect(sent).toContain(hal.id);
    expect(sent).not.toContain(gus.id);
    expect((await deliveriesOf(hal.id, 'depositCredited:quiet-1'))[0]).toMatchObject({ outcome: 'sent', attempts: 1 });
    // Nothing more until then.
    await worker.deliverDue(1000);
    expect(sent.filter((id) => id === gus.id)).toEqual([]);
    // The inbox and email do not wait.
    expect(await mailsOf(gus.id, 'depositCredited:quiet-1')).toHaveLength(1);
    // Once they end, it goes.
    t.clock.advance(goes.getTime() - t.clock.now().getTime() + 1000);
    await worker.deliverDue(1000);
    expect(sent).toContain(gus.id);
    expect((await deliveriesOf(gus.id, 'depositCredited:quiet-1'))[0]).toMatchObject({ outcome: 'sent', attempts: 1 });
  });
});

describe('the notice email', () => {
  it('is written in the user’s language with an open link, attachments and RFC 8058 headers', async () => {
    const ivy = await user('mail-ivy@example.com');
    const invite = { filename: 'invite.ics', contentType: 'text/calendar; method=REQUEST', content: 'BEGIN:VCALENDAR' };
    await t.services.notifications.notify([deposit('depositCredited:mail-1', [ivy.id], { attachments: [invite] })]);
    const [mail] = await mailsOf(ivy.id, 'depositCredited:mail-1');
    expect(mail?.recipient).toBe(ivy.email);
    // Never opened the app's inbox: the default language, Traditional Chinese.
    expect(mail?.subject).toBe('充值已到帳');
    expect(mail?.body).toContain('/#/pages/wallet/index');
    expect(mail?.attachments).toEqual([invite]);
    const unsubscribe = /^<(https?:\/\/[^>]+)>$/.exec(mail?.headers?.['List-Unsubscribe'] ?? '')?.[1];
    expect(unsubscribe).toContain(`${API_BASE}/notice/unsubscribe?token=`);
    expect(mail?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail?.body).toContain(unsubscribe);

    // After reading the inbox in English, mail comes in English.
    await t.call('GET', '/notice/unread', { token: ivy.token, locale: 'en_US' });
    await t.services.notifications.notify([deposit('depositCredited:mail-2', [ivy.id])]);
    const [english] = await mailsOf(ivy.id, 'depositCredited:mail-2');
    expect(english?.subject).toBe('Deposit received');
    expect(english?.body).toMatch(/^5 USDT is now in your wallet\./);
  });

  it('unsubscribes in one click: the GET page changes nothing, the form POST turns that category’s email off', async () => {
    const jon = await user('mail-jon@example.com');
    await t.services.notifications.notify([deposit('depositCredited:unsub-1', [jon.id])]);
    const [mail] = await mailsOf(jon.id, 'depositCredited:unsub-1');
    const url = new URL(/^<([^>]+)>$/.exec(mail!.headers!['List-Unsubscribe']!)![1]!);
    const path = `${url.pathname}${url.search}`;

    const page = await t.app.inject({ method: 'GET', url: path, headers: { locale: 'en_US' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<form method="post"');
    // Jon never read the inbox: the page speaks the browser's language.
    expect(page.body).toContain('<h1>Stop Wallet emails?</h1>');
    let prefs = await t.call<NoticePreferences>('GET', '/notice/preferences', { token: jon.token });
    expect(prefs.attachment.channels.wallet.email).toBe(true);

    const click = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(click.statusCode).toBe(200);
    // A mail client names no language: the default one, Traditional Chinese.
    expect(click.body).toContain('你將不再收到「錢包」郵件。');
    prefs = await t.call<NoticePreferences>('GET', '/notice/preferences', { token: jon.token });
    expect(prefs.attachment.channels.wallet.email).toBe(false);
    expect(prefs.attachment.channels.activity.email).toBe(true);

    await t.services.notifications.notify([deposit('depositCredited:unsub-2', [jon.id])]);
    expect(await mailsOf(jon.id, 'depositCredited:unsub-2')).toEqual([]);
    // A second click (the mail client retries) answers the same.
    const again = await t.app.inject({ method: 'POST', url: path, payload: { 'List-Unsubscribe': 'One-Click' } });
    expect(again.statusCode).toBe(200);
  });

  it('refuses a link that is not genuine with 400 naming token, and form bodies elsewhere as before', async () => {
    const kim = await user('mail-kim@example.com');
    const good = new URL(t.services.notifications.unsubscribeUrl(kim.id, 'wallet')).searchParams.get('token')!;
    const forged = good.replace('.wallet.', '.security.');
    for (const token of ['garbage', forged, `${kim.id + 1}${good.slice(String(kim.id).length)}`]) {
      for (const method of ['GET', 'POST'] as const) {
        const answer = await t.app.inject({
          method,
          url: `${API_BASE}/notice/unsubscribe?token=${encodeURIComponent(token)}`,
          headers: { locale: 'en_US' },
        });
        expect(answer.statusCode).toBe(200);
        const json = answer.json() as { status: number; attachment: { field: string; message: string }[] };
        expect(json.status).toBe(400);
        expect(json.attachment[0]).toEqual({ field: 'token', message: 'This link is not valid' });
      }
    }
    const missing = await t.app.inject({ method: 'POST', url: `${API_BASE}/notice/unsubscribe` });
    expect((missing.json() as { status: number }).status).toBe(400);
    const prefs = await t.call<NoticePreferences>('GET', '/notice/preferences', { token: kim.token });
    expect(prefs.attachment.channels.security.email).toBe(true);

    const form = await t.app.inject({
      method: 'POST',
      url: `${API_BASE}/notice/read`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', token: kim.token },
      payload: 'all=true',
    });
    expect((form.json() as { status: number; attachment: { field: string }[] }).attachment[0]?.field).toBe('body');
  });
});

describe('the push worker', () => {
  it('sends due deliveries in the user’s language, retries failures and hangs with backoff, skips what was read', async () => {
    const lea = await user('push-lea@example.com');
    const max = await user('push-max@example.com');
    const ned = await user('push-ned@example.com');
    const ola = await user('push-ola@example.com');
    const pia = await user('push-pia@example.com');
    // Pia keeps wallet notices out of the inbox but wants them pushed.
    await setPreferences(pia.token, { channels: [{ category: 'wallet', channel: 'inapp', enabled: false }] });
    const sent: { userId: number; message: PushMessage }[] = [];
    let maxFails = true;
    const sender: PushSender = {
      available: () => ({ web: true, native: false }),
      async send(userId, message) {
        if (userId === ned.id) return 'none';
        if (userId === ola.id) return new Promise(() => {}); // hangs
        if (userId === max.id && maxFails) throw new Error('push service down');
        sent.push({ userId, message });
        return 'sent';
      },
    };
    const worker = new PushDeliveryService({
      db: t.database.db,
      now: t.clock.now,
      log: t.app.log,
      push: sender,
      sendTimeoutMs: 200,
    });
    await t.call('GET', '/notice/unread', { token: lea.token, locale: 'en_US' });
    const key = 'depositCredited:push-1';
    await t.services.notifications.notify([deposit(key, [lea.id, max.id, ned.id, ola.id, pia.id])]);
    // A read notice is not pushed any more.
    await t.services.notifications.notify([deposit('depositCredited:push-2', [lea.id])]);
    const readOne = await noticeOf(lea.id, 'depositCredited:push-2');
    await t.call('POST', '/notice/read', { token: lea.token, body: { ids: [String(readOne!.id)] } });

    expect(await backlog()).toBeGreaterThanOrEqual(5);
    await worker.deliverDue(1000);
    // What failed waits for its backoff; nothing else is due once the mail worker has written the mails.
    expect(await backlog()).toBeGreaterThan(0);
    await t.services.notifications.mails.queueAll();
    expect(await backlog()).toBe(0);
    const mine = sent.filter(
      (entry) => entry.message.tag.startsWith('depositCredited:push-') && entry.userId !== pia.id,
    );
    expect(mine).toEqual([
      {
        userId: lea.id,
        message: {
          title: 'Deposit received',
          body: '5 USDT is now in your wallet.',
          link: '/pages/wallet/index',
          tag: key,
          kind: 'depositCredited',
          noticeId: Number((await noticeOf(lea.id, key))!.id),
        },
      },
    ]);
    expect((await deliveriesOf(lea.id, key))[0]).toMatchObject({ outcome: 'sent', attempts: 1 });
    expect((await deliveriesOf(pia.id, key))[0]).toMatchObject({ outcome: 'sent', attempts: 1 });
    expect((await deliveriesOf(lea.id, 'depositCredited:push-2'))[0]).toMatchObject({ outcome: 'read' });
    expect((await deliveriesOf(ned.id, key))[0]).toMatchObject({ outcome: 'none' });
    const [failed] = await deliveriesOf(max.id, key);
    expect(failed).toMatchObject({ done_at: null, outcome: 'push service down', attempts: 1 });
    expect(new Date(failed!.next_attempt_at).getTime()).toBeGreaterThan(t.clock.now().getTime());
    expect((await deliveriesOf(ola.id, key))[0]).toMatchObject({ done_at: null, attempts: 1 });

    // Nothing is due until the backoff passes; then the failed one goes.
    await worker.deliverDue(1000);
    expect((await deliveriesOf(max.id, key))[0]?.attempts).toBe(1);
    maxFails = false;
    t.clock.advance(61_000);
    await worker.deliverDue(1000);
    expect((await deliveriesOf(max.id, key))[0]).toMatchObject({ outcome: 'sent', attempts: 2 });
    expect(sent.some((entry) => entry.userId === max.id && entry.message.tag === key)).toBe(true);
  });
});

describe('forgetting an account', () => {
  it('deletes its notices with their push and email deliveries (no foreign key cascades them)', async () => {
    const quinn = await user('forget-quinn@example.com');
    const rae = await user('forget-rae@example.com');
    await t.services.notifications.notify([deposit('depositCredited:forget-1', [quinn.id, rae.id])]);
    const count = async (userId: number) =>
      (await rows(
        sql`select d.channel from notice_deliveries d join notices n on n.id = d.notice_id
            where n.user_id = ${userId} order by d.channel`,
      )) as { channel: string }[];
    expect(await count(quinn.id)).toEqual([{ channel: 'email' }, { channel: 'push' }]);
    const ids = await rows(sql`select id from notices where user_id = ${quinn.id}`);
    await t.database.db.transaction((tx) => t.services.notifications.forgetUser(tx, quinn.id));
    const left = await rows(
      sql`select count(*)::int as n from notice_deliveries where notice_id = any(${`{${ids.map((row) => row.id).join(',')}}`}::bigint[])`,
    );
    expect(left[0]?.n).toBe(0);
    expect(await count(rae.id)).toHaveLength(2);
  });
});

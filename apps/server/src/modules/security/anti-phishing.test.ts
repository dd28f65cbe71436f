import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  LANGUAGES,
  type Language,
  MESSAGES,
  NOTICE_CATEGORIES,
  NOTICE_KINDS,
  type NoticeKind,
} from '@polaris/contract';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { antiPhishingLine } from '../../platform/mail-stamp.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { emlText } from '../../test/outbox.ts';
import { createActivity, host } from '../activity/activity-fixtures.ts';
import type { AnyCodePurpose } from '../auth/service.ts';
import type { NoticeEvent } from '../notifications/events.ts';

/**
 * The anti-phishing code (docs/security-centre.md): set with a mailed code (and the authenticator's while it is
 * on), it is the first line of every mail to the account, read back from the .eml files the outbox mailer wrote.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

let counter = 0;
const address = (name: string) => `${name}-${counter++}@example.com`;

type Mail = ReturnType<typeof emlText>;

/** Every mail the outbox holds for `email`, oldest first, once the mail queue has sent what is due. */
async function mailsTo(email: string): Promise<Mail[]> {
  while ((await t.services.mailQueue.deliverDue()).sent > 0) {}
  let names: string[] = [];
  try {
    names = (await readdir(t.outbox)).filter((name) => name.endsWith(`-${email}.eml`)).sort();
  } catch {}
  return Promise.all(names.map(async (name) => emlText(await readFile(path.join(t.outbox, name), 'utf8'))));
}

/** Mails to `email` written after `before` of them. */
async function newMailsTo(email: string, before: number): Promise<Mail[]> {
  return (await mailsTo(email)).slice(before);
}

const firstLine = (mail: Mail) => mail.text.split('\n')[0];

/**
 * The mail starts with the code's line (in both languages for a mail written in both) and a blank line, and names
 * the code nowhere else (body, subject, headers).
 */
function expectStamped(mail: Mail, code: string, language: Language | null) {
  expect(firstLine(mail), `${mail.subject}: ${mail.text}`).toBe(antiPhishingLine(code, language));
  expect(mail.text.split('\n')[1]).toBe('');
  expect(mail.text.split(code)).toHaveLength(language === null ? 3 : 2);
  expect(mail.subject).not.toContain(code);
  for (const [name, value] of mail.headers) expect(value, name).not.toContain(code);
}

function expectUnstamped(mail: Mail) {
  for (const language of LANGUAGES) {
    const label = antiPhishingLine('CODE', language).replace('CODE', '');
    expect(mail.text, mail.subject).not.toContain(label.trim());
  }
}

async function account(name: string) {
  const email = address(name);
  const { token } = await t.register(email);
  const id = (await t.services.auth.sessionUser(token))!.id;
  return { email, token, id };
}

async function mailedCode(token: string, email: string): Promise<string> {
  t.clock.advance(61_000); // past the resend interval of the last code
  expect((await t.call('POST', '/user/antiPhishing/vcode', { token })).status).toBe(200);
  return (await t.code(email))!;
}

async function setCode(user: { token: string; email: string }, code: string | null, totp?: string) {
  const vcode = await mailedCode(user.token, user.email);
  return t.call('POST', '/user/antiPhishing/change', { token: user.token, body: { code, vcode, totp } });
}

const status = async (token: string) =>
  (
    await t.call<{ set: boolean; masked: string | null; updatedAt: string | null }>(
      'GET',
      '/user/antiPhishing/status',
      { token },
    )
  ).attachment;

describe('setting the code', () => {
  it('sets it with a mailed code, shows it only masked, changes it and removes it', async () => {
    const ann = await account('ann');
    expect(await status(ann.token)).toEqual({ set: false, masked: null, updatedAt: null });
    expect((await setCode(ann, 'Orchid42')).status).toBe(200);
    expect(await status(ann.token)).toMatchObject({ set: true, masked: 'Or****42' });
    expect((await setCode(ann, 'kiwi')).status).toBe(200);
    expect((await status(ann.token)).masked).toBe('k****i');
    expect((await setCode(ann, null)).status).toBe(200);
    expect((await status(ann.token)).set).toBe(false);
  });

  it('refuses a code that is not 4-20 letters and digits with a letter, naming the field', async () => {
    const ann = await account('refused');
    const vcode = await mailedCode(ann.token, ann.email);
    const bad = [
      '',
      'ab1',
      'a'.repeat(21),
      '123456', // all digits: could be taken for the sign-in code beside it
      'two words',
      'evil.com',
      'https://x',
      'Orchid42\r\nBcc: victim@example.com',
      'tab\there',
      'Ünïcode1',
      '<b>bold</b>',
      '防釣魚碼',
    ];
    for (const code of bad) {
      const answer = await t.call('POST', '/user/antiPhishing/change', { token: ann.token, body: { code, vcode } });
      expect(answer.status, JSON.stringify(code)).toBe(400);
      expect(answer.attachment, JSON.stringify(code)).toEqual([expect.objectContaining({ field: 'code' })]);
    }
    // The mailed code was not spent by the refusals: a good code passes with it.
    const good = await t.call('POST', '/user/antiPhishing/change', {
      token: ann.token,
      body: { code: 'Orchid42', vcode },
    });
    expect(good.status).toBe(200);
  });

  it('refuses without the mailed code or with a wrong one, naming vcode, and changes nothing', async () => {
    const ann = await account('novcode');
    const missing = await t.call('POST', '/user/antiPhishing/change', { token: ann.token, body: { code: 'Orchid42' } });
    expect(missing.status).toBe(400);
    expect(missing.attachment).toEqual([expect.objectContaining({ field: 'vcode' })]);
    const vcode = await mailedCode(ann.token, ann.email);
    const wrong = String((Number(vcode) + 1) % 1_000_000).padStart(6, '0');
    const refused = await t.call('POST', '/user/antiPhishing/change', {
      token: ann.token,
      body: { code: 'Orchid42', vcode: wrong },
    });
    expect(refused.status).toBe(400);
    expect(refused.attachment).toEqual([expect.objectContaining({ field: 'vcode' })]);
    expect((await status(ann.token)).set).toBe(false);
  });

  it('asks for the authenticator code while it is on: refused without or with a wrong one, set with it', async () => {
    const ann = await account('totp');
    const { secret } = (await t.call<{ secret: string }>('POST', '/user/gauth/enrol', { token: ann.token })).attachment;
    const codeNow = () => generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) });
    expect(
      (await t.call('POST', '/user/gauth/confirm', { token: ann.token, body: { totp: await codeNow() } })).status,
    ).toBe(200);
    t.clock.advance(30_000);
    const vcode = await mailedCode(ann.token, ann.email);
    const send = (totp?: string) =>
      t.call('POST', '/user/antiPhishing/change', { token: ann.token, body: { code: 'Orchid42', vcode, totp } });
    expect((await send()).status).toBe(468);
    const right = await codeNow();
    expect((await send(right === '000000' ? '111111' : '000000')).status).toBe(468);
    expect((await status(ann.token)).set).toBe(false);
    expect((await send(await codeNow())).status).toBe(200);
    expect((await status(ann.token)).masked).toBe('Or****42');
  });
});

describe('every mail the product sends', () => {
  /** Every notice kind that can reach a mailbox: each category's email can be switched on, so all of them. */
  const kinds = Object.keys(NOTICE_KINDS) as NoticeKind[];
  /** Every purpose a sign-in or confirmation code is mailed for: each has its words in the mail catalogue. */
  const purposes = Object.keys(MESSAGES.en.mail.purpose) as AnyCodePurpose[];
  const params = { title: 'Meetup', amount: '5 USDT', name: 'Olivia', asset: 'USDT', count: 2, room: 'Lobby' };
  const invite = {
    filename: 'invite.ics',
    contentType: 'text/calendar; charset=utf-8; method=REQUEST',
    content: 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nMETHOD:REQUEST\r\nEND:VCALENDAR\r\n',
  };

  /** Sends one mail of every kind to `user`; answers each with what it is and the language it is written in. */
  async function everyMail(user: { email: string; token: string; id: number }) {
    const sent: { what: string; language: Language | 'notice' | null }[] = [];
    const at = async (what: string, language: Language | 'notice' | null, send: () => Promise<unknown>) => {
      const before = (await mailsTo(user.email)).length;
      await send();
      const written = await newMailsTo(user.email, before);
      expect(written.length, what).toBe(1);
      sent.push({ what, language });
      return written[0]!;
    };
    const mails: Mail[] = [];
    for (const purpose of purposes.filter((purpose) => purpose !== 'signup')) {
      for (const language of LANGUAGES) {
        t.clock.advance(61_000);
        mails.push(
          await at(`code:${purpose}:${language}`, language, () =>
            t.services.auth.sendCode(user.email, purpose, language),
          ),
        );
      }
    }
    // Every notice kind, through the notices' mail writer and the mail queue; blasts, receipts and a calendar
    // invite among them.
    for (const kind of kinds) {
      mails.push(
        await at(`notice:${kind}`, 'notice', () =>
          t.services.notifications.deliver([
            {
              kind,
              key: `${kind}:phishing:${counter++}`,
              userIds: [user.id],
              params,
              link: '/pages/wallet/index',
              ...(kind === 'activityChanged' ? { attachments: [invite] } : {}),
            } satisfies NoticeEvent,
          ]),
        ),
      );
    }
    // An invitation to an activity, written in English and Chinese both.
    const olivia = await host(t, address('inviter'));
    const activity = await createActivity(t, olivia);
    const oliviaId = (await t.services.auth.sessionUser(olivia.token))!.id;
    mails.push(
      await at('invitation', null, () =>
        t.services.activity.invitations.invite({ id: oliviaId }, { activityId: activity.id, emails: [user.email] }),
      ),
    );
    // The address book's confirmation links: adding an address, and turning the allowlist off (once it is on).
    const book = (route: string, language: Language, body: Record<string, unknown>) => async () => {
      const answer = await t.call('POST', route, { token: user.token, locale: language, body });
      expect(answer.status, `${route}: ${answer.msg}`).toBe(200);
    };
    for (const [index, language] of LANGUAGES.entries()) {
      const address = { chainId: 201, address: `0x${String(index + 1).padStart(40, 'a')}`, label: language };
      mails.push(await at(`addressBook:add:${language}`, language, book('/wallet/addressBook/add', language, address)));
    }
    await book('/wallet/addressBook/allowlist', 'en', { enabled: true })();
    mails.push(
      await at('addressBook:allowlistOff', 'en', book('/wallet/addressBook/allowlist', 'en', { enabled: false })),
    );
    return { mails, sent };
  }

  async function mailsEverywhere() {
    const user = await account('everything');
    // Email on for every category, so every kind of notice is mailed.
    const channels = NOTICE_CATEGORIES.map((category) => ({ category, channel: 'email', enabled: true }));
    expect((await t.call('POST', '/notice/preferences', { token: user.token, body: { channels } })).status).toBe(200);
    return user;
  }

  it('carries the code as its first line, in its own language, and nowhere else', async () => {
    const user = await mailsEverywhere();
    expect((await setCode(user, 'Orchid42')).status).toBe(200);
    const { mails, sent } = await everyMail(user);
    expect(sent.length).toBe((purposes.length - 1) * LANGUAGES.length + kinds.length + 1 + LANGUAGES.length + 1);
    mails.forEach((mail, index) => {
      const { language } = sent[index]!;
      if (language === 'notice') {
        // Written in the language the reader reads in now: the line is in one of them, and the mail's.
        expect(
          LANGUAGES.map((each) => antiPhishingLine('Orchid42', each)),
          mail.text,
        ).toContain(firstLine(mail));
        const lineLanguage = LANGUAGES.find((each) => antiPhishingLine('Orchid42', each) === firstLine(mail))!;
        expectStamped(mail, 'Orchid42', lineLanguage);
      } else expectStamped(mail, 'Orchid42', language);
    });
    // The calendar invite still goes out as one, beside the stamped text.
    const changed = mails[sent.findIndex((each) => each.what === 'notice:activityChanged')]!;
    expect(changed.parts.some((part) => /^text\/calendar/i.test(part.contentType))).toBe(true);
  });

  it('carries no line for an account without a code, nor for an address with no account', async () => {
    const user = await mailsEverywhere();
    const { mails } = await everyMail(user);
    for (const mail of mails) expectUnstamped(mail);
    // A sign-up code goes to an address that is no account yet: no code to show.
    const stranger = address('stranger');
    await t.services.auth.sendCode(stranger, 'signup', 'en');
    const [mail] = await mailsTo(stranger);
    expectUnstamped(mail!);
  });

  it('takes the code of now: a mail queued before a change carries the new code', async () => {
    const user = await mailsEverywhere();
    expect((await setCode(user, 'Orchid42')).status).toBe(200);
    await t.services.notifications.deliver([
      { kind: 'depositCredited', key: `deposit:queued:${counter++}`, userIds: [user.id], params, link: null },
    ]);
    await t.services.notifications.mails.queueAll();
    const before = (await readdir(t.outbox)).filter((name) => name.endsWith(`-${user.email}.eml`)).length;
    expect((await setCode(user, 'Lotus77')).status).toBe(200);
    const mails = await newMailsTo(user.email, before + 1); // after the code mail setCode asked for
    expect(mails).toHaveLength(1);
    expect(firstLine(mails[0]!)).toContain('Lotus77');
  });
});

describe('no mail leaves around the stamp', () => {
  const serverSrc = path.resolve(import.meta.dirname, '../..');

  async function sources(dir: string): Promise<string[]> {
    const entries = await readdir(dir, { withFileTypes: true });
    const nested = await Promise.all(
      entries.map((entry) => {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) return sources(full);
        return Promise.resolve(entry.name.endsWith('.ts') && !entry.name.includes('.test.') ? [full] : []);
      }),
    );
    return nested.flat();
  }

  /**
   * A mail is built in one of these files, and each hands it to the platform's mailer (the stamping one) or the
   * mail queue (sent through it). A new file that builds or sends mail must be added here, with a case above
   * rendering its mail with a code.
   */
  const MAIL_WRITERS = [
    'modules/activity/invitations.service.ts',
    'modules/auth/service.ts',
    'modules/notifications/notice-mail.ts',
    'modules/wallet/address-book.service.ts',
    'platform/mail-queue.ts',
  ];

  it('sends mail only from the known writers, and only through the stamping mailer', async () => {
    const writers: string[] = [];
    const mailers: string[] = [];
    const nodemailers: string[] = [];
    for (const file of await sources(serverSrc)) {
      const text = await readFile(file, 'utf8');
      const relative = path.relative(serverSrc, file);
      if (/mailer\.send\(|enqueueMail\(/.test(text)) writers.push(relative);
      if (/createMailer\(/.test(text) && relative !== 'platform/mail.ts') mailers.push(relative);
      if (/from 'nodemailer'/.test(text)) nodemailers.push(relative);
    }
    expect(writers.sort()).toEqual(MAIL_WRITERS);
    // The one mailer is built in the platform and wrapped at once by the stamping mailer.
    expect(mailers).toEqual(['app-platform.ts']);
    expect(nodemailers).toEqual(['platform/mail.ts']);
    const platform = await readFile(path.join(serverSrc, 'app-platform.ts'), 'utf8');
    expect(platform).toMatch(/new StampingMailer\(\s*options\.mailer \?\?\s*createMailer\(/);
  });
});

import { describe, expect, it } from 'vitest';
import type { Mailer, MailMessage } from './mail.ts';
import { antiPhishingLine, StampingMailer, stampMail } from './mail-stamp.ts';

const message: MailMessage = {
  to: 'ann@example.com',
  subject: 'Your verification code is 123456',
  text: 'Your verification code to log in is 123456.',
  headers: { 'List-Unsubscribe': '<https://example.com/u>' },
  language: 'zh-Hant',
};

describe('stampMail', () => {
  it('writes the code first, in the mail’s language, and changes nothing else', () => {
    const stamped = stampMail(message, 'Orchid42');
    expect(stamped.text).toBe(`防釣魚碼：Orchid42\n\n${message.text}`);
    expect({ ...stamped, text: message.text }).toEqual(message);
  });

  it('writes both languages for a mail written in both', () => {
    expect(antiPhishingLine('Orchid42', undefined)).toBe('Anti-phishing code: Orchid42 / 防釣魚碼：Orchid42');
  });

  it('leaves out a code that could change the mail’s structure (it is refused when set; this is the last guard)', () => {
    for (const code of [
      'Orchid42\r\nBcc: x@example.com',
      'a b c d',
      'https://evil.example',
      '',
      '1234',
      'a'.repeat(21),
    ]) {
      expect(stampMail(message, code), JSON.stringify(code)).toEqual(message);
    }
    expect(stampMail(message, null)).toEqual(message);
  });
});

describe('StampingMailer', () => {
  it('asks for the recipient’s code at each send, and refuses to send before it is connected', async () => {
    const sent: MailMessage[] = [];
    const inner: Mailer = { destination: 'memory', send: async (mail) => void sent.push(mail), close: () => {} };
    const mailer = new StampingMailer(inner);
    await expect(mailer.send(message)).rejects.toThrow(/not connected/);
    expect(sent).toEqual([]);
    const codes = new Map([['ann@example.com', 'Orchid42']]);
    mailer.stampWith(async (email) => codes.get(email) ?? null);
    await mailer.send(message);
    await mailer.send({ ...message, to: 'stranger@example.com' });
    expect(sent.map((mail) => mail.text.split('\n')[0])).toEqual(['防釣魚碼：Orchid42', message.text]);
  });
});

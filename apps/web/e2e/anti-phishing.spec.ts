import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { latestMail } from '../../server/src/test/outbox.ts';
import { accountByApi, codeFor, logInAs, outboxDir, shotsFolder, speakFromNextLoad, test } from './support.ts';

/** Axe on the screen at rest: a toast fading out (signed in, code sent) is no part of it. */
async function axeClean(page: Page, where: string) {
  await expect(page.locator('.adm-toast-mask')).toHaveCount(0, { timeout: 10_000 });
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${where}: ${v.id} ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
}

/** The newest mail to `email` once it is not `previous` (its subject and text), as a person waits for the mail. */
async function nextMail(email: string, previousText: string | undefined) {
  let mail: Awaited<ReturnType<typeof latestMail>>;
  await expect
    .poll(
      async () => {
        mail = await latestMail(outboxDir(), email);
        return mail !== undefined && mail.text !== previousText;
      },
      { timeout: 10_000, intervals: [100] },
    )
    .toBe(true);
  return mail!;
}

// Mei reads what the anti-phishing code is in the security centre, sets "Orchid42" with the code mailed to her
// (the mail that proves it does not carry the code yet: none is set), and finds "Anti-phishing code: Orchid42" as
// the first line of the next mail we send her; in Traditional Chinese the line is in Chinese. At 390 px, axe clean.
test('anti-phishing code: set it in the security centre and find it in the next mail', async ({ page }) => {
  const shots = shotsFolder('anti-phishing');
  const shot = (name: string, on: Page = page) =>
    on.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
  const mei = await accountByApi(page.request, 'phish-mei');
  await logInAs(page, mei.email);

  await page.goto('/#/pages/my/security-center/index');
  await expect(page.getByTestId('security-anti-phishing')).toContainText('Not set');
  await page.getByTestId('security-anti-phishing').click();
  await expect(page.getByTestId('anti-phishing-explain')).toContainText('first line of every email');
  await expect(page.getByTestId('anti-phishing-explain')).toContainText('We will never ask you for this code');
  await expect(page.getByTestId('anti-phishing-remove')).toHaveCount(0);
  await axeClean(page, 'anti-phishing en');
  await shot('01-anti-phishing-en');

  // A code a link could be made of is refused under its field, before anything is sent.
  await page.getByTestId('anti-phishing-code').fill('evil.com');
  await page.getByTestId('anti-phishing-save').click();
  await expect(page.getByTestId('anti-phishing-code-error')).toContainText('4-20 letters and digits');

  await page.getByTestId('anti-phishing-code').fill('Orchid42');
  await expect(page.getByTestId('anti-phishing-preview')).toHaveText(
    'Our emails will start with: Anti-phishing code: Orchid42',
  );
  const before = await latestMail(outboxDir(), mei.email);
  await page.getByTestId('anti-phishing-send-code').click();
  const vcode = await codeFor(mei.email, /\b(\d{6})\b/.exec(before?.text ?? '')?.[1]);
  const proof = await latestMail(outboxDir(), mei.email);
  expect(proof!.text).not.toContain('Anti-phishing code');
  await page.getByTestId('anti-phishing-vcode').fill(vcode);
  await shot('02-anti-phishing-filled-en');
  await page.getByTestId('anti-phishing-save').click();
  await expect(page.getByTestId('anti-phishing-current')).toContainText('Or****42');
  await expect(page.getByTestId('anti-phishing-remove')).toBeVisible();
  await axeClean(page, 'anti-phishing set en');
  await shot('03-anti-phishing-set-en');

  // The next mail: a code for the login password, asked for on its page.
  await page.goto('/#/pages/my/security-center/password/index');
  await page.getByTestId('password-mode-code').click();
  await page.getByTestId('password-send-code').click();
  const next = await nextMail(mei.email, proof!.text);
  expect(next.text.split('\n')[0]).toBe('Anti-phishing code: Orchid42');
  expect(next.text.split('\n')[1]).toBe('');
  expect(next.subject).not.toContain('Orchid42');

  await page.goto('/#/pages/my/security-center/index');
  await expect(page.getByTestId('security-anti-phishing')).toContainText('Or****42');
  await shot('04-security-centre-en');

  // Traditional Chinese: the same screens, and the next mail's line in Chinese.
  await speakFromNextLoad(page, 'zh-Hant');
  const zh = await page.context().newPage();
  await zh.goto('/#/pages/my/security-center/index');
  await expect(zh.getByTestId('security-anti-phishing')).toContainText('防釣魚碼');
  await expect(zh.getByTestId('security-anti-phishing')).toContainText('Or****42');
  await axeClean(zh, 'security centre zh-Hant');
  await shot('05-security-centre-zh-Hant', zh);
  await zh.getByTestId('security-anti-phishing').click();
  await expect(zh.getByTestId('anti-phishing-explain')).toContainText('我們絕不會');
  await zh.getByTestId('anti-phishing-code').fill('Lotus77');
  await expect(zh.getByTestId('anti-phishing-preview')).toHaveText('我們的郵件將以此開頭：防釣魚碼：Lotus77');
  await axeClean(zh, 'anti-phishing zh-Hant');
  await shot('06-anti-phishing-zh-Hant', zh);
  // The next mail in Chinese: the code that confirms deleting the account, asked for on its page.
  await zh.goto('/#/pages/my/security-center/del-account/index');
  await zh.getByTestId('del-send-code').click();
  const zhMail = await nextMail(mei.email, next.text);
  expect(zhMail.text.split('\n')[0]).toBe('防釣魚碼：Orchid42');
});

import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { latestMail } from '../../server/src/test/outbox.ts';
import { accountByApi, logInAs, outboxDir, shotsFolder, speakFromNextLoad, test } from './support.ts';

/** Axe on the screen at rest: a toast fading out is no part of it. */
async function axeClean(page: Page, where: string) {
  await expect(page.locator('.adm-toast-mask')).toHaveCount(0, { timeout: 10_000 });
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${where}: ${v.id} ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
}

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

// Lin saves her cold wallet in the address book from the security centre: it waits for the mailed link, and once she
// opens the link it says from when it can be used (24 hours later); she turns the allowlist on. English and
// Traditional Chinese at 390 px, axe clean.
test('address book: add an address, confirm it by mail and see it wait 24 hours', async ({ page }) => {
  const shots = shotsFolder('address-book');
  const shot = (name: string, on: Page = page) =>
    on.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
  const lin = await accountByApi(page.request, 'book-lin');
  await logInAs(page, lin.email);

  await page.goto('/#/pages/my/security-center/index');
  await page.getByTestId('security-address-book').click();
  await expect(page.getByTestId('address-book-empty')).toContainText('No saved addresses yet');
  await axeClean(page, 'address book empty en');
  await shot('01-empty-en');

  // Nothing typed: the form says what is missing before anything is sent.
  await page.getByTestId('address-save').click();
  await expect(page.locator('#address-label-error')).toContainText('cannot be empty');
  await page.getByTestId('address-label').fill('Cold wallet');
  await page.getByTestId('address-value').fill('not-an-address');
  await page.getByTestId('address-save').click();
  await expect(page.locator('#address-value-error')).toContainText('not a valid');
  await page.getByTestId('address-value').fill(ADDRESS);
  await page.getByTestId('address-save').click();
  const entry = page.getByTestId('address-book-entry');
  await expect(entry).toHaveAttribute('data-state', 'confirming');
  await expect(entry).toContainText('Waiting for the mailed link');
  await shot('02-confirming-en');

  const mail = await expect
    .poll(async () => (await latestMail(outboxDir(), lin.email))?.subject, { timeout: 10_000 })
    .toBe('Confirm the new withdrawal address')
    .then(() => latestMail(outboxDir(), lin.email));
  const link = /#(\/pages\/home\/address-book\/index\?confirm=[0-9a-f]{64})/.exec(mail!.text)![1]!;
  await page.goto(`/#${link}`);
  await expect(page.getByTestId('address-book-confirmed')).toContainText('It can be used 24 hours from now');
  await expect(entry).toHaveAttribute('data-state', 'waiting');
  await expect(entry.getByTestId('address-book-state')).toContainText('Usable from');
  await expect(page).not.toHaveURL(/confirm=/);

  await page.getByTestId('allowlist-switch').click();
  await expect(page.getByTestId('allowlist-switch')).toHaveAttribute('aria-checked', 'true');
  await axeClean(page, 'address book waiting en');
  await shot('03-waiting-en');

  await speakFromNextLoad(page, 'zh-Hant');
  const zh = await page.context().newPage();
  await zh.goto('/#/pages/home/address-book/index');
  await expect(zh.getByTestId('address-book-state')).toContainText('起可用');
  await expect(zh.getByText('只提領到已儲存的地址')).toBeVisible();
  await axeClean(zh, 'address book zh-Hant');
  await shot('04-waiting-zh-Hant', zh);
});

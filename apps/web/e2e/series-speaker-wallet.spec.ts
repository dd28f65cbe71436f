import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { type Activity, API_BASE } from '@polaris/contract';
import { readPkpass } from '../../server/src/test/pkpass.ts';
import { accountByApi, apiCall, logInAs, shotsFolder, test } from './support.ts';

// Issue 36 (docs/activities.md "Recurring series", "Promo codes", "Wallet passes"), end to end: Olivia makes a weekly
// series of six dates from the create screen, with a paid Standard type and a hidden free Speaker type (the create
// form's "Hidden" box, so no API shortcut); on the second date she makes the free code SPEAKER for the Speaker type
// on that date and every later one. Sol (繁體中文) unlocks Speaker on the fourth date with the code, signs up, and adds
// the ticket to Apple Wallet; on the first date the code is refused. Screenshots at 390 px go to SHOTS.

const SHOTS = shotsFolder('i36-series-speaker-wallet');

/** Axe on the screen at rest (no toast fading out): no serious or critical problem. */
async function axeClean(page: Page, where: string) {
  await expect(page.locator('.adm-toast-mask')).toHaveCount(0, { timeout: 10_000 });
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${where}: ${v.id} ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
}

async function detail(page: Page, token: string, id: string) {
  const response = await page.request.get(`${API_BASE}/activity/detail`, { params: { id }, headers: { token } });
  return ((await response.json()) as { attachment: Activity }).attachment;
}

test('a weekly series with a speaker code on its later dates: a guest unlocks Speaker, signs up and adds the ticket to Apple Wallet', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const olivia = await accountByApi(page.request, 'speaker-olivia');
  await apiCall(page.request, olivia.token, '/user/personalInfo', { uname: 'Olivia' });
  const title = `Weekly Builders Talks ${Date.now().toString(36)}`;

  // The create form: a paid Standard type, a hidden free Speaker type, "Repeats: every week", six dates.
  await logInAs(page, olivia.email, 'en');
  await page.goto('/#/pages/activity/create/index');
  await expect(page.getByTestId('host-form')).toBeVisible();
  await page.getByTestId('host-title').fill(title);
  await page.getByTestId('host-description').fill('Builders give talks every week.');
  await page.getByTestId('host-mode-online').click();
  await page.getByTestId('host-online-url').fill('https://meet.example.com/talks');
  await page.getByTestId('host-ticket-0-name').fill('Standard');
  await page.getByTestId('host-ticket-0-paid').check();
  await page.getByTestId('host-ticket-0-price').fill('10');
  await page.getByTestId('host-ticket-add').click();
  await page.getByTestId('host-ticket-1-name').fill('Speaker');
  await page.getByTestId('host-ticket-1-hidden').check();
  await page.getByTestId('host-repeat-choice').selectOption('weekly');
  await page.getByTestId('host-repeat-count').fill('6');
  await page.getByTestId('host-publish').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Publish' }).click();

  await expect(page).toHaveURL(/pages\/activity\/series\/index\?id=\d+/);
  const dates = page.getByTestId('series-occurrence');
  await expect(dates).toHaveCount(6);
  const codes = await dates.evaluateAll((links) => links.map((link) => link.getAttribute('data-id')!));
  // Every date keeps the Speaker type hidden (the series template keeps the flag).
  for (const code of codes) {
    const types = (await detail(page, olivia.token, code)).ticketTypes;
    expect(types.map(({ name, free, hidden }) => ({ name, free, hidden }))).toEqual([
      { name: 'Standard', free: false, hidden: false },
      { name: 'Speaker', free: true, hidden: true },
    ]);
  }

  // On the second date's promo codes: SPEAKER, a free Speaker ticket, on this date and the four after it.
  await page.goto(`/#/pages/activity/manage/index?id=${codes[1]}`);
  await page.getByTestId('manage-promo-codes').click();
  await expect(page).toHaveURL(new RegExp(`manage/promo/index\\?id=${codes[1]}`));
  await expect(page.getByTestId('promo-empty')).toHaveText('No promo codes yet');
  await page.getByLabel('Code', { exact: true }).fill('SPEAKER');
  await page.getByTestId('promo-kind-free').click();
  await page.getByTestId('promo-type-Speaker').check();
  const forSeries = page.getByTestId('promo-for-series');
  await expect(page.getByLabel('Also on every later date of this series')).toBeVisible();
  await forSeries.check();
  // Without motion the toast is shot whole, not half faded in over the title.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.getByTestId('promo-create').click();
  // The toast, and its words for screen readers.
  await expect(page.locator('.adm-toast-main')).toHaveText('Code created on 5 dates');
  await expect(page.getByTestId('toast-announcer')).toHaveText('Code created on 5 dates');
  const row = page.locator('[data-testid="promo-row"][data-code="SPEAKER"]');
  await expect(row).toContainText('Free · Speaker');
  await page.screenshot({ path: `${SHOTS}/organizer-series-code-toast-en-390.png` });
  await axeClean(page, 'promo page with the series box en');
  // From the top: a full-page shot taken scrolled down draws the fixed bar over the list.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/organizer-series-code-en-390.png`, fullPage: true });

  // Sol, in Traditional Chinese, on the fourth date: Speaker is not there until his code unlocks it.
  const solContext = await browser.newContext();
  const sol = await solContext.newPage();
  const solAccount = await accountByApi(sol.request, 'speaker-sol');
  await logInAs(sol, solAccount.email, 'zh-Hant');
  await sol.goto(`/#/pages/activity/details/index?id=${codes[3]}`);
  await expect(sol.getByTestId('activity-details')).toHaveAttribute('data-id', codes[3]!);
  await expect(sol.getByTestId('promo-code')).toBeVisible();
  await expect(sol.getByText('Speaker')).toHaveCount(0);
  await sol.getByTestId('promo-code').fill('speaker');
  await sol.getByTestId('promo-apply').click();
  await expect(sol.getByTestId('promo-applied')).toContainText(/speaker/i);
  const fourth = await detail(sol, olivia.token, codes[3]!);
  const speaker = sol.getByTestId(`ticket-type-${fourth.ticketTypes[1]!.id}`);
  await expect(speaker).toContainText('Speaker');
  await speaker.click();
  await expect(speaker).toHaveAttribute('aria-pressed', 'true');
  await speaker.evaluate((button) => button.scrollIntoView({ block: 'center' }));
  await axeClean(sol, 'details with the speaker code zh-Hant');
  await sol.screenshot({ path: `${SHOTS}/guest-speaker-unlocked-zh-Hant-390.png` });
  await sol.getByTestId('details-signup').click();
  await expect(sol.getByTestId('signup-confirm')).toContainText('Speaker');
  await expect(sol.getByTestId('signup-confirm-price')).toHaveText('免費');
  await sol.getByTestId('signup-confirm-ok').click();
  await expect(sol.getByTestId('signup-confirm')).toHaveCount(0);
  await expect(sol.getByTestId('trade-prompt')).toHaveCount(0);

  // His ticket, with "Add to Apple Wallet" in his language.
  const ticket = sol.getByTestId('my-registration');
  const apple = ticket.getByRole('button', { name: '加入 Apple 錢包' });
  await expect(apple).toBeVisible();
  await expect(ticket).toContainText('Speaker');
  // The page's action bar is fixed at the bottom: the button is shot in the middle of the screen, not under it.
  await apple.evaluate((button) => button.scrollIntoView({ block: 'center' }));
  await axeClean(sol, 'ticket zh-Hant');
  await sol.screenshot({ path: `${SHOTS}/guest-speaker-ticket-zh-Hant-390.png` });

  // The downloaded pass names this ticket and this activity.
  const registration = (await detail(sol, solAccount.token, codes[3]!)).myRegistration!;
  expect(registration).toMatchObject({ status: 'approved', promoCode: 'SPEAKER', paid: '0' });
  const [download] = await Promise.all([sol.waitForEvent('download'), apple.click()]);
  expect(download.suggestedFilename()).toBe('ticket.pkpass');
  const { files, pass } = readPkpass(new Uint8Array(await readFile((await download.path())!)));
  expect(files).toEqual(expect.arrayContaining(['pass.json', 'manifest.json', 'signature', 'icon.png']));
  expect(pass).toMatchObject({ description: title, barcodes: [{ message: registration.qr }] });
  // The serial is the ticket's: its registration and a digest of its code.
  expect(pass.serialNumber).toMatch(new RegExp(`^ticket-${registration.id}-[0-9a-f]{10}$`));

  // The code was made from the second date on: the first date refuses it.
  await sol.goto(`/#/pages/activity/details/index?id=${codes[0]}`);
  await expect(sol.getByTestId('activity-details')).toHaveAttribute('data-id', codes[0]!);
  await sol.getByTestId('promo-code').fill('SPEAKER');
  await sol.getByTestId('promo-apply').click();
  await expect(sol.locator('#promo-code-error')).toHaveText('此優惠碼不適用於本活動');
  await expect(sol.getByText('Speaker')).toHaveCount(0);
  await sol.getByTestId('promo-code').evaluate((field) => field.scrollIntoView({ block: 'center' }));
  await sol.screenshot({ path: `${SHOTS}/guest-first-date-refused-zh-Hant-390.png` });
  await solContext.close();
});

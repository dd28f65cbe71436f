import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { API_BASE } from '@polaris/contract';
import {
  type Account,
  accountByApi,
  apiCall,
  E2E_TRADE_PASSWORD,
  fundedAccount,
  logInAs,
  shotsFolder,
  speakOnEveryLoad,
  test,
} from './support.ts';

// Promo codes (docs/activities.md "Promo codes"): Olivia runs a paid meetup with a hidden "Speaker" ticket; on its
// promo code page she makes a free speaker code for that type and a 20 % code. Gia (English) types a wrong code
// and is told so under the field, then applies the 20 % code and sees list price, discount and what she pays before
// the password; Sol (繁體中文) is refused a wrong code in his language and signs up as a speaker with his code.
// Screenshots at 390 px in English and zh-Hant go to SHOTS; axe clean on the new screens.

const SHOTS = shotsFolder('i36-promo');

/** Axe on the screen at rest (no toast fading out): no serious or critical problem. */
async function axeClean(page: Page, where: string) {
  await expect(page.locator('.adm-toast-mask')).toHaveCount(0, { timeout: 10_000 });
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${where}: ${v.id} ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
}

async function meetup(page: Page, host: Account) {
  await apiCall(page.request, host.token, '/user/personalInfo', { uname: 'Olivia Host' });
  const start = new Date(Date.now() + 5 * 86_400_000);
  start.setUTCMinutes(0, 0, 0);
  return apiCall<{ id: string; ticketTypes: { id: string; name: string }[] }>(
    page.request,
    host.token,
    '/activity/create',
    {
      title: 'Taipei Builders Night',
      description: 'Talks and drinks.',
      category: 'tech',
      startsAt: start.toISOString(),
      endsAt: new Date(start.getTime() + 3 * 3_600_000).toISOString(),
      timezone: 'Asia/Taipei',
      city: 'Taipei',
      address: 'Pier 5',
      capacity: 30,
      ticketTypes: [
        { name: 'Standard', price: '10', asset: 'USDT' },
        { name: 'Speaker', hidden: true },
      ],
      publish: true,
    },
  );
}

test('promo codes: a speaker code and a 20 % code made by the organizer, used and refused on the sign-up screen', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const olivia = await accountByApi(page.request, 'promo-olivia');
  const activity = await meetup(page, olivia);
  const details = `/#/pages/activity/details/index?id=${activity.id}`;

  // Olivia opens her promo codes from the manage page and makes the two codes.
  await logInAs(page, olivia.email);
  await page.goto(`/#/pages/activity/manage/index?id=${activity.id}`);
  await page.getByTestId('manage-promo-codes').click();
  await expect(page.getByTestId('promo-empty')).toHaveText('No promo codes yet');
  await axeClean(page, 'promo page empty en');
  await page.getByLabel('Code', { exact: true }).fill('SPEAKER-2026');
  await page.getByTestId('promo-kind-free').click();
  await page.getByTestId('promo-type-Speaker').check();
  await page.getByLabel('Maximum uses').fill('3');
  await page.getByTestId('promo-create').click();
  await expect(page.getByTestId('promo-row')).toHaveCount(1);
  await page.getByLabel('Code', { exact: true }).fill('twenty');
  await page.getByTestId('promo-kind-percent').click();
  await page.getByLabel('Percent off (1–99)').fill('20');
  await page.getByLabel('Maximum uses').fill('10');
  await page.getByTestId('promo-create').click();
  await expect(page.getByTestId('promo-row')).toHaveCount(2);
  // The same code in other letters is refused under the field.
  await page.getByLabel('Code', { exact: true }).fill('TWENTY');
  await page.getByTestId('promo-kind-free').click();
  await page.getByTestId('promo-create').click();
  await expect(page.locator('#promo-new-code-error')).toHaveText('This activity already has this code');
  const speakerRow = page.locator('[data-testid="promo-row"][data-code="SPEAKER-2026"]');
  await expect(speakerRow).toContainText('Free · Speaker');
  await expect(speakerRow.getByTestId('promo-uses')).toHaveText('0 / 3 used');
  await expect(page.locator('[data-testid="promo-row"][data-code="twenty"]')).toContainText('20 % off');
  await axeClean(page, 'promo page en');
  // From the top: a full-page shot taken scrolled down draws the fixed bar over the list.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/organizer-codes-en-390.png`, fullPage: true });

  // Gia, in English: the hidden type is not on the page; a wrong code says so under the field.
  const giaContext = await browser.newContext();
  const gia = await giaContext.newPage();
  const giaAccount = await fundedAccount(gia.request, 'promo-gia', '50');
  await logInAs(gia, giaAccount.email);
  await gia.goto(details);
  await expect(gia.getByText('Speaker')).toHaveCount(0);
  await gia.getByTestId('promo-code').fill('TWENTY5');
  await gia.getByTestId('promo-apply').click();
  await expect(gia.locator('#promo-code-error')).toHaveText('This code is not valid for this activity');
  await expect(gia.getByTestId('promo-code')).toHaveAttribute('aria-invalid', 'true');
  await gia.screenshot({ path: `${SHOTS}/guest-wrong-code-en-390.png`, fullPage: true });
  await gia.getByTestId('promo-code').fill('Twenty');
  await gia.getByTestId('promo-apply').click();
  await expect(gia.getByTestId('promo-applied')).toHaveText(/Code twenty applied/);
  await expect(gia.getByTestId(`ticket-type-${activity.ticketTypes[0]!.id}`).getByTestId('ticket-price')).toHaveText(
    '10.00 USDT8.00 USDT',
  );
  await axeClean(gia, 'details with code en');
  await gia.screenshot({ path: `${SHOTS}/guest-code-applied-en-390.png`, fullPage: true });

  // Before paying: list price, the discount and what will be paid.
  await gia.getByTestId('details-signup').click();
  await expect(gia.getByTestId('signup-confirm-price')).toHaveText('10.00 USDT');
  await expect(gia.getByTestId('signup-confirm-discount')).toHaveText('−2.00 USDT');
  await expect(gia.getByTestId('signup-confirm-pay')).toHaveText('8.00 USDT');
  await axeClean(gia, 'sign-up confirmation with code en');
  await gia.screenshot({ path: `${SHOTS}/guest-confirm-discount-en-390.png` });
  await gia.getByTestId('signup-confirm-ok').click();
  await expect(gia.getByTestId('trade-prompt')).toContainText('8.00');
  await gia.getByTestId('trade-prompt-password').fill(E2E_TRADE_PASSWORD);
  await gia.getByTestId('trade-prompt-submit').click();
  await expect(gia.getByTestId('trade-prompt')).toHaveCount(0);
  const mine = await gia.request.get(`${API_BASE}/activity/detail`, {
    params: { id: activity.id },
    headers: { token: giaAccount.token },
  });
  expect(((await mine.json()) as { attachment: { myRegistration: unknown } }).attachment.myRegistration).toMatchObject({
    status: 'approved',
    price: '10',
    discount: '2',
    paid: '8',
    promoCode: 'twenty',
  });
  await giaContext.close();

  // Sol, in Traditional Chinese: a wrong code in his language, then his speaker code shows the hidden type.
  const solContext = await browser.newContext();
  const sol = await solContext.newPage();
  const solAccount = await accountByApi(sol.request, 'promo-sol');
  await logInAs(sol, solAccount.email, 'zh-Hant');
  await sol.goto(details);
  await sol.getByTestId('promo-code').fill('SPEAKER');
  await sol.getByTestId('promo-apply').click();
  await expect(sol.locator('#promo-code-error')).toHaveText('此優惠碼不適用於本活動');
  await sol.screenshot({ path: `${SHOTS}/guest-wrong-code-zh-Hant-390.png`, fullPage: true });
  await sol.getByTestId('promo-code').fill('speaker-2026');
  await sol.getByTestId('promo-apply').click();
  const speaker = sol.getByTestId(`ticket-type-${activity.ticketTypes[1]!.id}`);
  await expect(speaker).toContainText('Speaker');
  await expect(speaker).toHaveAttribute('aria-pressed', 'true');
  await axeClean(sol, 'details with speaker code zh-Hant');
  await sol.screenshot({ path: `${SHOTS}/guest-speaker-unlocked-zh-Hant-390.png`, fullPage: true });
  await sol.getByTestId('details-signup').click();
  await expect(sol.getByTestId('signup-confirm-price')).toHaveText('免費');
  await expect(sol.getByTestId('signup-confirm')).toContainText('Speaker');
  await expect(sol.getByTestId('signup-confirm-discount')).toHaveCount(0);
  await sol.screenshot({ path: `${SHOTS}/guest-confirm-speaker-zh-Hant-390.png` });
  await sol.getByTestId('signup-confirm-ok').click();
  await expect(sol.getByTestId('signup-confirm')).toHaveCount(0);
  await solContext.close();

  // Olivia's list counts both uses; in Traditional Chinese too.
  await page.reload();
  await expect(speakerRow.getByTestId('promo-uses')).toHaveText('1 / 3 used');
  await speakOnEveryLoad(page, 'zh-Hant');
  await page.reload();
  await expect(page.locator('[data-testid="promo-row"][data-code="twenty"]').getByTestId('promo-uses')).toHaveText(
    '已用 1 / 10',
  );
  await axeClean(page, 'promo page zh-Hant');
  await page.screenshot({ path: `${SHOTS}/organizer-codes-zh-Hant-390.png`, fullPage: true });
});

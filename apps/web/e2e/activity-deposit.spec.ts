import AxeBuilder from '@axe-core/playwright';
import { type Browser, expect, type Page } from '@playwright/test';
import { API_BASE } from '@polaris/contract';
import {
  accountByApi,
  E2E_TRADE_PASSWORD,
  freeActivity,
  fundedAccount,
  logInAs,
  shotsFolder,
  test,
} from './support.ts';

// The no-show deposit (docs/activities.md "No-show deposit"): the organizer asks 5 USDT on a free activity from its
// manage page; a guest with 100 USDT sees the deposit and its rule on the sign-up sheet, confirms the freeze with
// the transaction password, and the wallet shows it frozen; the organizer checks the guest in and the guest's
// money is back. Screenshots at 390 px, English and 繁體中文, go to SHOTS.

const SHOTS = shotsFolder('i36-deposit');

async function seriousA11yProblems(page: Page, selector: string) {
  const results = await new AxeBuilder({ page }).include(selector).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
}

async function phone(browser: Browser) {
  const context = await browser.newContext({
    baseURL: process.env.E2E_BASE_URL,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  return { context, page: await context.newPage() };
}

test('a 5 USDT deposit: stated at sign-up, frozen in the wallet, back at check-in', async ({ page, browser }) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const organizer = await accountByApi(page.request, 'deposit-host');
  const activityId = await freeActivity(page.request, organizer, 'Deposit meetup');

  // The organizer asks the deposit on the manage page, in English.
  await logInAs(page, organizer.email);
  await page.goto(`/#/pages/activity/manage/index?id=${activityId}`);
  const panel = page.getByTestId('manage-deposit');
  await expect(panel).toBeVisible();
  await panel.getByTestId('manage-deposit-amount').fill('5');
  await panel.getByTestId('manage-deposit-hours').fill('24');
  await panel.getByRole('radio', { name: 'Split among those who came' }).click();
  expect(await seriousA11yProblems(page, '[data-testid="manage-deposit"]')).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/en-01-manage-deposit-form.png`, fullPage: true });
  await panel.getByTestId('manage-deposit-save').click();
  await expect(panel.getByTestId('manage-deposit-rule')).toContainText('5.00 USDT');
  await expect(panel.getByTestId('manage-deposit-rule')).toHaveAttribute('data-forfeit', 'split');
  await page.screenshot({ path: `${SHOTS}/en-02-manage-deposit-set.png`, fullPage: true });

  // The guest, in 繁體中文, meets the deposit before signing up and confirms the freeze with the password.
  const guest = await fundedAccount(page.request, 'deposit-guest', '100');
  const { context, page: guestPage } = await phone(browser);
  await logInAs(guestPage, guest.email, 'zh-Hant');
  await guestPage.goto(`/#/pages/activity/details/index?id=${activityId}`);
  await guestPage.getByTestId('details-signup').click();
  const rule = guestPage.getByTestId('signup-confirm-deposit-rule');
  await expect(rule).toContainText('5.00 USDT');
  await expect(rule).toContainText('出席者平分');
  await expect(guestPage.getByTestId('signup-confirm-balance')).toContainText('100');
  expect(await seriousA11yProblems(guestPage, '[data-testid="signup-confirm"]')).toEqual([]);
  await guestPage.screenshot({ path: `${SHOTS}/zh-Hant-03-signup-sheet.png` });
  await guestPage.getByTestId('signup-confirm-ok').click();
  const prompt = guestPage.getByTestId('trade-prompt');
  await expect(prompt).toContainText('5');
  await guestPage.screenshot({ path: `${SHOTS}/zh-Hant-04-trade-password.png` });
  await guestPage.getByTestId('trade-prompt-password').fill(E2E_TRADE_PASSWORD);
  await guestPage.getByTestId('trade-prompt-submit').click();
  await expect(prompt).toHaveCount(0);
  await expect(guestPage.getByTestId('ticket-deposit-state')).toHaveAttribute('data-state', 'frozen');
  expect(await seriousA11yProblems(guestPage, '[data-testid="my-registration"]')).toEqual([]);
  await guestPage.screenshot({ path: `${SHOTS}/zh-Hant-05-ticket-frozen.png`, fullPage: true });

  // The wallet shows the 5 USDT frozen.
  await guestPage.goto('/#/pages/home/assets/details/index?asset=USDT');
  await expect(guestPage.getByTestId('details-frozen')).toHaveText('5.00');
  await expect(guestPage.getByTestId('details-available')).toHaveText('95.00');
  await guestPage.screenshot({ path: `${SHOTS}/zh-Hant-06-wallet-frozen.png` });

  // The organizer checks the guest in with the ticket's code.
  const tickets = await guestPage.request.get(`${API_BASE}/activity/tickets`, {
    params: { when: 'upcoming' },
    headers: { token: guest.token },
  });
  const items = ((await tickets.json()) as { attachment: { items: { activityId: string; qr: string | null }[] } })
    .attachment.items;
  const qr = items.find((item) => item.activityId === activityId)?.qr;
  expect(qr).toBeTruthy();
  await page.getByTestId('manage-scan').click();
  await page.getByTestId('scan-code').fill(qr!);
  await page.getByTestId('scan-submit').click();
  await expect(page.getByTestId('scan-result')).toHaveAttribute('data-kind', 'ok');

  // The guest's money is back: nothing frozen, 100 available; the ticket says the deposit was returned.
  await guestPage.reload();
  await expect(guestPage.getByTestId('details-frozen')).toHaveText('0.00');
  await expect(guestPage.getByTestId('details-available')).toHaveText('100.00');
  await guestPage.screenshot({ path: `${SHOTS}/zh-Hant-07-wallet-returned.png` });
  await guestPage.goto(`/#/pages/activity/details/index?id=${activityId}`);
  await expect(guestPage.getByTestId('ticket-deposit-state')).toHaveAttribute('data-state', 'returned');
  await guestPage.screenshot({ path: `${SHOTS}/zh-Hant-08-ticket-returned.png`, fullPage: true });

  await context.close();

  // The same ticket in English (a fresh phone: the zh-Hant one says its language on every load).
  const english = await phone(browser);
  await logInAs(english.page, guest.email, 'en');
  await english.page.goto(`/#/pages/activity/details/index?id=${activityId}`);
  await expect(english.page.getByTestId('ticket-deposit-state')).toContainText('has been returned');
  await english.page.screenshot({ path: `${SHOTS}/en-09-ticket-returned.png`, fullPage: true });
  await english.context.close();
});

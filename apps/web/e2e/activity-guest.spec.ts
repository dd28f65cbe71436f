import { expect, type Page } from '@playwright/test';
import { hashLoginPassword, hashTradePassword } from '@polaris/contract';
import { codeFor, deposit, solvedCaptcha, stepper, test, uniqueEmail } from './support.ts';

const API = '/rest/polarisex';

async function call<T>(page: Page, pathname: string, data: unknown, token?: string): Promise<T> {
  const response = await page.request.post(`${API}${pathname}`, { data, headers: token ? { token } : {} });
  const body = (await response.json()) as { status: number; msg: string; attachment: T };
  expect(body.status, `${pathname}: ${body.msg}`).toBe(200);
  return body.attachment;
}

async function signUpByApi(page: Page, email: string, password: string) {
  await call(page, '/user/vcode/send', { email, purpose: 'signup', captcha: await solvedCaptcha(page.request) });
  const vcode = await codeFor(email);
  const user = await call<{ uid: string; token: string }>(page, '/user/signup', {
    email,
    vcode,
    password: hashLoginPassword(password),
    captcha: await solvedCaptcha(page.request),
  });
  return { ...user, vcode };
}

// An organizer publishes a paid activity through the API (the create screens are the organizer helper's).
// A guest chooses the city on the activity home, finds it, pays for a ticket with the transaction password,
// sees the QR ticket in My activities, and finds the activity in the calendar, in zh-Hant and then in English.
test('guest finds a paid activity, pays, sees the QR ticket and the calendar in two languages', async ({
  page,
}, info) => {
  const shot = stepper(page, info);
  const city = `E2E-${Date.now().toString(36)}`;

  const organizer = await signUpByApi(page, uniqueEmail('organizer'), 'abc12345');
  await call(page, '/user/personalInfo', { uname: 'Olivia Organizer' }, organizer.token);
  const start = new Date(Date.now() + 3 * 86_400_000);
  start.setUTCMinutes(0, 0, 0);
  const activity = await call<{ id: string; shareUrl: string }>(
    page,
    '/activity/create',
    {
      title: 'Harbour Web3 Night',
      description: 'Talks, demos and drinks by the harbour.',
      category: 'web3',
      startsAt: start.toISOString(),
      endsAt: new Date(start.getTime() + 3 * 3_600_000).toISOString(),
      timezone: 'Asia/Taipei',
      city,
      address: 'Pier 2',
      capacity: 30,
      ticketTypes: [{ name: 'General', price: '5', asset: 'USDT', capacity: 20 }],
      questions: [{ label: 'Your company', required: true }],
      publish: true,
    },
    organizer.token,
  );

  // The guest: an account with 100 USDT and a transaction password (set through the API, as the mail code allows).
  const guestEmail = uniqueEmail('guest');
  const guest = await signUpByApi(page, guestEmail, 'abc12345');
  await deposit(guestEmail, '100');
  await call(page, '/user/trade/vcode', {}, guest.token);
  const tradeCode = await codeFor(guestEmail, guest.vcode);
  await call(
    page,
    '/user/trade/password',
    { vcode: tradeCode, password: hashTradePassword('pay2468', guest.uid) },
    guest.token,
  );

  await page.goto('/#/pages/user/login/index');
  await page.getByTestId('login-email').fill(guestEmail);
  await page.getByTestId('login-password').fill('abc12345');
  await page.getByTestId('login-submit').click();
  await page.getByTestId('tab-home').click();

  // Home: choose the city, then the activity is listed.
  await expect(page.getByTestId('home-city-prompt')).toBeVisible();
  await shot('home-first-use');
  await page.getByTestId('home-choose-city').click();
  await page.getByTestId(`city-${city}`).click();
  await expect(page.getByTestId('home-city')).toHaveAttribute('data-city', city);
  const card = page.locator(`[data-testid="activity-card"][data-id="${activity.id}"]`);
  await expect(card).toBeVisible();
  await expect(card).toContainText('5.00 USDT 起');
  await page.getByTestId('home-filter-week').click();
  await page.getByTestId('home-filter-week').click();
  await shot('home-city');

  // Details: time in the activity's zone (Asia/Taipei, zh-Hant formats), price, organizer.
  await card.click();
  await expect(page.getByTestId('details-title')).toHaveText('Harbour Web3 Night');
  await expect(page.getByTestId('details-time')).toContainText(/\d{2}月\d{2}日 星期. \d{2}:\d{2}/);
  await expect(page.getByTestId('details-time')).toContainText('GMT+8');
  await expect(page.getByTestId('details-organizer')).toContainText('Olivia Organizer');
  await expect(page.getByTestId('ticket-price')).toHaveText('5.00 USDT');
  await shot('details');

  // Pay: the confirmation sheet with the price, then the transaction password (one wrong try first).
  await page.getByTestId('details-signup').click();
  await expect(page.getByTestId('signup-confirm-price')).toHaveText('5.00 USDT');
  await expect(page.getByTestId('signup-confirm-outcome')).toHaveAttribute('data-outcome', 'approved');
  // The organizer's question must be answered before paying.
  const question = page.locator('input[data-testid^="signup-question-"]');
  await page.getByTestId('signup-confirm-ok').click();
  await expect(page.locator('[data-testid$="-error"]').first()).toContainText('請回答此問題');
  await question.fill('Polaris Labs');
  await shot('confirm');
  await page.getByTestId('signup-confirm-ok').click();
  await page.getByTestId('trade-prompt-password').fill('wrong99');
  await page.getByTestId('trade-prompt-submit').click();
  await expect(page.getByTestId('trade-prompt-password-error')).toBeVisible();
  await page.getByTestId('trade-prompt-password').fill('pay2468');
  await page.getByTestId('trade-prompt-submit').click();
  await expect(page.getByTestId('my-registration').getByTestId('ticket-status')).toHaveAttribute(
    'data-status',
    'approved',
  );
  await expect(page.getByTestId('details-cancel')).toBeVisible();
  await expect(page.getByTestId('trade-prompt')).toBeHidden();
  await shot('paid');

  // The cancel dialog explains the refund rule (more than 24 h ahead: full refund); keep the ticket.
  await page.getByTestId('details-cancel').click();
  await expect(page.getByTestId('cancel-rule')).toContainText('全額退還');
  await shot('cancel-rule');
  await page.getByRole('button', { name: '保留' }).click();

  // My activities: the ticket with its QR code.
  await page.goto('/#/pages/activity/my/activities/index');
  const ticket = page.locator(`[data-testid="ticket-item"][data-activity="${activity.id}"]`);
  await expect(ticket.getByTestId('ticket-status')).toHaveText('已報名');
  await expect(ticket.getByTestId('ticket-qr')).toHaveAttribute('data-payload', /^PLX1\./);
  await expect(ticket.getByTestId('ticket-qr').locator('img')).toBeVisible();
  await shot('ticket-qr');

  // Calendar in zh-Hant: list view shows the activity with MM月DD日 and the weekday.
  await page.goto('/#/pages/activity/my/calendar/home/index?view=list');
  const entry = page.locator(`[data-testid="calendar-item"][data-id="${activity.id}"]`);
  await expect(entry.getByTestId('calendar-item-title')).toHaveText('Harbour Web3 Night');
  await expect(entry.getByTestId('calendar-item-when')).toContainText(/\d{2}月\d{2}日 星期./);
  await shot('calendar-zh-hant');
  await page.getByTestId('calendar-view-month').click();
  await expect(page.getByTestId('calendar-grid')).toBeVisible();
  await shot('calendar-month-zh-hant');

  // Switch the language to English on the Me tab; the calendar speaks English.
  await page.goto('/#/pages/home/index');
  await page.getByTestId('language-switch').selectOption('en');
  await page.goto('/#/pages/activity/my/calendar/home/index?view=list');
  await expect(page.getByTestId('nav-title')).toHaveText('My calendar');
  await expect(entry.getByTestId('calendar-item-when')).toContainText(
    /(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{1,2} (Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day/,
  );
  await expect(entry).toContainText('Approved');
  await shot('calendar-en');

  // The guest gives the ticket to a friend by uid; the friend now holds it, with a new QR code.
  const friend = await signUpByApi(page, uniqueEmail('friend'), 'abc12345');
  await page.goto(`/#/pages/activity/details/index?id=${activity.id}`);
  const guestQr = await page.getByTestId('my-registration').getByTestId('ticket-qr').getAttribute('data-payload');
  expect(guestQr).toMatch(/^PLX1\./);
  await page.getByTestId('details-transfer').click();
  await page.getByTestId('transfer-uid').fill(friend.uid);
  await shot('give-ticket');
  await page.getByTestId('transfer-submit').click();
  await expect(page.getByTestId('details-signup')).toBeVisible();
  const held = await page.request.get(`${API}/activity/detail`, {
    params: { id: activity.id },
    headers: { token: friend.token },
  });
  const friendView = (await held.json()).attachment as { myRegistration: { status: string; qr: string | null } | null };
  expect(friendView.myRegistration?.status).toBe('approved');
  expect(friendView.myRegistration?.qr).toMatch(/^PLX1\./);
  expect(friendView.myRegistration?.qr).not.toBe(guestQr);
  await shot('ticket-given');
});

import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { hashLoginPassword, hashTradePassword } from '@polaris/contract';
import { codeFor, deposit, solvedCaptcha, speakFromNextLoad, stepper, test, uniqueEmail } from './support.ts';

const API = '/rest/polarisex';
const PASSWORD = 'abc12345';

interface Person {
  email: string;
  uid: string;
  token: string;
  code: string;
}

async function call<T>(
  request: APIRequestContext,
  method: 'GET' | 'POST',
  route: string,
  token: string,
  data?: object,
) {
  const response =
    method === 'GET'
      ? await request.get(`${API}${route}`, { headers: { token }, params: data as Record<string, string> })
      : await request.post(`${API}${route}`, { headers: { token }, data: data ?? {} });
  const body = (await response.json()) as { status: number; msg: string; attachment: T };
  expect(body.status, `${route}: ${body.msg}`).toBe(200);
  return body.attachment;
}

async function signUpByApi(request: APIRequestContext, prefix: string): Promise<Person> {
  const email = uniqueEmail(prefix);
  await request.post(`${API}/user/vcode/send`, {
    data: { email, purpose: 'signup', captcha: await solvedCaptcha(request) },
  });
  const code = await codeFor(email);
  const response = await request.post(`${API}/user/signup`, {
    data: { email, vcode: code, password: hashLoginPassword(PASSWORD), captcha: await solvedCaptcha(request) },
  });
  const body = (await response.json()) as { status: number; attachment: { uid: string; token: string } };
  expect(body.status).toBe(200);
  return { email, uid: String(body.attachment.uid), token: body.attachment.token, code };
}

async function logIn(page: Page, email: string) {
  await page.goto('/#/pages/user/login/index');
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page).not.toHaveURL(/login/);
}

// An organizer creates and publishes a paid activity through the screens; a guest pays for a ticket through
// the API; the organizer sees the guest, checks them in by typing the ticket code, and sees the count move.
// Someone else opening the manage page is told only hosts may manage it. Screens in zh-Hant (the default).
test('create a paid activity, a guest pays, check-in by typed code, others are refused', async ({
  page,
  browser,
}, info) => {
  const shot = stepper(page, info);
  const organizer = await signUpByApi(page.request, 'host');
  await call(page.request, 'POST', '/user/personalInfo', organizer.token, { uname: 'Host Hana' });
  const guest = await signUpByApi(page.request, 'guest');
  const other = await signUpByApi(page.request, 'other');
  await deposit(guest.email, '100');
  await call(page.request, 'POST', '/user/trade/vcode', guest.token);
  const tradeCode = await codeFor(guest.email, guest.code);
  await call(page.request, 'POST', '/user/trade/password', guest.token, {
    vcode: tradeCode,
    password: hashTradePassword('trade123', guest.uid),
  });

  // The organizer fills the create form; the contract's rules answer first, in zh-Hant.
  await logIn(page, organizer.email);
  await page.goto('/#/pages/activity/create/index');
  await expect(page.getByTestId('host-form')).toBeVisible();
  await page.getByTestId('host-ticket-0-paid').check();
  await page.getByTestId('host-publish').click();
  await page.locator('.adm-dialog-footer').getByRole('button', { name: '發佈' }).click();
  await expect(page.getByTestId('host-title-error')).toContainText('不能為空');
  await expect(page.getByTestId('host-city-error')).toBeVisible();
  await shot('create-errors');

  await page.getByTestId('host-title').fill('Rooftop meetup');
  await page.getByTestId('host-description').fill('Talks and drinks on the roof.');
  await page.getByTestId('host-category').selectOption('meetup');
  // The place comes from the location picker (map tiles cannot load here; typed coordinates work).
  await page.getByTestId('host-pick-location').click();
  await page.getByTestId('location-address').fill('No. 7, Xinyi Rd');
  await page.getByTestId('location-city').fill('Taipei');
  await page.getByTestId('location-lat').fill('25.033');
  await page.getByTestId('location-lng').fill('121.5654');
  await shot('choose-location');
  await page.getByTestId('location-confirm').click();
  await expect(page.getByTestId('host-city')).toHaveValue('Taipei');
  await expect(page.getByTestId('host-title')).toHaveValue('Rooftop meetup');
  await expect(page.getByTestId('host-coordinates')).toContainText('25.033');
  await page.getByTestId('host-ticket-0-name').fill('General');
  await page.getByTestId('host-ticket-0-price').fill('5');
  await page.getByTestId('host-ticket-0-asset').selectOption('USDT');
  await page.getByTestId('host-ticket-0-capacity').fill('50');
  await shot('create-filled');
  await page.getByTestId('host-publish').click();
  await page.locator('.adm-dialog-footer').getByRole('button', { name: '發佈' }).click();
  await expect(page).toHaveURL(/manage\/index\?id=/);
  const activityId = new URL(page.url().replace('/#', '')).searchParams.get('id')!;
  await expect(page.getByTestId('manage-activity-title')).toHaveText('Rooftop meetup');
  await expect(page.getByTestId('manage-count-registered')).toHaveAttribute('data-value', '0');
  await shot('published');

  // The venue on the public page opens the place, with a hand-off to the device's map app.
  await page.goto(`/#/pages/activity/details/index?id=${activityId}`);
  await page.getByTestId('details-venue-map').click();
  await expect(page.getByTestId('open-location-coordinates')).toContainText('25.033000, 121.565400');
  await expect(page.getByTestId('open-location-geo')).toBeVisible();
  await shot('open-location');

  // The guest pays 5 USDT through the API.
  const detail = await call<{ ticketTypes: { id: string; price: string; asset: string }[] }>(
    page.request,
    'GET',
    '/activity/detail',
    guest.token,
    { id: activityId },
  );
  expect(detail.ticketTypes[0]).toMatchObject({ price: '5', asset: 'USDT' });
  const registration = await call<{ status: string }>(page.request, 'POST', '/activity/signup', guest.token, {
    activityId,
    ticketTypeId: detail.ticketTypes[0]!.id,
    answers: {},
    tradePassword: hashTradePassword('trade123', guest.uid),
    idempotencyKey: randomUUID(),
  });
  expect(registration.status).toBe('approved');
  const tickets = await call<{ items: { activityId: string; qr: string | null }[] }>(
    page.request,
    'GET',
    '/activity/tickets',
    guest.token,
    { when: 'upcoming' },
  );
  const qr = tickets.items.find((item) => item.activityId === activityId)?.qr;
  expect(qr).toBeTruthy();

  // The organizer sees the guest and the money in escrow.
  await page.goto(`/#/pages/activity/manage/index?id=${activityId}`);
  await expect(page.getByTestId('manage-count-registered')).toHaveAttribute('data-value', '1');
  await expect(page.getByTestId('manage-escrow-USDT')).toContainText('5.00 USDT');
  await expect(page.locator(`[data-testid="manage-attendee"][data-uid="${guest.uid}"]`)).toBeVisible();
  await shot('guest-listed');

  // Check-in with the typed code; a second try says it is already done.
  await page.getByTestId('manage-scan').click();
  await expect(page.getByTestId('scan-code')).toBeVisible();
  await page.getByTestId('scan-code').fill(qr!);
  await page.getByTestId('scan-submit').click();
  await expect(page.getByTestId('scan-result')).toHaveAttribute('data-kind', 'ok');
  await expect(page.getByTestId('scan-checked-in')).toHaveAttribute('data-value', '1');
  await shot('checked-in');
  await page.getByTestId('scan-code').fill(qr!);
  await page.getByTestId('scan-submit').click();
  await expect(page.getByTestId('scan-result')).toHaveAttribute('data-kind', 'already');
  await page.getByTestId('scan-code').fill('PLX1.nope.nope');
  await page.getByTestId('scan-submit').click();
  await expect(page.getByTestId('scan-result')).toHaveAttribute('data-kind', 'notFound');
  await shot('scan-outcomes');

  // Back goes to the manage page with the same query; the count has moved.
  await page.getByTestId('nav-back').click();
  await expect(page).toHaveURL(new RegExp(`manage/index\\?id=${activityId}`));
  await expect(page.getByTestId('manage-count-checkedin')).toHaveAttribute('data-value', '1');
  await shot('manage-after-checkin');

  // The rotating sign-in code is six digits.
  await page.getByTestId('manage-sign').click();
  await expect(page.getByTestId('sign-code')).toHaveText(/^\d{6}$/);
  await shot('sign-code');

  // The same page in English.
  await speakFromNextLoad(page, 'en');
  await page.goto(`/#/pages/activity/manage/index?id=${activityId}`);
  await page.reload();
  await expect(page.getByTestId('manage-scan')).toHaveText('Scan tickets');
  await shot('manage-en');

  // Someone who is not a host is refused.
  const context = await browser.newContext({
    baseURL: process.env.E2E_BASE_URL,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const otherPage = await context.newPage();
  await logIn(otherPage, other.email);
  await otherPage.goto(`/#/pages/activity/manage/index?id=${activityId}`);
  await expect(otherPage.getByTestId('manage-forbidden')).toBeVisible();
  await stepper(otherPage, info)('forbidden');
  await context.close();

  // The check-in minted the guest an attendance NFT, which they find in their gallery with nothing to claim.
  const guestContext = await browser.newContext({
    baseURL: process.env.E2E_BASE_URL,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const guestPage = await guestContext.newPage();
  await logIn(guestPage, guest.email);
  await guestPage.goto('/#/pages/activity/my/nft/index');
  await expect(guestPage.getByTestId('nft-item')).toHaveCount(1);
  await expect(guestPage.getByTestId('nft-item')).toContainText('Rooftop meetup');
  await stepper(guestPage, info)('guest-nft');
  await guestContext.close();
});

import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { API_BASE } from '@polaris/contract';
import { type Account, accountByApi, apiCall, deposit, freeActivity, logInAs, stepper, test } from './support.ts';

// Notifications and screens that update by themselves (issue 22, docs/notifications.md "Screens"): the Community tab's
// badge when a message arrives from another browser; the inbox listing a notice whose tap opens its page; a ticket
// on screen turning "checked in" when the organizer scans it; a deposit showing without a reload. Nothing polls:
// each screen moves because the server's `notice` and `changed` frames arrived on the socket.

async function apiGet<T>(request: APIRequestContext, token: string, route: string, params: Record<string, string>) {
  const response = await request.get(`${API_BASE}${route}`, { headers: { token }, params });
  const body = (await response.json()) as { status: number; msg: string; attachment: T };
  expect(body.status, `${route}: ${body.msg}`).toBe(200);
  return body.attachment;
}

/** Registers `guest` for the free activity through the API; answers the ticket's QR payload. */
async function register(request: APIRequestContext, guest: Account, activityId: string): Promise<string> {
  const detail = await apiGet<{ ticketTypes: { id: string }[] }>(request, guest.token, '/activity/detail', {
    id: activityId,
  });
  const registration = await apiCall<{ status: string }>(request, guest.token, '/activity/signup', {
    activityId,
    ticketTypeId: detail.ticketTypes[0]!.id,
    answers: {},
    idempotencyKey: randomUUID(),
  });
  expect(registration.status).toBe('approved');
  const tickets = await apiGet<{ items: { activityId: string; qr: string | null }[] }>(
    request,
    guest.token,
    '/activity/tickets',
    { when: 'upcoming' },
  );
  const qr = tickets.items.find((item) => item.activityId === activityId)?.qr;
  expect(qr).toBeTruthy();
  return qr!;
}

const unreadOf = (request: APIRequestContext, account: Account) =>
  apiGet<{ total: number; chatMessages: number }>(request, account.token, '/notice/unread', {});

/** A tab or bell count: absent at 0. */
async function expectCount(page: Page, testId: string, count: number) {
  if (count === 0) await expect(page.getByTestId(testId)).toHaveCount(0);
  else await expect(page.getByTestId(testId)).toHaveText(String(count));
}

/** Marks the page so a reload would show: the mark is gone after one. */
async function markNoReload(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { noReload: boolean }).noReload = true;
  });
}
async function expectNoReload(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { noReload?: boolean }).noReload)).toBe(true);
}

test('the Community tab shows a badge when a message arrives from another browser, and loses it once read', async ({
  page: ann,
  browser,
}, info) => {
  const shot = stepper(ann, info);
  const annAccount = await accountByApi(ann.request, 'badge-ann');
  const bobContext = await browser.newContext();
  const bob = await bobContext.newPage();
  const bobAccount = await accountByApi(bob.request, 'badge-bob');
  const room = await apiCall<{ id: string }>(bob.request, bobAccount.token, '/chat/room/create', {
    name: `Badges ${Date.now().toString(36)}`,
  });
  await apiCall(ann.request, annAccount.token, '/chat/room/join', { roomId: room.id });

  // Ann is on the Me tab, far from chat, yet the app holds its socket open; Bob writes from his own browser.
  const socket = ann.waitForEvent('websocket');
  await logInAs(ann, annAccount.email);
  await ann.getByTestId('tab-me').click();
  await socket;
  const before = (await unreadOf(ann.request, annAccount)).chatMessages;
  await expectCount(ann, 'tab-community-badge', before);
  await markNoReload(ann);
  await logInAs(bob, bobAccount.email);
  await bob.goto(`/#/pages/chatroom/chat/index?id=${room.id}`);
  await bob.getByTestId('composer-input').fill('Are you coming tonight?');
  await bob.getByTestId('composer-send').click();

  await expectCount(ann, 'tab-community-badge', before + 1);
  await expectNoReload(ann);
  await shot('community-badge');

  // Ann reads it: the badge goes.
  await ann.getByTestId('tab-community').click();
  await ann.getByTestId('room-row').filter({ hasText: 'Badges' }).click();
  await expect(ann.getByTestId('chat-message').filter({ hasText: 'Are you coming tonight?' })).toBeVisible();
  await ann.getByTestId('nav-back').click();
  await expectCount(ann, 'tab-community-badge', 0);
  await bobContext.close();
});

test('the inbox lists a new notice, the Me tab counts it, and a tap opens its page and marks it read', async ({
  page,
}, info) => {
  const shot = stepper(page, info);
  const organizer = await accountByApi(page.request, 'inbox-host');
  const guest = await accountByApi(page.request, 'inbox-guest');
  const activityId = await freeActivity(page.request, organizer, 'Inbox Meetup');
  await logInAs(page, guest.email);
  await page.getByTestId('tab-me').click();
  // Signing in on a new browser may itself have told the guest something (a new device): count from there.
  await expect(page.getByTestId('notice-bell')).toBeVisible();
  const before = (await unreadOf(page.request, guest)).total;
  await expectCount(page, 'tab-me-badge', before);
  await markNoReload(page);

  // Registering confirms by notice: it arrives live (badge, bell, banner) while the Me tab is open.
  await register(page.request, guest, activityId);
  await expectCount(page, 'tab-me-badge', before + 1);
  await expectCount(page, 'notice-bell-count', before + 1);
  await expect(page.getByTestId('notice-banner')).toContainText('Inbox Meetup');
  await expectNoReload(page);
  await shot('me-with-badge');

  await page.getByTestId('notice-bell').click();
  await expect(page).toHaveURL(/\/pages\/my\/notices\/index/);
  const row = page.getByTestId('notice-row').filter({ hasText: 'Inbox Meetup' });
  await expect(row).toHaveAttribute('data-read', 'false');
  await shot('inbox');
  await row.click();
  await expect(page).toHaveURL(new RegExp(`/pages/activity/details/index\\?id=${activityId}`));
  await expect(page.getByTestId('my-registration')).toBeVisible();

  // Back on the Me tab the count is one less, and in the inbox the notice reads as read; the server agrees.
  await page.goto('/#/pages/home/index');
  await expectCount(page, 'tab-me-badge', before);
  await page.getByTestId('notice-bell').click();
  await expect(page.getByTestId('notice-row').filter({ hasText: 'Inbox Meetup' })).toHaveAttribute('data-read', 'true');
  expect((await unreadOf(page.request, guest)).total).toBe(before);
});

test('a ticket on screen turns "checked in" when the organizer scans it', async ({ page }, info) => {
  const shot = stepper(page, info);
  const organizer = await accountByApi(page.request, 'scan-host');
  const guest = await accountByApi(page.request, 'scan-guest');
  const activityId = await freeActivity(page.request, organizer, 'Scan Meetup');
  const qr = await register(page.request, guest, activityId);
  await logInAs(page, guest.email);
  await page.goto(`/#/pages/activity/details/index?id=${activityId}`);
  await expect(page.getByTestId('ticket-qr')).toBeVisible();
  await expect(page.getByTestId('ticket-status')).toHaveAttribute('data-status', 'approved');
  await markNoReload(page);
  await shot('ticket-qr');

  // The organizer's scanner (its API call) checks the ticket in.
  await apiCall(page.request, organizer.token, '/activity/checkin', { activityId, ticketCode: qr });
  await expect(page.getByTestId('ticket-status')).toHaveAttribute('data-status', 'checkedIn');
  await expect(page.getByTestId('ticket-qr')).toHaveCount(0);
  await expectNoReload(page);
  await shot('checked-in');
});

test('a deposit shows on the open wallet without a reload', async ({ page }, info) => {
  const shot = stepper(page, info);
  const account = await accountByApi(page.request, 'live-deposit');
  await logInAs(page, account.email);
  await page.getByTestId('tab-me').click();
  await expect(page.getByTestId('wallet-total')).toHaveAttribute('data-value', '0.00');
  await markNoReload(page);

  await deposit(account.email, '25');
  await expect(page.getByTestId('wallet-amount-USDT')).toHaveText('25.00');
  expect(Number(await page.getByTestId('wallet-total').getAttribute('data-value'))).toBeGreaterThan(0);
  await expectNoReload(page);
  await shot('credited-live');
});

test('notification settings are saved as switched, quiet hours refuse an unknown time zone on the field, and a room mutes', async ({
  page,
}, info) => {
  const shot = stepper(page, info);
  const account = await accountByApi(page.request, 'prefs');
  const room = await apiCall<{ id: string }>(page.request, account.token, '/chat/room/create', {
    name: `Quiet room ${Date.now().toString(36)}`,
  });
  await logInAs(page, account.email);
  await page.getByTestId('tab-me').click();
  await page.getByTestId('me-notices').click();
  await expect(page.getByTestId('notices-empty')).toBeVisible();
  await page.getByTestId('notices-settings').click();

  // Chat by push: on by default; switched off, it stays off after a reload (the server has it).
  const chatPush = page.getByTestId('notice-switch-chat-push');
  await expect(chatPush).toHaveAttribute('aria-checked', 'true');
  await chatPush.click();
  await expect(chatPush).toHaveAttribute('aria-checked', 'false');
  await expect
    .poll(async () => {
      const prefs = await apiGet<{ channels: { chat: { push: boolean } } }>(
        page.request,
        account.token,
        '/notice/preferences',
        {},
      );
      return prefs.channels.chat.push;
    })
    .toBe(false);
  await page.reload();
  await expect(page.getByTestId('notice-switch-chat-push')).toHaveAttribute('aria-checked', 'false');

  // Quiet hours in a zone the server does not know: refused under the zone's field; a real one is saved.
  await page.getByTestId('notice-quiet-on').click();
  await page.getByTestId('notice-quiet-start').fill('22:30');
  await page.getByTestId('notice-quiet-end').fill('07:00');
  await page.getByTestId('notice-timezone').fill('Mars/Olympus_Mons');
  await page.getByTestId('notice-quiet-save').click();
  await expect(page.getByTestId('notice-timezone-error')).toHaveText('Not a known time zone');
  await shot('timezone-refused');
  await page.getByTestId('notice-timezone').fill('Asia/Tokyo');
  await page.getByTestId('notice-quiet-save').click();
  await expect(page.getByTestId('notice-timezone-error')).toHaveCount(0);
  await expect
    .poll(async () => apiGet<object>(page.request, account.token, '/notice/preferences', {}))
    .toMatchObject({ quietHours: { start: '22:30', end: '07:00' }, timezone: 'Asia/Tokyo' });
  await page.reload();
  await expect(page.getByTestId('notice-timezone')).toHaveValue('Asia/Tokyo');
  await expect(page.getByTestId('notice-quiet-start')).toHaveValue('22:30');

  // A room's info page mutes its notifications, and shows it muted when opened again.
  await page.goto(`/#/pages/chatroom/setting/index?id=${room.id}`);
  const mute = page.getByTestId('room-mute');
  await expect(mute).toHaveAttribute('aria-checked', 'false');
  await mute.click();
  await expect(mute).toHaveAttribute('aria-checked', 'true');
  await expect
    .poll(
      async () =>
        (await apiGet<{ muted: boolean }>(page.request, account.token, '/notice/mute', { roomId: room.id })).muted,
    )
    .toBe(true);
  await page.reload();
  await expect(page.getByTestId('room-mute')).toHaveAttribute('aria-checked', 'true');
  await shot('room-muted');
});

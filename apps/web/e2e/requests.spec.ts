import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { API_BASE, hashTradePassword } from '@polaris/contract';
import { accountByApi, apiCall, E2E_TRADE_PASSWORD, freeActivity, fundedAccount, logInAs, test } from './support.ts';

// What the taps people make most cost in requests (issue 33, "caches fed by what already arrived"): an answer and a
// socket frame that carry the new state are written into the cache, and only what nothing carried is asked again.
// Each journey counts the API reads the browser makes after the tap, not the time they take.

/** Every API read (GET) the page makes from now on, by path and query, in order. */
function readsFrom(page: Page): { list: string[]; stop(): void } {
  const list: string[] = [];
  const listener = (request: { method(): string; url(): string }) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' && url.pathname.startsWith(API_BASE))
      list.push(`${url.pathname.slice(API_BASE.length)}${url.search}`);
  };
  page.on('request', listener);
  return { list, stop: () => page.off('request', listener) };
}

/** Long enough for the claim's frames (the room's and the user's) to have arrived and been acted on. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1_500);
  await page.waitForLoadState('networkidle');
}

test('a red packet opened from its chat card costs at most one read after the claim', async ({ page, browser }) => {
  const ann = await fundedAccount(page.request, 'reads-packet-ann');
  const room = await apiCall<{ id: string }>(page.request, ann.token, '/chat/room/create', {
    name: 'Counting reads',
    description: 'Where the requests are counted',
    joinPolicy: 'public',
  });
  const bobContext = await browser.newContext();
  const bob = await bobContext.newPage();
  const bobAccount = await accountByApi(bob.request, 'reads-packet-bob');
  await apiCall(bob.request, bobAccount.token, '/chat/room/join', { roomId: room.id });
  await apiCall(page.request, ann.token, '/redpacket/send', {
    kind: 'chat',
    roomId: room.id,
    asset: 'USDT',
    amount: '2',
    count: 2,
    validity: 1,
    validityUnit: 'day',
    greeting: 'Count me',
    tradePassword: hashTradePassword(E2E_TRADE_PASSWORD, ann.uid),
    idempotencyKey: randomUUID(),
  });

  await logInAs(bob, bobAccount.email);
  await bob.goto(`/#/pages/chatroom/chat/index?id=${room.id}`);
  const card = bob.getByTestId('chat-red-packet');
  await card.click();
  await expect(bob.getByTestId('envelope')).toHaveAttribute('data-view', 'open');
  await settle(bob);

  const reads = readsFrom(bob);
  await bob.getByTestId('envelope-open').click();
  await expect(bob.getByTestId('red-packet-opened-amount')).toContainText('USDT');
  await settle(bob);
  reads.stop();
  console.log(`reads after the claim: ${reads.list.join(', ')}`);
  expect(reads.list.length, `reads after the claim: ${reads.list.join(', ')}`).toBeLessThanOrEqual(1);
  await bobContext.close();
});

test('a notice that arrives on the socket shows in the open inbox and opens without reading the inbox again', async ({
  page,
}) => {
  const organizer = await accountByApi(page.request, 'reads-notice-host');
  const guest = await accountByApi(page.request, 'reads-notice-guest');
  const activityId = await freeActivity(page.request, organizer, 'Reads Meetup');
  await logInAs(page, guest.email);
  await page.goto('/#/pages/my/notices/index');
  await expect(page.getByTestId('notices-empty').or(page.getByTestId('notice-row').first())).toBeVisible();
  await settle(page);

  const reads = readsFrom(page);
  // Registering confirms by notice, which arrives on the socket while the inbox is open.
  const response = await page.request.get(`${API_BASE}/activity/detail`, {
    headers: { token: guest.token },
    params: { id: activityId },
  });
  const detail = ((await response.json()) as { attachment: { ticketTypes: { id: string }[] } }).attachment;
  await apiCall(page.request, guest.token, '/activity/signup', {
    activityId,
    ticketTypeId: detail.ticketTypes[0]!.id,
    answers: {},
    idempotencyKey: randomUUID(),
  });
  const row = page.getByTestId('notice-row').filter({ hasText: 'Reads Meetup' });
  await expect(row).toHaveAttribute('data-read', 'false');
  await row.click();
  await expect(page).toHaveURL(new RegExp(`/pages/activity/details/index\\?id=${activityId}`));
  await expect(page.getByTestId('my-registration')).toBeVisible();
  await settle(page);
  reads.stop();
  console.log(`reads after the notice: ${reads.list.join(', ')}`);
  const noticeReads = reads.list.filter((read) => read.startsWith('/notice/'));
  expect(noticeReads, `the inbox's reads after the notice arrived: ${noticeReads.join(', ')}`).toEqual([]);
});

test('signing up on an activity’s page shows the ticket from the answer and reads the page at most once more', async ({
  page,
}) => {
  const organizer = await accountByApi(page.request, 'reads-signup-host');
  const guest = await accountByApi(page.request, 'reads-signup-guest');
  const activityId = await freeActivity(page.request, organizer, 'Sign-up Reads');
  await logInAs(page, guest.email);
  await page.goto(`/#/pages/activity/details/index?id=${activityId}`);
  await page.getByTestId('details-signup').click();
  await expect(page.getByTestId('signup-confirm-outcome')).toHaveAttribute('data-outcome', 'approved');
  await settle(page);

  const reads = readsFrom(page);
  await page.getByTestId('signup-confirm-ok').click();
  await expect(page.getByTestId('my-registration').getByTestId('ticket-status')).toHaveAttribute(
    'data-status',
    'approved',
  );
  await settle(page);
  reads.stop();
  console.log(`reads after the sign-up: ${reads.list.join(', ')}`);
  const pageReads = reads.list.filter((read) => read.startsWith('/activity/detail?'));
  expect(pageReads.length, `the page read again: ${pageReads.join(', ')}`).toBeLessThanOrEqual(1);
});

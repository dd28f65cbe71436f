import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { API_BASE, hashTradePassword } from '@polaris/contract';
import { accountByApi, apiCall, E2E_TRADE_PASSWORD, fundedAccount, logInAs, stepper, test } from './support.ts';

/** The bounty's id, from the detail page the creation lands on. */
async function detailId(page: Page): Promise<string> {
  const detail = page.getByTestId('bounty-detail');
  await expect(detail).toBeVisible();
  return (await detail.getAttribute('data-id'))!;
}

// Ann posts a bounty of 20 USDT for two winners through the screens (the pool escrowed behind her transaction
// password), Ben finds it in the list and submits a text and a link, Ann approves him on bounty-manage (confirming
// "pay 10 USDT"), and Ben sees the approval with a link to its record and then the reward in his USDT records.
test('a bounty from creation to payout: posted, submitted, approved, found in the records', async ({
  page,
  browser,
}, info) => {
  const shot = stepper(page, info);
  const ann = await fundedAccount(page.request, 'bounty-ann');
  const ben = await accountByApi(page.request, 'bounty-ben');
  const title = `Recap of meetup ${Date.now().toString(36)}`;

  // Ann: the bounty home, then the create form.
  await logInAs(page, ann.email);
  await page.goto('/#/pages/bounty/index');
  await expect(page.getByTestId('bounty-hero')).toBeVisible();
  await page.getByTestId('bounty-entry-create').click();
  await page.getByTestId('bounty-title').fill(title);
  await page.getByTestId('bounty-description').fill('Write a recap of Saturday and link it.');
  await page.getByTestId('bounty-total').fill('20');
  await page.getByTestId('bounty-split').fill('2');
  await expect(page.getByTestId('bounty-computed')).toHaveText('Each winner gets 10.00 USDT');
  await page.getByTestId('bounty-kind-link').click();
  await expect(page.getByTestId('bounty-available')).toContainText('100.00 USDT');
  await shot('create-form');
  await page.getByTestId('bounty-next').click();
  await expect(page.getByTestId('bounty-confirm-total')).toHaveText('20.00 USDT');
  await expect(page.getByTestId('bounty-confirm-split')).toHaveText('2 × 10.00 USDT');
  await shot('create-confirm');
  await page.getByTestId('bounty-confirm-ok').click();
  await page.getByTestId('trade-prompt-password').fill(E2E_TRADE_PASSWORD);
  await page.getByTestId('trade-prompt-submit').click();
  const id = await detailId(page);
  await expect(page.getByTestId('bounty-title')).toHaveText(title);
  await expect(page.getByTestId('bounty-escrow-left')).toHaveText('20.00 USDT');
  await shot('created');

  // Ben: finds it in the list by searching, opens it and submits.
  const benContext = await browser.newContext();
  const benPage = await benContext.newPage();
  const benShot = stepper(benPage, info);
  await logInAs(benPage, ben.email);
  await benPage.goto('/#/pages/bounty/bounty-list/index');
  await benPage.getByTestId('bounty-list-search').locator('input').fill(title);
  const card = benPage.locator(`[data-testid="bounty-card"][data-id="${id}"]`);
  await expect(card).toContainText('10');
  await expect(card).toContainText('2 of 2 winners left');
  await card.click();
  await benPage.getByTestId('bounty-submit-link').fill('http://not-secure.example.com');
  await benPage.getByTestId('bounty-submit').click();
  await expect(benPage.getByTestId('bounty-submit-text-error')).toHaveText('This bounty asks for a text');
  await expect(benPage.getByTestId('bounty-submit-link-error')).toHaveText(
    'Please enter a link starting with https://',
  );
  await benPage.getByTestId('bounty-submit-text').fill('My recap, with photos of the demos.');
  await benPage.getByTestId('bounty-submit-link').fill('https://blog.example.com/recap');
  await benPage.getByTestId('bounty-submit').click();
  await expect(benPage.getByTestId('bounty-my-submission')).toHaveAttribute('data-state', 'pending');
  await expect(benPage.getByTestId('bounty-submit-form')).toBeHidden();
  await benShot('ben-submitted');

  // Ann: her bounties, the review queue, approve with the confirmation.
  await page.goto('/#/pages/bounty/bounty-mine/index');
  const mine = page.locator(`[data-testid="bounty-mine-item"][data-id="${id}"]`);
  await mine.getByTestId('bounty-mine-review').click();
  await expect(page.getByTestId('bounty-manage-pending')).toHaveText('1');
  const row = page.locator(`[data-testid="bounty-submission"][data-uid="${ben.uid}"]`);
  await expect(row).toContainText('My recap, with photos of the demos.');
  await row.getByTestId('bounty-approve').click();
  // Ben has no profile name, so the server shows his masked email.
  await expect(page.getByRole('dialog')).toContainText(/Pay 10\.00 USDT to bo\S+\. This cannot be undone\./);
  await shot('approve-confirm');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await page.getByTestId('bounty-filter-approved').click();
  const paid = page.locator(`[data-testid="bounty-submission"][data-uid="${ben.uid}"]`);
  await expect(paid).toHaveAttribute('data-state', 'approved');
  await expect(paid.getByTestId('bounty-submission-amount')).toHaveText('10.00 USDT');
  // No ledger ids on user screens: the payout is Ben's record, not Ann's.
  await expect(paid.getByTestId('bounty-submission-entry')).toHaveCount(0);
  await expect(page.getByTestId('bounty-manage-paid')).toHaveText('1/2');
  await expect(page.getByTestId('bounty-manage-escrow')).toHaveText('10.00');
  await shot('approved');
  // Back from bounty-manage goes to bounty-mine (SPEC §2), and from there to the bounty home.
  await page.getByTestId('nav-back').click();
  await expect(page).toHaveURL(/bounty-mine/);
  await page.getByTestId('nav-back').click();
  await expect(page.getByTestId('bounty-hero')).toBeVisible();

  // Ben: the approval with its amount and a link to its record, then the reward in his records.
  await benPage.reload();
  await expect(benPage.getByTestId('bounty-my-submission')).toHaveAttribute('data-state', 'approved');
  await expect(benPage.getByTestId('bounty-my-amount')).toHaveText('+10.00 USDT');
  await benPage.getByTestId('bounty-my-entry').click();
  await expect(benPage.getByTestId('record-detail-kind')).toHaveText('Bounty reward');
  await expect(benPage.getByTestId('record-detail-amount')).toHaveText('+10.00 USDT');
  await benPage.goto('/#/pages/home/assets/details/records-more/index?asset=USDT');
  const reward = benPage.getByTestId('record-item').filter({ hasText: 'Bounty reward' });
  await expect(reward.getByTestId('record-amount')).toHaveText('+10.00 USDT');
  await benShot('ben-records');

  // Ann's records name the escrowed pool too.
  await page.goto('/#/pages/home/assets/details/records-more/index?asset=USDT');
  await expect(
    page.getByTestId('record-item').filter({ hasText: 'Bounty pool' }).getByTestId('record-amount'),
  ).toHaveText('-20.00 USDT');
  const balance = await page.request.get(`${API_BASE}/wallet/asset?asset=USDT`, { headers: { token: ann.token } });
  expect(((await balance.json()) as { attachment: { available: string } }).attachment.available).toBe('80');
  await benContext.close();
});

// Ann posts a bounty into her room from the composer's "+" menu (room members by default); she is back in the room
// with its card. Ben, a member, opens the card, submits, and on his way back the card says "Submitted", from the
// room's 24 h memory of bounties dealt with.
test('a bounty posted in a chat room: its card in the room, and "Submitted" once done', async ({
  page,
  browser,
}, info) => {
  const shot = stepper(page, info);
  const ann = await fundedAccount(page.request, 'room-bounty-ann');
  const ben = await accountByApi(page.request, 'room-bounty-ben');
  const room = await apiCall<{ id: string }>(page.request, ann.token, '/chat/room/create', {
    name: 'Recap writers',
    description: 'We write about our meetups',
    joinPolicy: 'public',
  });
  await apiCall(page.request, ben.token, '/chat/room/join', { roomId: room.id });
  const title = `Room task ${Date.now().toString(36)}`;

  await logInAs(page, ann.email);
  await page.goto(`/#/pages/chatroom/chat/index?id=${room.id}`);
  await page.getByTestId('composer-more').click();
  await page.getByTestId('composer-bounty').click();
  await expect(page.getByTestId('chat-bounty-room')).toContainText('Recap writers');
  await expect(page.getByTestId('bounty-audience-room')).toHaveAttribute('aria-checked', 'true');
  await page.getByTestId('bounty-title').fill(title);
  await page.getByTestId('bounty-total').fill('6');
  await page.getByTestId('bounty-split').fill('3');
  await expect(page.getByTestId('bounty-computed')).toHaveText('Each winner gets 2.00 USDT');
  await page.getByTestId('bounty-next').click();
  await page.getByTestId('bounty-confirm-ok').click();
  await page.getByTestId('trade-prompt-password').fill(E2E_TRADE_PASSWORD);
  await page.getByTestId('trade-prompt-submit').click();
  await expect(page).toHaveURL(/chatroom\/chat\/index/);
  const annCard = page.getByTestId('chat-bounty').filter({ hasText: title });
  await expect(annCard).toContainText('2.00 USDT per winner');
  await shot('posted-in-room');

  const benContext = await browser.newContext();
  const benPage = await benContext.newPage();
  await logInAs(benPage, ben.email);
  await benPage.goto(`/#/pages/chatroom/chat/index?id=${room.id}`);
  const card = benPage.getByTestId('chat-bounty').filter({ hasText: title });
  await expect(card).toHaveAttribute('data-submitted', 'false');
  await card.click();
  await expect(benPage.getByTestId('bounty-audience')).toHaveText('Room members');
  await benPage.getByTestId('bounty-submit-text').fill('Done: my recap is pinned in the room.');
  await benPage.getByTestId('bounty-submit').click();
  await expect(benPage.getByTestId('bounty-my-submission')).toHaveAttribute('data-state', 'pending');
  await benPage.getByTestId('nav-back').click();
  await expect(card).toHaveAttribute('data-submitted', 'true');
  await expect(card.getByTestId('chat-bounty-submitted')).toBeVisible();
  const bountyId = (await card.getAttribute('data-id'))!;
  const remembered = await benPage.evaluate(
    () => JSON.parse(localStorage.getItem('polarisex:store') ?? '{}').processedBounties ?? {},
  );
  expect(Object.keys(remembered)).toContain(`${room.id}_${bountyId}`);
  await stepper(benPage, info)('ben-card-submitted');
  await benContext.close();
});

// A tap on a search result opens it, even when the detail page's code is slow to come (a phone on a slow network):
// the list once wrote its search into the address 400 ms after the last key, and that write, landing while the
// detail page was still loading, took the user back to the list. The page's code is held back here for 1.5 s.
test('a search result tapped before the search settles opens, and stays open', async ({ page }) => {
  const ann = await fundedAccount(page.request, 'bounty-tap-ann');
  const title = `Quick tap ${Date.now().toString(36)}`;
  const bounty = await apiCall<{ id: string }>(page.request, ann.token, '/bounty/create', {
    title,
    total: '2',
    winners: 1,
    asset: 'USDT',
    deadline: new Date(Date.now() + 86_400_000).toISOString(),
    submitKinds: ['text'],
    tradePassword: hashTradePassword(E2E_TRADE_PASSWORD, ann.uid),
    idempotencyKey: randomUUID(),
  });
  await logInAs(page, ann.email);
  await page.goto('/#/pages/bounty/bounty-list/index');
  const card = page.locator(`[data-testid="bounty-card"][data-id="${bounty.id}"]`);
  await expect(card).toBeVisible();
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  await page.getByTestId('bounty-list-search').locator('input').fill(title);
  await card.click();
  await expect(page.getByTestId('bounty-detail')).toBeVisible();
  await expect(page).toHaveURL(/bounty-detail/);
  // Past the old timer's moment, and still there.
  await page.waitForTimeout(1_000);
  await expect(page).toHaveURL(/bounty-detail/);
  await expect(page.getByTestId('bounty-detail')).toHaveAttribute('data-id', bounty.id);
});

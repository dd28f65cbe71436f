import { expect, type Page } from '@playwright/test';
import { accountByApi, apiCall, E2E_TRADE_PASSWORD, fundedAccount, logInAs, stepper, test } from './support.ts';

async function confirmWithTradePassword(page: Page) {
  await page.getByTestId('send-confirm-ok').click();
  await page.getByTestId('trade-prompt-password').fill(E2E_TRADE_PASSWORD);
  await page.getByTestId('trade-prompt-submit').click();
}

// Ann sends a password red packet through the form (checked before it goes, confirmed, then the transaction
// password), passes its link on from the share page; Bob opens the link, is refused a wrong password on the
// envelope, types the right one, and sees his share on the receive page. Ann's home then counts it.
test('a password red packet: sent through the form, opened by link and password, seen on receive', async ({
  page,
  browser,
}, info) => {
  const shot = stepper(page, info);
  const ann = await fundedAccount(page.request, 'rp-ann');
  await logInAs(page, ann.email);

  await page.goto('/#/pages/red-envelope/index');
  await expect(page.getByTestId('redpacket-empty-sent')).toBeVisible();
  await shot('home-empty');
  await page.getByTestId('redpacket-send-password').click();
  await expect(page.getByTestId('send-form')).toHaveAttribute('data-kind', 'password');
  await page.getByTestId('send-token-USDT').click();

  // The form's own checks: an empty amount, a count out of range, a password too short.
  await page.getByTestId('send-count').fill('0');
  await page.getByTestId('send-password').fill('abc');
  await page.getByTestId('send-next').click();
  await expect(page.getByTestId('send-amount-error')).toHaveText('The red packet amount cannot be empty');
  await expect(page.getByTestId('send-count-error')).toContainText('between 1 and 1000');
  await expect(page.getByTestId('send-password-error')).toContainText('too short');

  // Fixed split: 2.5 each for 4 people is 10 in all, and that is what is sent.
  await page.getByTestId('send-split-fixed').click();
  await page.getByTestId('send-amount').fill('2.5');
  await page.getByTestId('send-count').fill('4');
  await expect(page.getByTestId('send-total')).toHaveAttribute('data-total', '10');
  await page.getByTestId('send-password').fill('open sesame');
  await page.getByTestId('send-greeting').fill('Happy meetup!');
  await shot('send-form');
  await page.getByTestId('send-next').click();
  await expect(page.getByTestId('confirm-total')).toHaveText('10.00 USDT');
  await expect(page.getByTestId('confirm-count')).toHaveText('4 packets of 2.50 USDT each');
  await shot('send-confirm');
  await confirmWithTradePassword(page);

  // The share page: the link and its QR code, the password reminder for the sender.
  await expect(page).toHaveURL(/password\/share\/index\?redpacketCode=/);
  const link = (await page.getByTestId('share-link').textContent()) ?? '';
  // A short link (docs/new-user-polish.md "links"): it redirects a person to the packet's password page.
  expect(link).toMatch(/\/s\/r[A-Za-z0-9]+$/);
  expect(link).not.toContain('sesame');
  await expect(page.getByTestId('packet-qr')).toHaveAttribute('data-link', link);
  await page.getByTestId('share-password-reveal').click();
  await expect(page.getByTestId('share-password')).toHaveText('open sesame');
  await shot('share');
  const code = new URL(link).pathname.slice('/s/r'.length);
  // Back from the share page goes to the red packet home, which now lists the packet.
  await page.getByTestId('nav-back').click();
  await expect(page).toHaveURL(/#\/pages\/red-envelope\/index$/);
  await expect(page.getByTestId('redpacket-sent-count')).toHaveText('1 packet');
  await expect(page.locator(`[data-testid="packet-row"][data-code="${code}"]`)).toBeVisible();

  // Bob opens the link.
  const bobContext = await browser.newContext();
  const bob = await bobContext.newPage();
  const bobShot = stepper(bob, info);
  const bobAccount = await accountByApi(bob.request, 'rp-bob');
  await logInAs(bob, bobAccount.email);
  await bob.goto(new URL(link).pathname);
  await expect(bob.getByTestId('envelope')).toHaveAttribute('data-view', 'open');
  await expect(bob.getByTestId('envelope-greeting')).toHaveText('Happy meetup!');
  await bob.getByTestId('envelope-password').fill('open sesame?');
  await bob.getByTestId('envelope-open').click();
  await expect(bob.getByTestId('envelope-password-error')).toHaveText('The red envelope password is wrong');
  await bobShot('wrong-password');
  await bob.getByTestId('envelope-password').fill('open sesame');
  await bob.getByTestId('envelope-open').click();

  await expect(bob).toHaveURL(/receive\/index\?redpacketCode=/);
  await expect(bob.getByTestId('receive-amount')).toContainText('2.50');
  await expect(bob.getByTestId('receive-claimed')).toContainText('1/4');
  await expect(bob.getByTestId('claim-row')).toHaveCount(1);
  await expect(bob.getByTestId('claim-entry')).toHaveCount(0);
  await bobShot('receive');

  // Opening it again says so on the envelope: Bob's share, not a second one.
  await bob.goto(`/#/pages/red-envelope/password/index?redpacketCode=${code}`);
  await expect(bob.getByTestId('envelope')).toHaveAttribute('data-view', 'mine');
  await expect(bob.getByTestId('envelope-amount')).toContainText('2.50');

  // Ann, the sender, sees the packet; no ledger numbers on the screen, and her own sending opens in her records.
  await page.goto(`/#/pages/red-envelope/receive/index?redpacketCode=${code}`);
  await expect(page.getByTestId('receive-total')).toContainText('10.00');
  await expect(page.getByTestId('claim-entry')).toHaveCount(0);
  await shot('sender-receive');
  await page.getByTestId('receive-send-entry').click();
  await expect(page.getByTestId('record-detail')).toBeVisible();
  await bobContext.close();
});

// Ann sends a red packet into a room from the chat's "+" panel and lands back in the room with it; Bob, a member,
// taps the card, opens it in the sheet, sees his share, and the card then says "Opened", after a reload too.
test('a chat red packet: sent into a room, claimed from the message, the card shows opened', async ({
  page,
  browser,
}, info) => {
  const shot = stepper(page, info);
  const ann = await fundedAccount(page.request, 'rp-chat-ann');
  const bobContext = await browser.newContext();
  const bob = await bobContext.newPage();
  const bobShot = stepper(bob, info);
  const bobAccount = await accountByApi(bob.request, 'rp-chat-bob');
  const room = await apiCall<{ id: string }>(page.request, ann.token, '/chat/room/create', {
    name: 'Red packet room',
    joinPolicy: 'public',
  });
  await apiCall(bob.request, bobAccount.token, '/chat/room/join', { roomId: room.id });

  await logInAs(page, ann.email);
  await page.goto(`/#/pages/chatroom/chat/index?id=${room.id}`);
  await page.getByTestId('composer-more').click();
  await page.getByTestId('composer-red-packet').click();
  await expect(page.getByTestId('send-form')).toHaveAttribute('data-kind', 'chat');
  await page.getByTestId('send-token-USDT').click();
  await page.getByTestId('send-amount').fill('3');
  await page.getByTestId('send-count').fill('2');
  await page.getByTestId('send-greeting').fill('For the room');
  await shot('chat-send-form');
  await page.getByTestId('send-next').click();
  await expect(page.getByTestId('confirm-audience')).toHaveText('Members of Red packet room');
  await confirmWithTradePassword(page);

  await expect(page).toHaveURL(new RegExp(`chat/index\\?id=${room.id}`));
  const annCard = page.getByTestId('chat-red-packet');
  await expect(annCard).toBeVisible();
  await expect(page.getByTestId('chat-red-packet-state')).toHaveText('Red packet sent');
  await shot('chat-room-sent');

  await logInAs(bob, bobAccount.email);
  await bob.goto(`/#/pages/chatroom/chat/index?id=${room.id}`);
  const card = bob.getByTestId('chat-red-packet');
  await expect(card).toHaveAttribute('data-opened', 'false');
  await expect(card).toContainText('For the room');
  await card.click();
  await expect(bob.getByTestId('envelope')).toHaveAttribute('data-view', 'open');
  await bobShot('chat-envelope');
  await bob.getByTestId('envelope-open').click();
  await expect(bob.getByTestId('red-packet-opened-amount')).toContainText('USDT');
  await bobShot('chat-opened');
  await bob.mouse.click(200, 100);
  await expect(card).toHaveAttribute('data-opened', 'true');
  await expect(bob.getByTestId('chat-red-packet-state')).toHaveText('Opened');

  // Remembered for the room: after a reload the card says so without opening anything.
  await bob.reload();
  await expect(bob.getByTestId('chat-red-packet')).toHaveAttribute('data-opened', 'true');
  await bobShot('chat-remembered');
  await bobContext.close();
});

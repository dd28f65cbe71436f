import { type BrowserContext, expect, type Page } from '@playwright/test';
import { API_BASE, CHAT_LIMITS } from '@polaris/contract';
import { accountByApi, logInAs, stepper, test } from './support.ts';

// Two people in two browsers: Ann creates a public room, Bob finds it by search and joins, their messages
// appear live on each other's screens; Bob loses the network, what he types shows as not sent and arrives
// exactly once when he is back; a long history loads upward as Bob scrolls up.

const signUpByApi = accountByApi;
const logIn = logInAs;

/** A message whose text (or a run of it) is exactly `text`: "Seed message 1" is not "Seed message 10". */
const message = (page: Page, text: string) =>
  page.getByTestId('chat-message').filter({ has: page.getByText(text, { exact: true }) });

async function send(page: Page, text: string) {
  await page.getByTestId('composer-input').fill(text);
  await page.getByTestId('composer-send').click();
}

/** The conversation's scroll position, and how far it is from the bottom. */
const scrollState = (page: Page) =>
  page.getByTestId('chat-scroller').evaluate((element) => ({
    top: element.scrollTop,
    fromBottom: element.scrollHeight - element.scrollTop - element.clientHeight,
  }));

test('two people chat live in a public room, through a network loss and a long history', async ({
  page: ann,
  browser,
}, info) => {
  test.setTimeout(120_000);
  const shot = stepper(ann, info);
  const annAccount = await signUpByApi(ann.request, 'chat-ann');
  const bobContext: BrowserContext = await browser.newContext();
  const bob = await bobContext.newPage();
  const bobAccount = await signUpByApi(bob.request, 'chat-bob');
  await logIn(ann, annAccount.email);
  await logIn(bob, bobAccount.email);

  // Ann creates a public room and says hello.
  const roomName = `Trail runners ${Date.now().toString(36)}`;
  await ann.goto('/#/pages/chatroom/index');
  await ann.getByTestId('room-new').click();
  await ann.getByTestId('room-name-input').fill(roomName);
  await ann.getByTestId('room-create-submit').click();
  await expect(ann).toHaveURL(/chatroom\/chat\/index\?id=\d+/);
  const roomId = new URL(ann.url().replace('/#/', '/')).searchParams.get('id')!;
  /** The room's stored messages with this text, as the server has them. */
  const storedTexts = async (text: string) => {
    const response = await ann.request.get(`${API_BASE}/chat/messages`, {
      headers: { token: annAccount.token },
      params: { roomId },
    });
    const body = (await response.json()) as { attachment: { items: { text: string }[] } };
    return body.attachment.items.map((item) => item.text).filter((stored) => stored === text);
  };
  await expect(ann.getByTestId('nav-title')).toHaveText(roomName);
  await expect(ann.getByTestId('room-subtitle')).toHaveText('1 member');
  await send(ann, 'Hello from Ann');
  await expect(message(ann, 'Hello from Ann')).toBeVisible();
  await expect(ann.getByTestId('chat-pending')).toHaveCount(0);

  // Bob finds it by name and joins.
  await bob.goto('/#/pages/chatroom/index');
  await bob.getByTestId('room-search').locator('input').fill(roomName.slice(0, 14));
  const result = bob.getByTestId('room-search-row').filter({ hasText: roomName });
  await expect(result).toBeVisible();
  await result.getByTestId('room-search-join').click();
  await expect(bob).toHaveURL(new RegExp(`chat/index\\?id=${roomId}`));
  await expect(message(bob, 'Hello from Ann')).toBeVisible();
  await expect(ann.getByTestId('room-subtitle')).toHaveText('2 members');

  // Live both ways.
  await send(bob, 'Hi Ann, Bob here');
  await expect(message(ann, 'Hi Ann, Bob here')).toBeVisible();
  await send(ann, 'Welcome, Bob! https://example.org/route');
  const welcome = bob.getByTestId('chat-message').filter({ hasText: 'Welcome, Bob!' });
  await expect(welcome).toBeVisible();
  const link = welcome.getByRole('link');
  await expect(link).toHaveAttribute('href', 'https://example.org/route');
  await expect(link).toHaveAttribute('rel', /noopener/);
  await shot('live-both-ways');

  // Bob goes offline: his message is kept as not sent, and arrives once when he is back.
  await bobContext.setOffline(true);
  await expect(bob.getByTestId('room-offline')).toBeVisible();
  await send(bob, 'Typed in a tunnel');
  const pending = bob.getByTestId('chat-pending').filter({ hasText: 'Typed in a tunnel' });
  await expect(pending).toHaveAttribute('data-status', 'queued');
  await expect(pending).toContainText('Not sent');
  await bob.screenshot({ path: info.outputPath('offline.png') });
  // Nothing of it reached the server while Bob is offline (read from the server, not after a pause).
  expect(await storedTexts('Typed in a tunnel')).toEqual([]);
  await expect(message(ann, 'Typed in a tunnel')).toHaveCount(0);
  await bobContext.setOffline(false);
  await expect(message(ann, 'Typed in a tunnel')).toHaveCount(1, { timeout: 15_000 });
  await expect(message(bob, 'Typed in a tunnel')).toHaveCount(1);
  await expect(bob.getByTestId('chat-pending')).toHaveCount(0);
  await expect(bob.getByTestId('room-offline')).toHaveCount(0);
  // Stored once, and shown once: a message Ann sends afterwards arrives behind any second copy there could be.
  expect(await storedTexts('Typed in a tunnel')).toEqual(['Typed in a tunnel']);
  await send(ann, 'After the tunnel');
  await expect(message(bob, 'After the tunnel')).toHaveCount(1);
  await expect(message(ann, 'Typed in a tunnel')).toHaveCount(1);
  await expect(message(bob, 'Typed in a tunnel')).toHaveCount(1);

  // A history longer than a page, sent over HTTP; Bob opens the room again and scrolls up through it.
  const seeded = CHAT_LIMITS.historyPage + 15;
  for (let i = 1; i <= seeded; i++) {
    const response = await ann.request.post(`${API_BASE}/chat/message/send`, {
      headers: { token: annAccount.token },
      data: { roomId, text: `Seed message ${i}` },
    });
    expect(((await response.json()) as { status: number }).status).toBe(200);
  }
  await expect(message(ann, `Seed message ${seeded}`)).toBeVisible();
  await bob.reload();
  await expect(message(bob, `Seed message ${seeded}`)).toBeVisible();
  await expect(message(bob, 'Hello from Ann')).toHaveCount(0);
  expect((await scrollState(bob)).fromBottom).toBeLessThan(50);
  const scroller = bob.getByTestId('chat-scroller');
  // Each scroll to the top loads the page above; scrolled again until the first message is in.
  await expect(async () => {
    await scroller.evaluate((element) => element.scrollTo({ top: 0 }));
    await expect(message(bob, 'Hello from Ann')).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(message(bob, 'Seed message 1')).toHaveCount(1);
  await expect(bob.getByTestId('chat-start')).toBeVisible();
  // Older pages came in above what Bob was reading, which stayed in place rather than jumping to the top.
  expect((await scrollState(bob)).top).toBeGreaterThan(0);
  await shot('after');
  await bob.screenshot({ path: info.outputPath('history.png') });

  // Back on the list, the room shows its last message.
  await ann.goto('/#/pages/chatroom/index');
  const row = ann.getByTestId('room-row').filter({ hasText: roomName });
  await expect(row.getByTestId('room-preview')).toHaveText(`You: Seed message ${seeded}`);
  await bobContext.close();
});

test('an invite link asks before joining an invite-only room, then opens it', async ({ page, browser }) => {
  const owner = await signUpByApi(page.request, 'chat-owner');
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  const guestAccount = await signUpByApi(guest.request, 'chat-guest');
  const created = await page.request.post(`${API_BASE}/chat/room/create`, {
    headers: { token: owner.token },
    data: { name: 'Invite only', joinPolicy: 'invite' },
  });
  const room = ((await created.json()) as { attachment: { id: string; inviteToken: string } }).attachment;
  await logIn(guest, guestAccount.email);

  // Not findable, and not open by id to someone outside it.
  await guest.goto(`/#/pages/chatroom/chat/index?id=${room.id}`);
  await expect(guest.getByTestId('room-not-found')).toBeVisible();

  await guest.goto(`/#/pages/chatroom/index?invite=${encodeURIComponent(room.inviteToken)}`);
  await expect(guest.getByTestId('invite-card')).toBeVisible();
  await guest.getByTestId('invite-join').click();
  await expect(guest).toHaveURL(new RegExp(`chat/index\\?id=${room.id}`));
  await expect(guest.getByTestId('nav-title')).toHaveText('Invite only');
  await expect(guest.getByTestId('chat-system').last()).toHaveText('You joined');

  await guest.goto('/#/pages/chatroom/index?invite=not-a-real-token');
  await guest.getByTestId('invite-join').click();
  await expect(guest.getByTestId('invite-card')).toContainText('This invite link is no longer valid.');
  await guestContext.close();
});

import AxeBuilder from '@axe-core/playwright';
import { type BrowserContext, expect, type Page } from '@playwright/test';
import { API_BASE } from '@polaris/contract';
import { accountByApi, logInAs, test } from './support.ts';

// Two people in two browsers, Ann in English and Bob in traditional Chinese: Ann reacts to a message and Bob sees the
// count live, Bob taps the same reaction and Ann sees two; Ann edits her message and Bob sees the new text marked
// edited; Ann (the room's owner) pins it and the pinned bar shows it on Bob's screen (docs/chat.md "Reactions,
// editing and pins"). Screens at 390 px in both languages go to SHOTS_DIR when it is set.

const shotsDir = process.env.SHOTS_DIR;
async function shot(page: Page, name: string) {
  if (shotsDir) await page.screenshot({ path: `${shotsDir}/${name}.png` });
}

const message = (page: Page, text: string) =>
  page.getByTestId('chat-message').filter({ has: page.getByText(text, { exact: true }) });

/** Opens a message's sheet as a mouse user does (right click; long press on touch, "⋯" from the keyboard). */
async function openActions(page: Page, text: string) {
  await message(page, text).getByText(text, { exact: true }).click({ button: 'right' });
  await expect(page.getByTestId('chat-actions')).toBeVisible();
}

async function expectNoSeriousAxe(page: Page) {
  const results = await new AxeBuilder({ page }).include('#main').analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('reactions, an edit and a pin show live on the other client', async ({ page: ann, browser }) => {
  test.setTimeout(120_000);
  const annAccount = await accountByApi(ann.request, 'react-ann');
  const bobContext: BrowserContext = await browser.newContext();
  const bob = await bobContext.newPage();
  const bobAccount = await accountByApi(bob.request, 'react-bob');
  const created = await ann.request.post(`${API_BASE}/chat/room/create`, {
    headers: { token: annAccount.token },
    data: { name: `Reactions ${Date.now().toString(36)}` },
  });
  const roomId = ((await created.json()) as { attachment: { id: string } }).attachment.id;
  const joined = await bob.request.post(`${API_BASE}/chat/room/join`, {
    headers: { token: bobAccount.token },
    data: { roomId },
  });
  expect(joined.ok()).toBe(true);
  await logInAs(ann, annAccount.email);
  await logInAs(bob, bobAccount.email, 'zh-Hant');
  await ann.goto(`/#/pages/chatroom/chat/index?id=${roomId}`);
  await bob.goto(`/#/pages/chatroom/chat/index?id=${roomId}`);

  await ann.getByTestId('composer-input').fill('Lunch at noon?');
  await ann.getByTestId('composer-send').click();
  await expect(message(bob, 'Lunch at noon?')).toBeVisible();

  // Ann reacts from the message's sheet; Bob sees it at once.
  await openActions(ann, 'Lunch at noon?');
  await expect(ann.getByTestId('reaction-pick')).toHaveCount(8);
  await shot(ann, 'en-actions-sheet');
  await ann.getByRole('button', { name: 'React with 👍' }).click();
  const bobChip = message(bob, 'Lunch at noon?').getByTestId('reaction-chip');
  await expect(bobChip).toHaveText('👍1');
  await expect(bobChip).toHaveAttribute('aria-pressed', 'false');

  // Bob taps the chip: two, his pressed; Ann sees two live, hers still pressed.
  await bobChip.click();
  await expect(bobChip).toHaveText('👍2');
  await expect(bobChip).toHaveAttribute('aria-pressed', 'true');
  const annChip = message(ann, 'Lunch at noon?').getByTestId('reaction-chip');
  await expect(annChip).toHaveText('👍2');
  await expect(annChip).toHaveAttribute('aria-pressed', 'true');

  // Who reacted.
  await openActions(bob, 'Lunch at noon?');
  await shot(bob, 'zh-Hant-actions-sheet');
  await bob.getByRole('button', { name: '誰回應了' }).click();
  await expect(bob.getByTestId('reactor')).toHaveCount(2);
  await shot(bob, 'zh-Hant-who-reacted');
  await bob.keyboard.press('Escape');
  await expect(bob.getByTestId('reactors-sheet')).toBeHidden();

  // Ann edits her message; Bob sees the new text, marked edited.
  await openActions(ann, 'Lunch at noon?');
  await ann.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(ann.getByTestId('composer-editing')).toBeVisible();
  await expect(ann.getByTestId('composer-input')).toHaveValue('Lunch at noon?');
  await shot(ann, 'en-editing');
  await ann.getByTestId('composer-input').fill('Lunch at 12:30?');
  await ann.getByTestId('composer-send').click();
  await expect(ann.getByTestId('composer-editing')).toHaveCount(0);
  const edited = message(bob, 'Lunch at 12:30?');
  await expect(edited).toBeVisible();
  await expect(edited.getByTestId('message-edited')).toHaveText('已編輯');
  await expect(message(bob, 'Lunch at noon?')).toHaveCount(0);
  await expect(edited.getByTestId('reaction-chip')).toHaveText('👍2');

  // Ann pins it; the pinned bar shows it on Bob's screen.
  await openActions(ann, 'Lunch at 12:30?');
  await ann.getByRole('button', { name: 'Pin', exact: true }).click();
  await expect(bob.getByTestId('pinned-bar')).toBeVisible();
  await expect(bob.getByTestId('pinned-text')).toHaveText('Lunch at 12:30?');
  await expect(ann.getByTestId('pinned-bar')).toBeVisible();
  await expect(ann.getByTestId('chat-actions')).toBeHidden();
  await shot(ann, 'en-room');
  await shot(bob, 'zh-Hant-room');
  await expectNoSeriousAxe(bob);
  await expectNoSeriousAxe(ann);

  // A second pin: the bar counts them and steps from the latest to the earlier one.
  await ann.getByTestId('composer-input').fill('Bring water');
  await ann.getByTestId('composer-send').click();
  await expect(message(bob, 'Bring water')).toBeVisible();
  await openActions(ann, 'Bring water');
  await ann.getByRole('button', { name: 'Pin', exact: true }).click();
  await expect(bob.getByTestId('pinned-text')).toHaveText('Bring water');
  await expect(bob.getByTestId('pinned-bar')).toContainText('置頂 1/2');
  await shot(bob, 'zh-Hant-two-pins');
  await bob.getByTestId('pinned-bar').click();
  await expect(bob.getByTestId('pinned-text')).toHaveText('Lunch at 12:30?');

  // Unpinning takes it off both screens.
  await openActions(ann, 'Bring water');
  await ann.getByRole('button', { name: 'Unpin', exact: true }).click();
  await expect(bob.getByTestId('pinned-bar')).not.toContainText('1/2');
  await expect(bob.getByTestId('pinned-text')).toHaveText('Lunch at 12:30?');

  // Bob loses the network. Meanwhile Ann reacts, edits and unpins: at his reconnect the socket replays messages
  // only, and the room asks its newest page and pins again, so Bob's screen shows all three without a reload.
  await bobContext.setOffline(true);
  await expect(bob.getByTestId('room-offline')).toBeVisible();
  await openActions(ann, 'Bring water');
  await ann.getByRole('button', { name: 'React with 🎉' }).click();
  await expect(message(ann, 'Bring water').getByTestId('reaction-chip')).toHaveText('🎉1');
  await openActions(ann, 'Lunch at 12:30?');
  await ann.getByRole('button', { name: 'Unpin', exact: true }).click();
  await expect(ann.getByTestId('pinned-bar')).toHaveCount(0);
  await openActions(ann, 'Bring water');
  await ann.getByRole('button', { name: 'Edit', exact: true }).click();
  await ann.getByTestId('composer-input').fill('Bring water and hats');
  await ann.getByTestId('composer-send').click();
  await expect(message(ann, 'Bring water and hats')).toBeVisible();
  await expect(message(bob, 'Bring water')).toBeVisible();
  await bobContext.setOffline(false);
  await expect(bob.getByTestId('room-offline')).toHaveCount(0, { timeout: 15_000 });
  const caughtUp = message(bob, 'Bring water and hats');
  await expect(caughtUp).toBeVisible();
  await expect(caughtUp.getByTestId('reaction-chip')).toHaveText('🎉1');
  await expect(bob.getByTestId('pinned-bar')).toHaveCount(0);
  await bobContext.close();
});

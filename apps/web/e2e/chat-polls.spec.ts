import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { API_BASE } from '@polaris/contract';
import { accountByApi, apiCall, logInAs, shotsFolder, test } from './support.ts';

// Two people in two browsers: Ann (English) posts a poll from the composer's + panel, Bob (繁體中文) votes, and
// Ann watches the result move live; Ann closes it, Bob's card turns closed on its own and a vote is refused.
// Screenshots at 390 px in both languages go to SHOTS (docs/chat.md "Polls").

const SHOTS = shotsFolder('i35-poll');

const card = (page: Page) => page.getByTestId('poll-card').last();
const option = (page: Page, index: number) => card(page).getByTestId('poll-option').nth(index);

async function seriousA11yProblems(page: Page) {
  const results = await new AxeBuilder({ page }).include('[data-testid="poll-card"]').analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
}

test('a poll: posted from the composer, voted on another screen, results live, closed and then refused', async ({
  page: ann,
  browser,
}) => {
  test.setTimeout(120_000);
  const annAccount = await accountByApi(ann.request, 'poll-ann');
  const bobContext = await browser.newContext();
  const bob = await bobContext.newPage();
  const bobAccount = await accountByApi(bob.request, 'poll-bob');
  const room = await apiCall<{ id: string }>(ann.request, annAccount.token, '/chat/room/create', {
    name: `Poll night ${Date.now().toString(36)}`,
  });
  await apiCall(bob.request, bobAccount.token, '/chat/room/join', { roomId: room.id });
  await logInAs(ann, annAccount.email);
  await logInAs(bob, bobAccount.email, 'zh-Hant');
  const roomPage = `/#/pages/chatroom/chat/index?id=${room.id}`;
  await ann.goto(roomPage);
  await bob.goto(roomPage);
  await expect(bob.getByTestId('composer')).toBeVisible();

  // Ann writes the poll in the sheet: a question, three options (one added), one choice, named.
  await ann.getByTestId('composer-more').click();
  await ann.getByTestId('composer-poll').click();
  const sheet = ann.getByTestId('poll-sheet');
  await expect(sheet).toBeVisible();
  await sheet.getByLabel('Question').fill('Where do we meet next?');
  await sheet.getByTestId('poll-option-add').click();
  const inputs = sheet.getByTestId('poll-option-input');
  await inputs.nth(0).fill('Taipei');
  await inputs.nth(1).fill('Tokyo');
  await inputs.nth(2).fill('taipei ');
  await sheet.getByTestId('poll-submit').click();
  // A repeated option is named under it, before anything is sent.
  await expect(sheet.locator('#poll-option-2-error')).toHaveText('This option is there already');
  await ann.screenshot({ path: `${SHOTS}/sheet-error-en-390.png` });
  await inputs.nth(2).fill('Seoul');
  await expect(sheet.locator('#poll-option-2-error')).toHaveCount(0);
  await ann.screenshot({ path: `${SHOTS}/sheet-en-390.png` });
  await sheet.getByTestId('poll-submit').click();
  await expect(sheet).toBeHidden();
  await expect(card(ann).getByRole('heading')).toHaveText('Where do we meet next?');
  await expect(card(ann).getByTestId('poll-voters')).toHaveText('No votes yet');

  // Bob sees it arrive and votes Tokyo; Ann's card moves without a reload.
  await expect(card(bob).getByRole('heading')).toHaveText('Where do we meet next?');
  await option(bob, 1).click();
  await expect(option(bob, 1)).toHaveAttribute('data-chosen', 'true');
  await expect(option(bob, 1)).toHaveAttribute('aria-pressed', 'true');
  await expect(option(ann, 1)).toHaveAttribute('data-percent', '100');
  await expect(option(ann, 1)).toContainText('100%');
  await expect(card(ann).getByTestId('poll-voters')).toHaveText('1 voter');
  // Ann votes Taipei: both screens split 50/50, Bob's choice still his.
  await option(ann, 0).click();
  await expect(option(bob, 0)).toHaveAttribute('data-percent', '50');
  await expect(option(bob, 1)).toHaveAttribute('data-percent', '50');
  await expect(option(bob, 1)).toHaveAttribute('data-chosen', 'true');
  await expect(card(bob).getByTestId('poll-voters')).toHaveText('2 人已投票');
  // A named poll: who voted for what.
  await card(ann).getByTestId('poll-show-voters').click();
  await expect(card(ann).getByTestId('poll-voter-list')).toContainText(`User ${bobAccount.uid}`);
  expect(await seriousA11yProblems(ann)).toEqual([]);
  await card(ann).screenshot({ path: `${SHOTS}/card-en-390.png` });
  await ann.screenshot({ path: `${SHOTS}/room-en-390.png` });
  await bob.screenshot({ path: `${SHOTS}/room-zh-Hant-390.png` });

  // Ann closes it; Bob's card turns closed live, and the server refuses a late vote with a clear message.
  await card(ann).getByTestId('poll-close').click();
  // The dialog's own button: the card's "Close poll" has the same name and stays under the dialog's mask.
  await ann
    .getByRole('dialog', { name: 'Close poll' })
    .getByRole('button', { name: 'Close poll', exact: true })
    .click();
  await expect(card(ann)).toHaveAttribute('data-open', 'false');
  await expect(card(bob)).toHaveAttribute('data-open', 'false');
  await expect(card(bob).getByTestId('poll-state')).toHaveText('已結束');
  await expect(card(bob).locator('button[data-testid="poll-option"]')).toHaveCount(0);
  const pollId = await card(bob).getAttribute('data-poll-id');
  const late = await bob.request.post(`${API_BASE}/chat/poll/vote`, {
    data: { pollId, choices: [2] },
    headers: { token: bobAccount.token, locale: 'zh_TW' },
  });
  const refused = (await late.json()) as { status: number; msg: string };
  expect(refused).toMatchObject({ status: 409, msg: '此投票已結束，不再接受投票' });
  await card(bob).screenshot({ path: `${SHOTS}/card-closed-zh-Hant-390.png` });

  // The sheet in Traditional Chinese, for the record.
  await bob.getByTestId('composer-more').click();
  await bob.getByTestId('composer-poll').click();
  await expect(bob.getByTestId('poll-sheet')).toBeVisible();
  await bob.screenshot({ path: `${SHOTS}/sheet-zh-Hant-390.png` });
  await bobContext.close();
});

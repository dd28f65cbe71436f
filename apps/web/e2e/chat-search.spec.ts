import { mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import type { Language } from '@polaris/contract';
import { type Account, accountByApi, apiCall, logInAs, shotsFolder, speakOnEveryLoad, test } from './support.ts';

// Message search (docs/chat.md "Search"): Ann's room holds a long history whose early message says 「我們在台北見」.
// She searches 台北 from the room's header, sees the hit marked, taps it and lands on that message in its place in
// the history, flashed, and pages down to the newest; then from the chat list she searches all her rooms.

const SHOTS = shotsFolder('i35-search');

async function shoot(page: Page, language: Language, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${language}-${name}.png`) });
}

/** axe on the page as it is: nothing serious or critical. */
async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function roomWithHistory(account: Account, request: Page['request'], name: string, texts: string[]) {
  const room = await apiCall<{ id: string }>(request, account.token, '/chat/room/create', { name });
  const seqs: number[] = [];
  for (const text of texts) {
    const sent = await apiCall<{ message: { seq: number } }>(request, account.token, '/chat/message/send', {
      roomId: room.id,
      text,
    });
    seqs.push(sent.message.seq);
  }
  return { id: room.id, seqs };
}

// One account for both languages: each sign-up waits on a mailed code, which a loaded machine slows.
test('searches a room and all my rooms, and opens a hit in its place in history, in English and Chinese', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const ann = await accountByApi(page.request, 'search');
  await apiCall(page.request, ann.token, '/user/personalInfo', { uname: 'Ann' });
  for (const language of ['en', 'zh-Hant'] as const) {
    // 130 messages: the hit is far above the newest page (50), so the history must open around it.
    const filler = Array.from({ length: 120 }, (_, n) => `Route note ${n + 1}: water, snacks and a headlamp`);
    const trail = await roomWithHistory(ann, page.request, `Trail ${language}`, [
      '先到的人在入口等',
      '我們在台北見',
      ...filler,
      'Meeting point moved to the north gate',
    ]);
    const hitSeq = trail.seqs[1]!;
    const newestSeq = trail.seqs[trail.seqs.length - 1]!;
    await roomWithHistory(ann, page.request, `Coffee ${language}`, ['明天台北車站集合', 'Bring your 台北 card']);

    if (language === 'en') await logInAs(page, ann.email, language);
    else await speakOnEveryLoad(page, language);
    await page.goto(`/#/pages/chatroom/chat/index?id=${trail.id}`);
    await page.reload();
    await expect(page.locator(`[data-testid="chat-message"][data-seq="${newestSeq}"]`)).toBeVisible();

    // The room's search, from its header.
    await page.getByTestId('room-search-messages').click();
    const sheet = page.getByTestId('message-search-sheet');
    await expect(sheet).toBeVisible();
    await sheet.getByTestId('message-search-room').locator('input').fill('台北');
    const hit = sheet.getByTestId('message-search-hit');
    await expect(hit).toHaveCount(1);
    await expect(hit.locator('mark')).toHaveText('台北');
    await expect(hit).toContainText('我們在台北見');
    await shoot(page, language, '1-room-search');
    await expectAccessible(page);

    // The hit opens the message in its place: on screen, flashed, with its neighbours loaded both ways.
    await hit.click();
    await expect(page).toHaveURL(new RegExp(`seq=${hitSeq}`));
    const target = page.locator(`[data-testid="chat-message"][data-seq="${hitSeq}"]`);
    await expect(target).toBeInViewport();
    await expect(target).toHaveClass(/flash/);
    await expect(page.locator(`[data-testid="chat-message"][data-seq="${hitSeq - 1}"]`)).toHaveCount(1);
    await expect(page.locator(`[data-testid="chat-message"][data-seq="${hitSeq + 1}"]`)).toHaveCount(1);
    await shoot(page, language, '2-hit-in-history');
    // Scrolling down pages newer messages in until the newest.
    const newest = page.locator(`[data-testid="chat-message"][data-seq="${newestSeq}"]`);
    await expect(async () => {
      await page.getByTestId('chat-scroller').evaluate((element) => {
        element.scrollTop = element.scrollHeight;
        element.dispatchEvent(new Event('scroll'));
      });
      await expect(newest).toHaveCount(1, { timeout: 1000 });
    }).toPass({ timeout: 30_000 });

    // All my rooms, from the chat list: Rooms / Messages.
    await page.goto('/#/pages/chatroom/index');
    const box = page.getByTestId('room-search').locator('input');
    await box.click();
    await page
      .getByTestId('community-search-mode')
      .getByRole('radio', { name: language === 'en' ? 'Messages' : '訊息' })
      .click();
    await box.fill('台北');
    const hits = page.getByTestId('message-search-hit');
    // The rooms of this language's round, and the earlier round's below them.
    await expect(hits).toHaveCount(language === 'en' ? 3 : 6);
    // Newest first: the coffee room's two, then the trail's.
    await expect(hits.nth(0)).toContainText('Bring your 台北 card');
    await expect(hits.nth(0)).toContainText(`Coffee ${language}`);
    await expect(hits.nth(2)).toContainText('我們在台北見');
    await shoot(page, language, '3-all-rooms-search');
    await expectAccessible(page);
    await box.fill('zebra crossing');
    await expect(page.getByTestId('message-search-empty')).toBeVisible();
    await shoot(page, language, '4-no-hits');
    await box.fill('台北');
    await hits.nth(2).click();
    await expect(page.locator(`[data-testid="chat-message"][data-seq="${hitSeq}"]`)).toBeInViewport();
  }
});

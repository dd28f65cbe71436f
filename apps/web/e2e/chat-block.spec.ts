import AxeBuilder from '@axe-core/playwright';
import { type BrowserContext, expect, type Page } from '@playwright/test';
import { API_BASE, type Language } from '@polaris/contract';
import { type Account, accountByApi, apiCall, logInAs, motionless, shotsFolder, test } from './support.ts';

// Ann blocks Bob from his message in their direct chat: Bob can no longer open or write in it (he is answered as
// for someone who does not exist), his messages in the room they share are folded for Ann, and Ann unblocks him
// from the blocked list in the Me tab's settings, after which Bob writes to her again.

const SHOTS = shotsFolder('i35-guard');

const message = (page: Page, text: string) =>
  page.getByTestId('chat-message').filter({ has: page.getByText(text, { exact: true }) });

interface Setup {
  ann: Account;
  bob: Account;
  directId: string;
  sharedId: string;
}

/** Ann and Bob, named, in a room of Ann's and in a direct chat, with a message of Bob's in each. */
async function setUp(page: Page, tag: string): Promise<Setup> {
  const ann = await accountByApi(page.request, `block-ann-${tag}`);
  const bob = await accountByApi(page.request, `block-bob-${tag}`);
  await apiCall(page.request, ann.token, '/user/personalInfo', { uname: 'Ann' });
  await apiCall(page.request, bob.token, '/user/personalInfo', { uname: 'Bob' });
  const shared = await apiCall<{ id: string }>(page.request, ann.token, '/chat/room/create', {
    name: `Night market ${tag}`,
  });
  await apiCall(page.request, bob.token, '/chat/room/join', { roomId: shared.id });
  await apiCall(page.request, bob.token, '/chat/message/send', { roomId: shared.id, text: 'Shared hello from Bob' });
  const direct = await apiCall<{ id: string }>(page.request, ann.token, '/chat/direct/open', { uid: bob.uid });
  await apiCall(page.request, bob.token, '/chat/message/send', { roomId: direct.id, text: 'Hi Ann, it is Bob' });
  return { ann, bob, directId: direct.id, sharedId: shared.id };
}

async function seriousViolations(page: Page) {
  await motionless(page);
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
}

test('Ann blocks Bob: his direct chat to her is refused, his shared messages fold, and she unblocks him from settings', async ({
  page: annPage,
  browser,
}) => {
  test.setTimeout(120_000);
  const { ann, bob, directId, sharedId } = await setUp(annPage, Date.now().toString(36));
  const bobContext: BrowserContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const bobPage = await bobContext.newPage();
  await logInAs(annPage, ann.email);
  await logInAs(bobPage, bob.email);

  // Ann blocks Bob from his message's actions in their direct chat.
  await annPage.goto(`/#/pages/chatroom/chat/index?id=${directId}`);
  await message(annPage, 'Hi Ann, it is Bob').locator('[class*="bubble"]').click({ button: 'right' });
  await annPage.getByRole('button', { name: 'Block sender' }).click();
  await expect(annPage.getByTestId('block-confirm')).toContainText('Block Bob?');
  await annPage.getByTestId('block-confirm-confirm').click();
  await expect(annPage.getByTestId('chat-peer-blocked')).toContainText('You blocked Bob');
  await expect(annPage.getByTestId('composer-input')).toHaveCount(0);

  // Bob is answered as for a user who does not exist; the conversation is gone for him.
  await bobPage.goto(`/#/example/v2/adds/messages/chat/index?uid=${ann.uid}`);
  await expect(bobPage.getByText('This user does not exist')).toBeVisible();
  await bobPage.goto(`/#/pages/chatroom/chat/index?id=${directId}`);
  await expect(bobPage.getByTestId('room-not-found')).toBeVisible();
  const refused = await bobPage.request.post(`${API_BASE}/chat/message/send`, {
    headers: { token: bob.token },
    data: { roomId: directId, text: 'Are you there?' },
  });
  expect(((await refused.json()) as { status: number }).status).toBe(404);

  // In the room they share, Bob's message is folded for Ann, and shown when she asks.
  await annPage.goto(`/#/pages/chatroom/chat/index?id=${sharedId}`);
  const folded = annPage.getByTestId('chat-folded');
  await expect(folded).toContainText('Message from someone you blocked');
  await expect(annPage.getByText('Shared hello from Bob', { exact: true })).toHaveCount(0);
  await folded.getByRole('button', { name: 'Show' }).click();
  await expect(message(annPage, 'Shared hello from Bob')).toBeVisible();

  // Ann unblocks him from the blocked list in the Me tab's settings.
  await annPage.goto('/#/pages/home/index');
  await annPage.getByTestId('me-blocked').click();
  const row = annPage.getByTestId('blocked-person');
  await expect(row).toContainText('Bob');
  expect(await seriousViolations(annPage)).toEqual([]);
  await row.getByTestId('blocked-unblock').click();
  await expect(annPage.getByTestId('blocked-empty')).toBeVisible();

  // Bob opens the chat again and writes; Ann reads it live.
  await annPage.goto(`/#/pages/chatroom/chat/index?id=${directId}`);
  await expect(annPage.getByTestId('composer-input')).toBeVisible();
  await bobPage.goto(`/#/example/v2/adds/messages/chat/index?uid=${ann.uid}`);
  await expect(bobPage).toHaveURL(new RegExp(`chatroom/chat/index\\?id=${directId}`));
  await bobPage.getByTestId('composer-input').fill('Thanks for unblocking');
  await bobPage.getByTestId('composer-send').click();
  await expect(message(annPage, 'Thanks for unblocking')).toBeVisible();
  await bobContext.close();
});

for (const language of ['en', 'zh-Hant'] as Language[]) {
  test(`blocking and reporting screens at 390 px (${language})`, async ({ page }) => {
    test.setTimeout(90_000);
    const { ann, bob, directId, sharedId } = await setUp(page, `${language.toLowerCase()}${Date.now().toString(36)}`);
    const shot = (name: string) => page.screenshot({ path: `${SHOTS}/${language}-${name}.png` });
    // Bob's message in Ann's room is reported twice (a message, a person) for the admins' queue.
    const spam = (
      await apiCall<{ message: { seq: number } }>(page.request, bob.token, '/chat/message/send', {
        roomId: sharedId,
        text: 'Cheap USDT, DM me now',
      })
    ).message;
    const carol = await accountByApi(page.request, `block-carol-${language.toLowerCase()}`);
    await apiCall(page.request, carol.token, '/chat/room/join', { roomId: sharedId });
    await apiCall(page.request, carol.token, '/chat/report', {
      roomId: sharedId,
      seq: spam.seq,
      reason: 'scam',
      note: 'Asks for money in private',
    });
    await apiCall(page.request, carol.token, '/chat/report', { roomId: sharedId, uid: bob.uid, reason: 'harassment' });

    await logInAs(page, ann.email, language);
    await page.goto(`/#/pages/chatroom/chat/index?id=${sharedId}`);
    await message(page, 'Cheap USDT, DM me now').locator('[class*="bubble"]').click({ button: 'right' });
    await expect(page.getByTestId('chat-actions')).toBeVisible();
    await shot('message-actions');
    await page
      .getByTestId('chat-actions')
      .getByRole('button', { name: language === 'en' ? 'Report' : '檢舉', exact: true })
      .click();
    await expect(page.getByTestId('report-sheet')).toBeVisible();
    await page.getByTestId('report-reason-spam').click();
    await shot('report-sheet');
    await page.getByTestId('report-submit').click();
    await expect(page.getByTestId('report-sheet')).toBeHidden();
    const thanks = page
      .locator('.adm-toast-main')
      .getByText(language === 'en' ? 'Report sent. Thank you.' : '已送出檢舉，謝謝你。');
    await expect(thanks).toBeVisible();
    await expect(thanks).toBeHidden();

    await page.goto(`/#/pages/chatroom/setting/index?id=${sharedId}`);
    await page.getByTestId('room-link-reports').click();
    await expect(page.getByTestId('report-item')).toHaveCount(3);
    expect(await seriousViolations(page)).toEqual([]);
    await shot('reports-queue');
    // Deleting the message closes both reports of it (Carol's and Ann's own); the report of the person stays.
    await page.getByTestId('report-item').first().getByTestId('report-delete').click();
    await expect(page.getByTestId('report-item')).toHaveCount(1);

    // The room's automatic moderation, on its settings screen.
    await page.goto(`/#/pages/chatroom/setting/index?id=${sharedId}`);
    await page.locator('#room-blocked-words').fill('scam\npump');
    await page.getByTestId('room-link-hours-24').click();
    await page.getByTestId('room-rules-save').click();
    const rules = async () => {
      const response = await page.request.get(`${API_BASE}/chat/room/rules`, {
        headers: { token: ann.token },
        params: { roomId: sharedId },
      });
      return ((await response.json()) as { attachment: unknown }).attachment;
    };
    await expect.poll(rules).toEqual({ blockedWords: ['scam', 'pump'], linkMinHours: 24, holdFirstLinks: false });
    await page.getByTestId('room-rules').scrollIntoViewIfNeeded();
    await shot('room-rules');

    // Blocked through the API: the page is loaded afresh so the app asks for the list again.
    await apiCall(page.request, ann.token, '/chat/block', { uid: bob.uid });
    await page.goto(`/#/pages/chatroom/chat/index?id=${sharedId}`);
    await page.reload();
    await expect(page.getByTestId('chat-folded').first()).toBeVisible();
    await shot('folded');
    await page.goto(`/#/pages/chatroom/chat/index?id=${directId}`);
    await expect(page.getByTestId('chat-peer-blocked')).toBeVisible();
    await shot('peer-blocked');
    await page.goto('/#/pages/my/blocked/index');
    await expect(page.getByTestId('blocked-person')).toHaveCount(1);
    await shot('blocked-list');
  });
}
